package access_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/iconlib/iconlib/edge/access"
	"github.com/iconlib/iconlib/edge/internal/ratelimit"
	"github.com/iconlib/iconlib/internal/redistest"
)

var surfaces = []string{"/api/v1/icons", "/mcp", "/mcp/docs", "/a2a"}

// limitStores are the limiter stores the quota tests run against: this process's memory, and Redis (a
// redis-server of the test's own). Redis gets a long timeout: a call that timed out would be counted
// locally (TestStoreFailureCountsLocally), and under -race on a busy machine a dial can take 100 ms.
var limitStores = []struct {
	name string
	use  func(testing.TB) func(*access.Config)
}{
	{"memory", func(testing.TB) func(*access.Config) { return func(*access.Config) {} }},
	{"redis", func(t testing.TB) func(*access.Config) {
		url := redistest.Start(t).URL()
		return func(c *access.Config) { c.LimitsStore, c.LimitsStoreTimeout = url, 10*time.Second }
	}},
}

// forEachStore runs test once per limiter store, as a subtest.
func forEachStore(t *testing.T, test func(t *testing.T, store func(*access.Config))) {
	for _, st := range limitStores {
		t.Run(st.name, func(t *testing.T) { test(t, st.use(t)) })
	}
}

func TestAnonymousQuotaIsSharedAcrossSurfaces(t *testing.T) {
	forEachStore(t, testAnonymousQuotaIsSharedAcrossSurfaces)
}

func testAnonymousQuotaIsSharedAcrossSurfaces(t *testing.T, store func(*access.Config)) {
	e := newEnv(t, store)
	for i := range 120 {
		res, _ := e.get(surfaces[i%len(surfaces)], "")
		if want := fmt.Sprintf(`"anonymous";r=%d;t=60`, 119-i); res.StatusCode != http.StatusOK ||
			res.Header.Get("RateLimit") != want || res.Header.Get("RateLimit-Policy") != `"anonymous";q=120;w=60` {
			t.Fatalf("request %d: %d %s", i+1, res.StatusCode, res.Header.Get("RateLimit"))
		}
	}
	e.clock.Advance(15 * time.Second)
	for _, path := range surfaces {
		res, body := e.get(path, "")
		if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") != "45" ||
			res.Header.Get("RateLimit") != `"anonymous";r=0;t=45` {
			t.Fatalf("%s past the quota: %d %v", path, res.StatusCode, res.Header)
		}
		if path == "/api/v1/icons" {
			if code := restCode(t, body); code != "rate_limited" {
				t.Errorf("REST body %s", body)
			}
		} else if code, name := rpcCode(t, body); code != -32029 || name != "rate_limited" {
			t.Errorf("%s body %s", path, body)
		}
	}
	// Static files are not counted, but carry the caller's policy, as every response does.
	if res, _ := e.get("/catalog.json", ""); res.StatusCode != http.StatusOK || policy(res) != "anonymous" || res.Header.Get("RateLimit") != "" {
		t.Errorf("static file: %d %v", res.StatusCode, res.Header)
	}
	if res, _ := e.get("/catalog.json", e.token()); res.StatusCode != http.StatusOK || policy(res) != "agent" || res.Header.Get("RateLimit") != "" {
		t.Errorf("static file with a token: %d %v", res.StatusCode, res.Header)
	}
	if res, _ := e.get("/nowhere", ""); res.StatusCode != http.StatusNotFound || policy(res) != "anonymous" {
		t.Errorf("404: %d %v", res.StatusCode, res.Header)
	}
	if res, _ := e.get("/mcp", e.token()); res.StatusCode != http.StatusOK || policy(res) != "agent" {
		t.Errorf("a token is its own quota: %d", res.StatusCode)
	}
	e.clock.Advance(45 * time.Second)
	if res, _ := e.get("/a2a", ""); res.StatusCode != http.StatusOK {
		t.Errorf("next window: %d", res.StatusCode)
	}
}

// TestEveryCallOfABatchCounts (issue 51): a request of several calls (a JSON-RPC batch) counts each against
// the quota, in either store: six batches of 20 spend 120; a batch that does not fit what is left is
// refused whole and counts nothing, so a smaller one still fits.
func TestEveryCallOfABatchCounts(t *testing.T) {
	forEachStore(t, func(t *testing.T, store func(*access.Config)) {
		e := newEnv(t, store)
		send := func(calls int) *http.Response {
			res, _ := e.do(http.MethodPost, "/batch", map[string]string{"X-Calls": strconv.Itoa(calls)}, "")
			return res
		}
		for i := range 5 {
			if res := send(20); res.StatusCode != http.StatusOK || res.Header.Get("RateLimit") != fmt.Sprintf(`"anonymous";r=%d;t=60`, 100-20*i) {
				t.Fatalf("batch %d: %d %s", i+1, res.StatusCode, res.Header.Get("RateLimit"))
			}
		}
		if res := send(30); res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" {
			t.Fatalf("30 calls with 20 left: %d; want 429 with Retry-After", res.StatusCode)
		}
		if res := send(20); res.StatusCode != http.StatusOK {
			t.Fatalf("20 calls with 20 left, after a refused batch: %d", res.StatusCode)
		}
		if res := send(1); res.StatusCode != http.StatusTooManyRequests {
			t.Fatalf("past 120 calls: %d", res.StatusCode)
		}
	})
}

// TestJSONRPCRefusalsAnswerTheRequestID: the limiter's 401 and 429 on the MCP servers and the A2A agent
// carry the id of the request they refuse, when its body names one; null otherwise (a batch, not JSON).
func TestJSONRPCRefusalsAnswerTheRequestID(t *testing.T) {
	e := newEnv(t)
	call := func(path, token, body string) (*http.Response, any) {
		t.Helper()
		h := map[string]string{"Content-Type": "application/json"}
		if token != "" {
			h["Authorization"] = "Bearer " + token
		}
		res, b := e.do(http.MethodPost, path, h, body)
		var out struct {
			JSONRPC string
			ID      any
			Error   struct{ Code int }
		}
		decode(t, b, &out)
		if out.JSONRPC != "2.0" || out.Error.Code == 0 {
			t.Fatalf("%s: not a JSON-RPC error: %s", path, b)
		}
		return res, out.ID
	}
	expired := e.token()
	e.clock.Advance(2 * time.Hour)
	if res, id := call("/a2a", expired, `{"jsonrpc":"2.0","id":5,"method":"SendMessage","params":{}}`); res.StatusCode != http.StatusUnauthorized || id != 5.0 {
		t.Errorf("401: %d with id %v; want 5", res.StatusCode, id)
	}
	for range 120 {
		e.get("/mcp", "")
	}
	for _, tc := range []struct {
		body string
		id   any
	}{
		{`{"jsonrpc":"2.0","id":42,"method":"ping"}`, 42.0},
		{`{"jsonrpc":"2.0","id":"call-7","method":"tools/list"}`, "call-7"},
		{`{"jsonrpc":"2.0","method":"notifications/initialized"}`, nil},
		{`[{"jsonrpc":"2.0","id":1,"method":"ping"}]`, nil},
		{`{"jsonrpc":"2.0","id":{"x":1},"method":"ping"}`, nil},
		{`{"jsonrpc":`, nil},
	} {
		for _, path := range []string{"/mcp", "/a2a"} {
			if res, id := call(path, "", tc.body); res.StatusCode != http.StatusTooManyRequests || id != tc.id {
				t.Errorf("%s %s: %d with id %v; want 429 with id %v", path, tc.body, res.StatusCode, id, tc.id)
			}
		}
	}
}

// TestAgentQuotaIsPerRegistration: two access tokens of one registration share its quota; another
// registration, and anonymous requests from the same address, have their own.
func TestAgentQuotaIsPerRegistration(t *testing.T) {
	forEachStore(t, testAgentQuotaIsPerRegistration)
}

func testAgentQuotaIsPerRegistration(t *testing.T, store func(*access.Config)) {
	e := newEnv(t, store)
	reg := e.register()
	first := e.exchange(reg.IdentityAssertion).AccessToken
	e.clock.Advance(time.Second) // a token issued a second later differs
	second := e.exchange(reg.IdentityAssertion).AccessToken
	if first == second {
		t.Fatal("the two exchanges gave the same token")
	}
	for i := range 600 {
		tok := []string{first, second}[i%2]
		if res, _ := e.get(surfaces[i%len(surfaces)], tok); res.StatusCode != http.StatusOK {
			t.Fatalf("request %d: %d", i+1, res.StatusCode)
		}
	}
	for _, tok := range []string{first, second} {
		res, body := e.get("/api/v1/icons", tok)
		if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" ||
			res.Header.Get("RateLimit") != `"agent";r=0;t=60` || restCode(t, body) != "rate_limited" {
			t.Fatalf("601st: %d %v %s", res.StatusCode, res.Header, body)
		}
	}
	if res, _ := e.get("/mcp", e.token()); res.StatusCode != http.StatusOK {
		t.Errorf("another registration: %d", res.StatusCode)
	}
	if res, _ := e.get("/api/v1/icons", ""); res.StatusCode != http.StatusOK {
		t.Errorf("anonymous requests from the same address: %d", res.StatusCode)
	}
}

func TestRegistrationAndTokenQuota(t *testing.T) {
	e := newEnv(t)
	reg := e.register()
	for range 4 {
		e.register()
	}
	for range 5 {
		e.exchange(reg.IdentityAssertion)
	}
	for _, req := range []func() (*http.Response, string){
		func() (*http.Response, string) { return e.postJSON("/agent/identity", `{"type":"anonymous"}`) },
		func() (*http.Response, string) {
			return e.postForm("/oauth2/token", url.Values{"grant_type": {jwtBearer}, "assertion": {reg.IdentityAssertion}})
		},
	} {
		res, body := req()
		if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") != "60" ||
			res.Header.Get("Cache-Control") != "no-store" || oauthError(t, body) != "rate_limited" {
			t.Errorf("11th: %d %v %s", res.StatusCode, res.Header, body)
		}
	}
	if res, _ := e.get("/api/v1/icons", ""); res.StatusCode != http.StatusOK {
		t.Errorf("the API keeps its own quota: %d", res.StatusCode)
	}
}

func TestConcurrentClientsNeverExceedTheQuota(t *testing.T) {
	forEachStore(t, testConcurrentClientsNeverExceedTheQuota)
}

func testConcurrentClientsNeverExceedTheQuota(t *testing.T, store func(*access.Config)) {
	e := newEnv(t, store)
	tok := e.token()
	for _, tc := range []struct {
		token string
		quota int64
	}{{"", 120}, {tok, 600}} {
		var admitted, refused atomic.Int64
		var wg sync.WaitGroup
		for c := range 64 {
			wg.Go(func() {
				for i := range 12 {
					res, _ := e.get(surfaces[(c+i)%len(surfaces)], tc.token)
					switch res.StatusCode {
					case http.StatusOK:
						admitted.Add(1)
					case http.StatusTooManyRequests:
						refused.Add(1)
					default:
						t.Errorf("status %d", res.StatusCode)
					}
				}
			})
		}
		wg.Wait()
		if admitted.Load() != tc.quota || refused.Load() != 64*12-tc.quota {
			t.Errorf("token %v: admitted %d, refused %d; want exactly %d admitted", tc.token != "", admitted.Load(), refused.Load(), tc.quota)
		}
	}
}

func TestForwardedForOnlyFromTrustedProxies(t *testing.T) {
	spoof := func(e *env, n int) int { // registrations each from a different claimed address; how many pass
		ok := 0
		for i := range n {
			res, _ := e.do(http.MethodPost, "/agent/identity", map[string]string{
				"Content-Type": "application/json", "X-Forwarded-For": "203.0.113." + strconv.Itoa(i),
			}, `{"type":"anonymous"}`)
			if res.StatusCode == http.StatusOK {
				ok++
			}
		}
		return ok
	}
	if got := spoof(newEnv(t), 20); got != 10 {
		t.Errorf("untrusted peer: %d of 20 admitted; X-Forwarded-For must be ignored", got)
	}
	trusted := newEnv(t, func(c *access.Config) { c.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")} })
	if got := spoof(trusted, 20); got != 20 {
		t.Errorf("trusted proxy: %d of 20 admitted; each forwarded client has its own quota", got)
	}
}

func TestLimitsOff(t *testing.T) {
	e := newEnv(t, func(c *access.Config) { c.Limits.Off = true })
	for range 15 {
		if res, _ := e.postJSON("/agent/identity", `{"type":"anonymous"}`); res.StatusCode != http.StatusOK || res.Header.Get("RateLimit-Policy") != "" {
			t.Fatalf("register: %d %v", res.StatusCode, res.Header)
		}
	}
	for range 130 {
		if res, _ := e.get("/mcp", ""); res.StatusCode != http.StatusOK || res.Header.Get("RateLimit") != "" {
			t.Fatalf("mcp: %d %v", res.StatusCode, res.Header)
		}
	}
	tok := e.token()
	e.clock.Advance(2 * time.Hour)
	if res, _ := e.get("/api/v1/icons", tok); res.StatusCode != http.StatusUnauthorized {
		t.Errorf("tokens are still checked: %d", res.StatusCode)
	}
}

// failingStore stands for a shared store that is down.
type failingStore struct{}

func (failingStore) Take(context.Context, string, int, int, time.Duration, time.Time) (ratelimit.Decision, error) {
	return ratelimit.Decision{}, errors.New("connection refused")
}

// TestStoreFailureCountsLocally: with the shared store down, the quota still holds, counted in memory.
func TestStoreFailureCountsLocally(t *testing.T) {
	e := newEnv(t, func(c *access.Config) { c.Store = failingStore{} })
	for i := range 120 {
		if res, _ := e.get(surfaces[i%len(surfaces)], ""); res.StatusCode != http.StatusOK ||
			res.Header.Get("RateLimit") != fmt.Sprintf(`"anonymous";r=%d;t=60`, 119-i) {
			t.Fatalf("request %d: %d %v", i+1, res.StatusCode, res.Header)
		}
	}
	if res, _ := e.get("/api/v1/icons", ""); res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") != "60" {
		t.Errorf("121st: %d %v", res.StatusCode, res.Header)
	}
}

func TestInvalidLimitsAreRefused(t *testing.T) {
	cfg := testConfig(t.TempDir() + "/k.pem")
	cfg.Limits.Agent = ratelimit.Policy{Name: "agent", Quota: 600, Window: 1500 * time.Millisecond}
	if _, err := access.New(cfg); err == nil {
		t.Error("accepted a window of 1.5 s")
	}
	cfg = testConfig(t.TempDir() + "/k.pem")
	cfg.Limits.Auth = ratelimit.Policy{Name: "anonymous", Quota: 10, Window: time.Minute}
	if _, err := access.New(cfg); err == nil {
		t.Error("accepted two policies sharing a name, and so their counters")
	}
}
