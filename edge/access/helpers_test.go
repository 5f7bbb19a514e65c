package access_test

import (
	"encoding/json"
	"io"
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

	"github.com/iconlib/iconlib/edge/access"
	"github.com/iconlib/iconlib/edge/internal/metrics"
	"github.com/iconlib/iconlib/internal/contract"
)

const (
	base      = "https://icons.example"
	jwtBearer = "urn:ietf:params:oauth:grant-type:jwt-bearer"
)

// testConfig is what iconlib serve would resolve for keyFile: the contract's limits, in memory, with
// the real clock, discarding logs.
func testConfig(keyFile string) access.Config {
	return access.Config{
		Settings: access.Settings{KeyFile: keyFile, Limits: access.DefaultLimits(), Clock: time.Now},
		BaseURL:  contract.MustParseBaseURL(base), Logger: slog.New(slog.DiscardHandler), Metrics: metrics.New(),
	}
}

// clock is a settable time source shared by the server under test and the test.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time          { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Advance(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

// env is an edge in miniature: the access routes, the four limited surfaces (REST, both MCP servers, A2A)
// answering "ok", and an unlimited static file, behind a real HTTP server.
type env struct {
	t       testing.TB
	srv     *httptest.Server
	clock   *clock
	keyFile string
	access  *access.Access
}

func newEnv(t testing.TB, configure ...func(*access.Config)) *env {
	t.Helper()
	e := &env{t: t, clock: &clock{t: time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)}}
	e.keyFile = filepath.Join(t.TempDir(), "state", "signing-key.pem")
	cfg := testConfig(e.keyFile)
	cfg.Clock = e.clock.Now
	for _, f := range configure {
		f(&cfg)
	}
	a, err := access.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	e.access = a
	t.Cleanup(func() { a.Close() })
	ok := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok "+r.URL.Path) })
	mux := http.NewServeMux()
	a.Routes(mux.HandleFunc)
	mux.Handle("/api/v1/", a.Limit(ok, access.REST))
	for _, p := range []string{"/mcp", "/mcp/docs", "/a2a"} {
		mux.Handle(p, a.Limit(ok, access.JSONRPC))
	}
	mux.Handle("/batch", a.LimitCalls(ok, access.JSONRPC, func(r *http.Request) int { // as many calls as X-Calls says
		n, _ := strconv.Atoi(r.Header.Get("X-Calls"))
		return n
	}))
	mux.Handle("/catalog.json", ok)
	e.srv = httptest.NewServer(a.MarkPolicy(mux))
	t.Cleanup(e.srv.Close)
	return e
}

// do sends a request with a real client and returns the response with its body read.
func (e *env) do(method, path string, header map[string]string, body string) (*http.Response, string) {
	e.t.Helper()
	req, err := http.NewRequest(method, e.srv.URL+path, strings.NewReader(body))
	if err != nil {
		e.t.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	res, err := e.srv.Client().Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		e.t.Fatal(err)
	}
	return res, string(b)
}

// get calls a limited surface, with a Bearer token unless token is empty.
func (e *env) get(path, token string) (*http.Response, string) {
	e.t.Helper()
	h := map[string]string{}
	if token != "" {
		h["Authorization"] = "Bearer " + token
	}
	return e.do(http.MethodGet, path, h, "")
}

type registration struct {
	RegistrationID    string   `json:"registration_id"`
	RegistrationType  string   `json:"registration_type"`
	IdentityAssertion string   `json:"identity_assertion"`
	AssertionExpires  string   `json:"assertion_expires"`
	PreClaimScopes    []string `json:"pre_claim_scopes"`
	TokenEndpoint     string   `json:"token_endpoint"`
}

func (e *env) postJSON(path, body string) (*http.Response, string) {
	e.t.Helper()
	return e.do(http.MethodPost, path, map[string]string{"Content-Type": "application/json"}, body)
}

func (e *env) postForm(path string, form url.Values) (*http.Response, string) {
	e.t.Helper()
	return e.do(http.MethodPost, path, map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, form.Encode())
}

func (e *env) register() registration {
	e.t.Helper()
	res, body := e.postJSON("/agent/identity", `{"type":"anonymous"}`)
	if res.StatusCode != http.StatusOK {
		e.t.Fatalf("register: %d %s", res.StatusCode, body)
	}
	var reg registration
	decode(e.t, body, &reg)
	return reg
}

type tokenResponse struct {
	AccessToken string `json:"access_token"`
	TokenType   string `json:"token_type"`
	ExpiresIn   int    `json:"expires_in"`
	Scope       string `json:"scope"`
}

// exchange trades an assertion for an access token, failing the test unless it works.
func (e *env) exchange(assertion string) tokenResponse {
	e.t.Helper()
	res, body := e.postForm("/oauth2/token", url.Values{"grant_type": {jwtBearer}, "assertion": {assertion}})
	if res.StatusCode != http.StatusOK {
		e.t.Fatalf("exchange: %d %s", res.StatusCode, body)
	}
	var tok tokenResponse
	decode(e.t, body, &tok)
	return tok
}

// token registers and exchanges: a fresh access token.
func (e *env) token() string {
	e.t.Helper()
	return e.exchange(e.register().IdentityAssertion).AccessToken
}

func decode(t testing.TB, body string, v any) {
	t.Helper()
	if err := json.Unmarshal([]byte(body), v); err != nil {
		t.Fatalf("decode %q: %v", body, err)
	}
}

// oauthError decodes a flat OAuth error and checks it has exactly the two members.
func oauthError(t testing.TB, body string) string {
	t.Helper()
	var m map[string]string
	decode(t, body, &m)
	if len(m) != 2 || m["error"] == "" || m["error_description"] == "" {
		t.Fatalf("not a flat OAuth error: %s", body)
	}
	return m["error"]
}

// restCode decodes the REST envelope's code.
func restCode(t testing.TB, body string) string {
	t.Helper()
	var b struct {
		Error struct{ Code, Message string }
	}
	decode(t, body, &b)
	return b.Error.Code
}

// rpcCode decodes a JSON-RPC error's code and data.error; the request had no id, so the answer has none.
func rpcCode(t testing.TB, body string) (int, string) {
	t.Helper()
	var b struct {
		JSONRPC string
		ID      any
		Error   struct {
			Code int
			Data struct{ Error string }
		}
	}
	decode(t, body, &b)
	if b.JSONRPC != "2.0" || b.ID != nil {
		t.Fatalf("not a JSON-RPC error response: %s", body)
	}
	return b.Error.Code, b.Error.Data.Error
}

// policy is the policy name a response was counted under.
func policy(res *http.Response) string {
	name, _, _ := strings.Cut(res.Header.Get("RateLimit-Policy"), ";")
	return strings.Trim(name, `"`)
}
