package edge_test

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/iconlib/iconlib/build"
	"github.com/iconlib/iconlib/edge"
	"github.com/iconlib/iconlib/edge/access"
	"github.com/iconlib/iconlib/internal/contract"
)

// The edge's half of the attack suite (issue 19): what the audit found through the whole edge. The
// credential and limiter attacks are in edge/access.

// abuseEdge is the fixture library behind the edge with a stopped clock the test moves and a log it reads.
type abuseEdge struct {
	h   http.Handler
	log *lockedBuffer
	mu  sync.Mutex
	now time.Time
}

// lockedBuffer is a bytes.Buffer that one goroutine (a logger, a process) writes while the test reads it.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

// String is what has been written so far.
func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

// len is how many bytes have been logged.
func (b *lockedBuffer) len() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Len()
}

// lines are the log lines with msg.
func (b *lockedBuffer) lines(msg string) []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	var out []string
	for _, l := range strings.Split(b.buf.String(), "\n") {
		if strings.Contains(l, "msg="+msg+" ") || strings.Contains(l, `msg="`+msg+`"`) {
			out = append(out, l)
		}
	}
	return out
}

func newAbuseEdge(t *testing.T) *abuseEdge {
	t.Helper()
	out := t.TempDir()
	if _, err := build.Run(context.Background(), build.Options{ContentDir: "../build/testdata/content", OutDir: out, BaseURL: contract.MustParseBaseURL(base)}); err != nil {
		t.Fatal(err)
	}
	e := &abuseEdge{log: &lockedBuffer{}, now: time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)}
	h, err := edge.New(edge.Config{Version: "test", PublicDir: out, AnswerCacheMB: 8, Logger: slog.New(slog.NewTextHandler(e.log, nil)),
		Access: access.Settings{KeyFile: filepath.Join(t.TempDir(), "key.pem"), Clock: e.clock, Limits: access.DefaultLimits()}})
	if err != nil {
		t.Fatal(err)
	}
	e.h = h
	return e
}

func (e *abuseEdge) clock() time.Time        { e.mu.Lock(); defer e.mu.Unlock(); return e.now }
func (e *abuseEdge) advance(d time.Duration) { e.mu.Lock(); e.now = e.now.Add(d); e.mu.Unlock() }

// get sends GET target (a raw request target, unescaped as a client may send it) from one client address.
func (e *abuseEdge) get(target string, header ...string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodGet, target, nil)
	req.RemoteAddr = "192.0.2.7:1234"
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	w := httptest.NewRecorder()
	e.h.ServeHTTP(w, req)
	return w
}

// spend uses up what is left of the client's anonymous quota on the API.
func (e *abuseEdge) spend(t *testing.T) {
	t.Helper()
	for range 121 {
		if w := e.get("/api/v1/categories"); w.Code == http.StatusTooManyRequests {
			return
		}
	}
	t.Fatal("121 requests and no 429")
}

// token registers and exchanges through the edge: a valid access token.
func (e *abuseEdge) token(t *testing.T) string {
	t.Helper()
	post := func(path, contentType, body string) map[string]any {
		req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(body))
		req.Header.Set("Content-Type", contentType)
		w := httptest.NewRecorder()
		e.h.ServeHTTP(w, req)
		var m map[string]any
		if w.Code != http.StatusOK || json.Unmarshal(w.Body.Bytes(), &m) != nil {
			t.Fatalf("POST %s: %d %s", path, w.Code, w.Body)
		}
		return m
	}
	reg := post("/agent/identity", "application/json", `{"type":"anonymous"}`)
	form := url.Values{"grant_type": {"urn:ietf:params:oauth:grant-type:jwt-bearer"}, "assertion": {reg["identity_assertion"].(string)}}
	return post("/oauth2/token", "application/x-www-form-urlencoded", form.Encode())["access_token"].(string)
}

// TestHomeSearchIsMetered (issue 19, item 1): a search on the home page counts against the anonymous
// quota jointly with the API, cached or not, with or without a token; the plain home page is never counted.
func TestHomeSearchIsMetered(t *testing.T) {
	e := newAbuseEdge(t)
	for i := range 60 {
		w := e.get("/?q=arrow") // the same search: answered from the cache after the first
		if w.Code != http.StatusOK || w.Header().Get("RateLimit-Policy") != `"anonymous";q=120;w=60` {
			t.Fatalf("home search %d: %d %v", i+1, w.Code, w.Header())
		}
	}
	for i := range 60 {
		if w := e.get("/api/v1/icons?q=arrow"); w.Code != http.StatusOK {
			t.Fatalf("API search %d: %d", i+1, w.Code)
		}
	}
	for _, target := range []string{"/?q=arrow", "/?q=download+2", "/?category=arrows&q=left", "/?%71=arrow", "/api/v1/icons?q=x"} {
		w := e.get(target, "Authorization", "Bearer not-ours")
		if w.Code != http.StatusTooManyRequests || w.Header().Get("Retry-After") == "" || !strings.Contains(w.Body.String(), `"rate_limited"`) {
			t.Errorf("%s past the quota: %d %s", target, w.Code, w.Body)
		}
	}
	for _, target := range []string{"/", "/?utm_source=x", "/catalog.json"} {
		if w := e.get(target); w.Code != http.StatusOK || w.Header().Get("RateLimit") != "" {
			t.Errorf("%s: %d %v; the plain page is not metered", target, w.Code, w.Header())
		}
	}
	// A person's 404 page suggests icons, a search: it is metered too.
	if w := e.get("/icons/trahs/", "Accept", "text/html"); w.Code != http.StatusTooManyRequests {
		t.Errorf("a 404 page with suggestions past the quota: %d", w.Code)
	}
}

// links are the URIs and parameters of a response's Link headers, split as a client would.
func links(h http.Header) []string {
	var out []string
	for _, v := range h.Values("Link") {
		out = append(out, strings.Split(v, ",")...)
	}
	return out
}

// TestDeprecatedLinkCannotBeInjected (issue 19, item 2): the successor link of a deprecated path is built
// from the parsed, re-encoded path and query; what a client writes never ends the URI or adds a link.
func TestDeprecatedLinkCannotBeInjected(t *testing.T) {
	e := newAbuseEdge(t)
	for target, want := range map[string]string{
		// Go's query parser drops a pair with a semicolon (and the API answers 400 for the query).
		`/api/icons?q=x>;rel="preload";as="script",<https://evil.example/x.js`: base + "/api/v1/icons",
		`/api/icons?q=x>,<https://evil.example/x.js>&limit="5"`:                base + "/api/v1/icons?limit=%225%22&q=x%3E%2C%3Chttps%3A%2F%2Fevil.example%2Fx.js%3E",
		"/api/icons/a%3E;rel=preload,%3Chttps:%2F%2Fevil.example%3E":           base + "/api/v1/icons/a%3E%3Brel=preload%2C%3Chttps://evil.example%3E",
		"/api/icons?q=left+arrow&limit=5":                                      base + "/api/v1/icons?limit=5&q=left+arrow",
		"/api/categories":                                                      base + "/api/v1/categories",
	} {
		w := e.get(target)
		got := links(w.Header())
		if len(got) != 2 || got[0] != "<"+want+`>; rel="successor-version"` || strings.Contains(w.Header().Get("Link"), "evil.example/") {
			t.Errorf("%s: Link %q\nwant <%s>", target, w.Header().Values("Link"), want)
		}
		if _, err := url.Parse(strings.TrimSuffix(strings.TrimPrefix(strings.Split(got[0], ";")[0], "<"), ">")); err != nil {
			t.Errorf("%s: successor is not a URL: %v", target, err)
		}
	}
}

// TestDeprecatedHeadersOnRefusals (issue 19, item 4): the deprecated /api/ paths say so on the limiter's
// 401 and 429 too, not only on answers that reach the handler.
func TestDeprecatedHeadersOnRefusals(t *testing.T) {
	e := newAbuseEdge(t)
	tok := e.token(t)
	forged := tok[:len(tok)-8] + "AAAAAAAA"
	check := func(name string, w *httptest.ResponseRecorder, status int) {
		t.Helper()
		if w.Code != status || w.Header().Get("Deprecation") != "@1791244800" ||
			w.Header().Get("Sunset") != "Tue, 06 Apr 2027 00:00:00 GMT" || len(links(w.Header())) != 2 {
			t.Errorf("%s: %d %v", name, w.Code, w.Header())
		}
	}
	check("invalid token", e.get("/api/icons/arrow-left", "Authorization", "Bearer "+forged), http.StatusUnauthorized)
	e.spend(t)
	check("rate limited", e.get("/api/categories"), http.StatusTooManyRequests)
	if w := e.get("/api/v1/categories"); w.Code != http.StatusTooManyRequests || w.Header().Get("Deprecation") != "" {
		t.Errorf("v1 is not deprecated: %d %v", w.Code, w.Header())
	}
}

// TestRefusalsAreLoggedSampled (issue 19, item 6; issue 51): a client answered only with 429s or 404s costs
// one log line per route, status and interval, which counts the refusals left out; other answers are logged
// one line each.
func TestRefusalsAreLoggedSampled(t *testing.T) {
	e := newAbuseEdge(t)
	e.spend(t)
	if n := len(e.log.lines("request")); n != 120 {
		t.Errorf("%d request lines for 120 answers", n)
	}
	if n := len(e.log.lines("request refused")); n != 1 {
		t.Errorf("%d lines for the first refusal", n)
	}
	for range 500 {
		e.get("/api/v1/icons?q=x")
		e.get("/mcp")
	}
	refused := e.log.lines("request refused")
	if len(refused) != 3 || !strings.Contains(refused[0], "refusals_unlogged=0") {
		t.Fatalf("%d lines for 1,000 refusals on two routes:\n%s", len(refused), strings.Join(refused, "\n"))
	}
	e.advance(10 * time.Second)
	e.get("/api/v1/icons?q=x")
	refused = e.log.lines("request refused")
	if len(refused) != 4 || !strings.Contains(refused[3], "refusals_unlogged=499") || !strings.Contains(refused[2], "status=429") {
		t.Errorf("after the interval: %s", strings.Join(refused, "\n"))
	}
	for range 3 {
		e.get("/no/such/file")
	}
	if n := len(e.log.lines("request")); n != 120 {
		t.Errorf("%d request lines; every answer that is not a refusal has its own", n)
	}
	if refused = e.log.lines("request refused"); len(refused) != 5 || !strings.Contains(refused[4], "status=404") {
		t.Errorf("three 404s of one route: %s; want one line for them", strings.Join(refused, "\n"))
	}
}

// TestNoRequestWritesMoreThan4KBOfLog (issue 51): whatever a client puts into a method, a tool name, a
// resource URI, an A2A id or skill, or a path, one request writes at most 4 KB of log (every string a
// record holds is clipped, saying how long it was).
func TestNoRequestWritesMoreThan4KBOfLog(t *testing.T) {
	e := newAbuseEdge(t)
	huge := strings.Repeat("m", 1_000_000)
	long := strings.Repeat("i", 20_000)
	mcpCall := func(method, params string) string {
		return `{"jsonrpc":"2.0","id":1,"method":"` + method + `","params":` + params + `}`
	}
	a2aCall := `{"jsonrpc":"2.0","id":"` + long + `","method":"SendMessage","params":{"message":{"messageId":"` + long +
		`","taskId":"` + long + `","contextId":"` + long + `","role":"ROLE_USER","parts":[{"data":{"skill":"` + long + `"}}]}}}`
	for name, req := range map[string]*http.Request{
		"an MCP method of a megabyte": httptest.NewRequest(http.MethodPost, "/mcp", strings.NewReader(mcpCall(huge, "{}"))),
		"an MCP tool name of a megabyte": httptest.NewRequest(http.MethodPost, "/mcp",
			strings.NewReader(mcpCall("tools/call", `{"name":"`+huge+`","arguments":{}}`))),
		"an MCP resource URI of a megabyte": httptest.NewRequest(http.MethodPost, "/mcp/docs",
			strings.NewReader(mcpCall("resources/read", `{"uri":"`+huge+`"}`))),
		"A2A ids and skill of 20,000 characters": httptest.NewRequest(http.MethodPost, "/a2a", strings.NewReader(a2aCall)),
		"a path of 15,000 characters":            httptest.NewRequest(http.MethodGet, "/"+strings.Repeat("p", 15_000), nil),
		"a parameter name of 3,000 characters":   httptest.NewRequest(http.MethodGet, "/api/v1/icons?"+strings.Repeat("x", 3000)+"=1", nil),
	} {
		req.RemoteAddr, req.Host = "192.0.2.9:1234", "localhost" // a Host the MCP servers take
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("MCP-Protocol-Version", "2025-06-18")
		before := e.log.len()
		w := httptest.NewRecorder()
		e.h.ServeHTTP(w, req)
		if wrote := e.log.len() - before; wrote > 4096 || w.Code == http.StatusForbidden {
			t.Errorf("%s: %d, %d bytes of log", name, w.Code, wrote)
		}
	}
}

// TestBatchesCountEveryCall (issue 51): one address sending MCP batches of 20 searches gets 120 answered a
// minute, the anonymous quota, not 120 batches; the batch that would pass it is refused whole.
func TestBatchesCountEveryCall(t *testing.T) {
	e := newAbuseEdge(t)
	var calls []string
	for i := range 20 {
		calls = append(calls, `{"jsonrpc":"2.0","id":`+strconv.Itoa(i+1)+`,"method":"tools/call","params":{"name":"search_icons","arguments":{"query":"arrow"}}}`)
	}
	batch := "[" + strings.Join(calls, ",") + "]"
	answered := 0
	for range 10 {
		req := httptest.NewRequest(http.MethodPost, "/mcp", strings.NewReader(batch))
		req.RemoteAddr, req.Host = "192.0.2.10:1234", "localhost"
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("MCP-Protocol-Version", "2025-03-26")
		w := httptest.NewRecorder()
		e.h.ServeHTTP(w, req)
		if w.Code == http.StatusTooManyRequests {
			continue
		}
		var answers []struct {
			Result *struct{ IsError bool } `json:"result"`
		}
		if w.Code != http.StatusOK || json.Unmarshal(w.Body.Bytes(), &answers) != nil || len(answers) != 20 {
			t.Fatalf("a batch of 20: %d %.300s", w.Code, w.Body)
		}
		for _, a := range answers {
			if a.Result != nil && !a.Result.IsError {
				answered++
			}
		}
	}
	if answered != 120 {
		t.Errorf("%d searches answered in ten batches of 20 within a minute; want the quota, 120", answered)
	}
}
