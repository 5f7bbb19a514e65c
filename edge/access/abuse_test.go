package access_test

import (
	"bytes"
	"fmt"
	"log/slog"
	"net/http"
	"net/netip"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/iconlib/iconlib/edge/access"
	"github.com/iconlib/iconlib/edge/internal/ratelimit"
)

// The abuse half of the attack suite: floods that stay within what a token or an address may do one at a
// time, but add up (issue 19).

// behindProxy lets the test name each request's client address in X-Forwarded-For.
func behindProxy(c *access.Config) {
	c.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}
}

func perMinute(name string, quota int) ratelimit.Policy {
	return ratelimit.Policy{Name: name, Quota: quota, Window: time.Minute}
}

// from calls a limited surface as the client at addr.
func (e *env) from(addr, path, token string) (*http.Response, string) {
	e.t.Helper()
	h := map[string]string{"X-Forwarded-For": addr}
	if token != "" {
		h["Authorization"] = "Bearer " + token
	}
	return e.do(http.MethodGet, path, h, "")
}

// syncBuffer is a log destination tests read while the server writes.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}
func (b *syncBuffer) String() string { b.mu.Lock(); defer b.mu.Unlock(); return b.buf.String() }

// TestCeilingsAreFarAboveOneClient: the ceilings default to four times the policy a single client has, so
// an agent within its 600 a minute, or one IPv6 /64 within its 120, never meets them.
func TestCeilingsAreFarAboveOneClient(t *testing.T) {
	d := access.DefaultLimits()
	if d.Anonymous.Quota != 120 || d.Agent.Quota != 600 || d.Auth.Quota != 10 {
		t.Errorf("the contract's numbers changed: %+v", d)
	}
	if d.AgentPerIP.Quota != 4*d.Agent.Quota || d.AgentPerIP.Window != d.Agent.Window ||
		d.AnonymousPerNet.Quota != 4*d.Anonymous.Quota || d.AnonymousPerNet.Window != d.Anonymous.Window {
		t.Errorf("ceilings %+v, %+v", d.AgentPerIP, d.AnonymousPerNet)
	}
}

// TestForgedTokensAreCountedBeforeTheyAreChecked (issue 19, item 5): a request bearing a token that names
// this service counts against its address's agent-ip ceiling before the signature is checked, so once the
// ceiling is spent, forged tokens are refused without a signature check: with the key file gone, a check
// would log that the key is unavailable, and none does.
func TestForgedTokensAreCountedBeforeTheyAreChecked(t *testing.T) {
	log := &syncBuffer{}
	e := newEnv(t, behindProxy, func(c *access.Config) {
		c.Limits.AgentPerIP = perMinute("agent-ip", 5)
		c.Logger = slog.New(slog.NewTextHandler(log, nil))
	})
	tok := e.token()
	forged := tok[:len(tok)-8] + "AAAAAAAA"
	for i := range 5 {
		if res, body := e.from("192.0.2.1", "/api/v1/icons", forged); res.StatusCode != http.StatusUnauthorized {
			t.Fatalf("forged token %d: %d %s", i+1, res.StatusCode, body)
		}
	}
	if err := os.Remove(e.keyFile); err != nil {
		t.Fatal(err)
	}
	before := log.String()
	for _, tok := range []string{forged, tok} {
		res, body := e.from("192.0.2.1", "/api/v1/icons", tok)
		if res.StatusCode != http.StatusTooManyRequests || policy(res) != "agent-ip" ||
			res.Header.Get("Retry-After") != "60" || restCode(t, body) != "rate_limited" {
			t.Errorf("past the ceiling: %d %v %s", res.StatusCode, res.Header, body)
		}
	}
	if after := log.String(); after != before {
		t.Errorf("a request past the ceiling reached the signature check:\n%s", strings.TrimPrefix(after, before))
	}
	if res, _ := e.from("192.0.2.1", "/api/v1/icons", ""); res.StatusCode != http.StatusOK || policy(res) != "anonymous" {
		t.Errorf("anonymous requests from the address go on: %d", res.StatusCode)
	}
}

// TestAgentCeilingPerIP (issue 19, item 8): registrations from one address share the agent-ip ceiling,
// whatever their own quotas say; another address has its own; requests within it carry only the agent
// policy's headers.
func TestAgentCeilingPerIP(t *testing.T) {
	e := newEnv(t, behindProxy, func(c *access.Config) {
		c.Limits.AgentPerIP = perMinute("agent-ip", 12)
		c.Limits.Auth = perMinute("auth", 100)
	})
	var tokens []string
	for range 4 {
		tokens = append(tokens, e.token())
	}
	for i := range 12 {
		res, _ := e.from("2001:db8:1:2::7", surfaces[i%len(surfaces)], tokens[i%len(tokens)])
		if res.StatusCode != http.StatusOK || res.Header.Get("RateLimit-Policy") != `"agent";q=600;w=60` {
			t.Fatalf("request %d: %d %v", i+1, res.StatusCode, res.Header)
		}
	}
	for _, tok := range tokens {
		res, body := e.from("2001:db8:1:2::8", "/mcp", tok) // the same /64
		if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("RateLimit-Policy") != `"agent-ip";q=12;w=60` {
			t.Fatalf("past the ceiling: %d %v", res.StatusCode, res.Header)
		}
		if code, name := rpcCode(t, body); code != -32029 || name != "rate_limited" {
			t.Errorf("JSON-RPC body %s", body)
		}
	}
	if res, _ := e.from("2001:db8:1:3::7", "/a2a", tokens[0]); res.StatusCode != http.StatusOK {
		t.Errorf("another address: %d", res.StatusCode)
	}
	e.clock.Advance(time.Minute)
	if res, _ := e.from("2001:db8:1:2::7", "/a2a", tokens[0]); res.StatusCode != http.StatusOK {
		t.Errorf("next window: %d", res.StatusCode)
	}
}

// TestAnonymousCeilingPerIPv6Net (issue 19, item 8): an IPv6 client rotating across the /64s of one /48
// gets the anonymous-48 ceiling in all, not 120 per /64; another /48, and IPv4 clients, are not affected.
func TestAnonymousCeilingPerIPv6Net(t *testing.T) {
	forEachStore(t, func(t *testing.T, store func(*access.Config)) {
		e := newEnv(t, store, behindProxy, func(c *access.Config) { c.Limits.AnonymousPerNet = perMinute("anonymous-48", 20) })
		admitted := 0
		for i := range 30 {
			res, body := e.from(fmt.Sprintf("2001:db8:7:%x::1", i), surfaces[i%len(surfaces)], "")
			switch res.StatusCode {
			case http.StatusOK:
				admitted++
				if policy(res) != "anonymous" {
					t.Errorf("admitted with policy %q", policy(res))
				}
			case http.StatusTooManyRequests:
				if policy(res) != "anonymous-48" || res.Header.Get("Retry-After") == "" {
					t.Errorf("refused: %v %s", res.Header, body)
				}
			default:
				t.Fatalf("status %d %s", res.StatusCode, body)
			}
		}
		if admitted != 20 {
			t.Errorf("%d of 30 admitted across the /64s of one /48; want 20", admitted)
		}
		for _, addr := range []string{"2001:db8:8::1", "192.0.2.1", "192.0.2.2"} {
			if res, _ := e.from(addr, "/api/v1/icons", ""); res.StatusCode != http.StatusOK {
				t.Errorf("%s: %d", addr, res.StatusCode)
			}
		}
	})
}

// TestOversizedOwnTokenIsRejected (issue 19, item 3): a real access token with 4,000 characters appended is
// still this service's token: 401, not an anonymous request.
func TestOversizedOwnTokenIsRejected(t *testing.T) {
	e := newEnv(t)
	tok := e.token()
	for _, pad := range []int{3400, 4000, 9000} {
		res, body := e.get("/api/v1/icons", tok+strings.Repeat("A", pad))
		if res.StatusCode != http.StatusUnauthorized || restCode(t, body) != "invalid_token" {
			t.Errorf("%d appended: %d %s, policy %q", pad, res.StatusCode, body, policy(res))
		}
	}
}
