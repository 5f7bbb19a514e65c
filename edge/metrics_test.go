package edge_test

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/iconlib/iconlib/edge"
	"github.com/iconlib/iconlib/edge/access"
	"github.com/iconlib/iconlib/internal/contract"
)

// TestMetrics: an edge's metrics, scraped after a few requests on every surface, a registration, a token
// exchange and a refusal, count each by route, surface, status and policy; they name the snapshot
// served, and the next one after a reload; and the public port has no /metrics.
func TestMetrics(t *testing.T) {
	content, out := fixtureWith(t, "Go back."), filepath.Join(t.TempDir(), "public")
	publish(t, content, out)
	e, err := edge.New(edge.Config{Logger: slog.New(slog.DiscardHandler), PublicDir: out, Version: "v1.2.3", Access: access.Settings{
		KeyFile: filepath.Join(t.TempDir(), "key.pem"), Clock: time.Now, Limits: access.DefaultLimits()}})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	public := httptest.NewServer(e)
	defer public.Close()
	metrics := httptest.NewServer(e.Metrics())
	defer metrics.Close()

	rpc := map[string]string{"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
	for _, r := range []struct{ method, path, body string }{
		{"GET", "/api/v1/icons?q=arrow", ""},
		{"GET", "/api/v1/icons?q=arrow", ""},
		{"GET", "/api/v1/categories", ""},
		{"GET", "/api/v1/icons/no-such-icon", ""},
		{"POST", "/mcp", `{"jsonrpc":"2.0","id":1,"method":"ping"}`},
		{"POST", "/a2a", `{"jsonrpc":"2.0","id":1,"method":"nope"}`},
		{"GET", "/catalog.json", ""},
		{"GET", "/healthz", ""},
	} {
		hdr := map[string]string{}
		if r.method == "POST" {
			hdr = rpc
		}
		res, _ := sendBody(t, public, r.method, r.path, r.body, hdr)
		if res.StatusCode >= 500 {
			t.Fatalf("%s %s: %d", r.method, r.path, res.StatusCode)
		}
	}
	reg := registerAgent(t, public.URL)
	res, _ := sendBody(t, public, "POST", contract.TokenPath, "grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion="+reg,
		map[string]string{"Content-Type": "application/x-www-form-urlencoded"})
	if res.StatusCode != http.StatusOK {
		t.Fatalf("token exchange: %d", res.StatusCode)
	}
	for range 9 { // the auth policy's 10 a minute: 8 more registrations, then a refusal
		sendBody(t, public, "POST", contract.RegistrationPath, `{"type":"anonymous"}`, map[string]string{"Content-Type": "application/json"})
	}

	text := scrape(t, metrics.URL+"/metrics")
	hash := manifestHash(t, out)
	for _, line := range []string{
		`iconlib_http_requests_total{route="/api/v1/icons",status="200",surface="search"} 2`,
		`iconlib_http_requests_total{route="/api/v1/categories",status="200",surface="rest"} 1`,
		`iconlib_http_requests_total{route="/api/v1/icons/{id}",status="404",surface="rest"} 1`,
		`iconlib_http_requests_total{route="/mcp",status="200",surface="mcp"} 1`,
		`iconlib_http_requests_total{route="/a2a",status="200",surface="a2a"} 1`,
		`iconlib_http_requests_total{route="/",status="200",surface="site"} 1`,
		`iconlib_http_requests_total{route="GET /healthz",status="200",surface="site"} 1`,
		`iconlib_http_requests_total{route="/agent/identity",status="429",surface="auth"} 1`,
		`iconlib_http_request_duration_seconds_count{surface="search"} 2`,
		`iconlib_http_request_duration_seconds_count{surface="mcp"} 1`,
		`iconlib_http_request_duration_seconds_count{surface="a2a"} 1`,
		`iconlib_ratelimit_decisions_total{decision="admitted",policy="anonymous"} 6`,
		`iconlib_ratelimit_decisions_total{decision="admitted",policy="auth"} 10`,
		`iconlib_ratelimit_decisions_total{decision="rejected",policy="auth"} 1`,
		`iconlib_ratelimit_store_errors_total 0`,
		`iconlib_ratelimit_store_fallback 0`,
		`iconlib_tokens_issued_total{kind="assertion"} 9`,
		`iconlib_tokens_issued_total{kind="access"} 1`,
		`iconlib_snapshot_info{snapshot="` + hash + `",version="v1.2.3"} 1`,
	} {
		if !strings.Contains(text, "\n"+line+"\n") {
			t.Errorf("the metrics lack %s", line)
		}
	}
	for _, name := range []string{"go_goroutines ", "go_memstats_heap_alloc_bytes ", "process_resident_memory_bytes "} {
		if !strings.Contains(text, "\n"+name) {
			t.Errorf("the metrics lack the standard %s", name)
		}
	}

	publish(t, fixtureWith(t, "Go back to where you were."), out)
	if err := e.Reload(); err != nil {
		t.Fatal(err)
	}
	text = scrape(t, metrics.URL+"/metrics")
	if next := manifestHash(t, out); next == hash || strings.Count(text, "iconlib_snapshot_info{") != 1 ||
		!strings.Contains(text, `iconlib_snapshot_info{snapshot="`+next+`",version="v1.2.3"} 1`) {
		t.Errorf("after the reload, want only the new snapshot %s:\n%s", next, grepLines(text, "iconlib_snapshot_info"))
	}

	if res, body := sendBody(t, public, "GET", "/metrics", "", nil); res.StatusCode != http.StatusNotFound ||
		!strings.Contains(body, `"not_found"`) {
		t.Errorf("/metrics on the public handler: %d %s", res.StatusCode, body)
	}
	// Go's profiles are the operator's too: on the metrics address, never on the public one.
	if res, body := sendBody(t, metrics, "GET", "/debug/pprof/heap?debug=1", "", nil); res.StatusCode != http.StatusOK ||
		!strings.Contains(body, "heap profile") {
		t.Errorf("/debug/pprof/heap on the metrics handler: %d %.200s", res.StatusCode, body)
	}
	if res, _ := sendBody(t, public, "GET", "/debug/pprof/heap?debug=1", "", nil); res.StatusCode != http.StatusNotFound {
		t.Errorf("/debug/pprof/heap on the public handler: %d", res.StatusCode)
	}
}

// sendBody sends a request with a body to srv and returns the response with its body read.
func sendBody(t *testing.T, srv *httptest.Server, method, path, body string, header map[string]string) (*http.Response, string) {
	t.Helper()
	return sendReader(t, method, srv.URL+path, strings.NewReader(body), header)
}

// registerAgent registers anonymously at the edge at base and returns the identity assertion.
func registerAgent(t *testing.T, base string) string {
	t.Helper()
	res, body := sendReader(t, "POST", base+contract.RegistrationPath, strings.NewReader(`{"type":"anonymous"}`),
		map[string]string{"Content-Type": "application/json"})
	var reg struct {
		IdentityAssertion string `json:"identity_assertion"`
	}
	if err := json.Unmarshal([]byte(body), &reg); err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("register: %d %s", res.StatusCode, body)
	}
	return reg.IdentityAssertion
}

// accessToken registers at the edge at base and exchanges the assertion, as the authentication guide
// shows: a valid access token.
func accessToken(t *testing.T, base string) string {
	t.Helper()
	form := url.Values{"grant_type": {"urn:ietf:params:oauth:grant-type:jwt-bearer"}, "assertion": {registerAgent(t, base)}}
	res, body := sendReader(t, "POST", base+contract.TokenPath, strings.NewReader(form.Encode()),
		map[string]string{"Content-Type": "application/x-www-form-urlencoded"})
	var tok struct {
		AccessToken string `json:"access_token"`
	}
	if err := json.Unmarshal([]byte(body), &tok); err != nil || res.StatusCode != http.StatusOK || tok.AccessToken == "" {
		t.Fatalf("token: %d %s", res.StatusCode, body)
	}
	return tok.AccessToken
}

func scrape(t *testing.T, url string) string {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("scraping %s: %d %v", url, res.StatusCode, err)
	}
	return "\n" + string(b)
}

// manifestHash is the snapshot hash in public/manifest.json.
func manifestHash(t *testing.T, public string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(public, contract.ManifestFile))
	if err != nil {
		t.Fatal(err)
	}
	var m contract.Manifest
	if err := json.Unmarshal(b, &m); err != nil || m.Snapshot == "" {
		t.Fatalf("manifest: %v (snapshot %q)", err, m.Snapshot)
	}
	return m.Snapshot
}

func grepLines(text, word string) string {
	var lines []string
	for _, line := range strings.Split(text, "\n") {
		if strings.Contains(line, word) {
			lines = append(lines, line)
		}
	}
	return strings.Join(lines, "\n")
}
