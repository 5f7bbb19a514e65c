package edge_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/iconlib/iconlib/build"
	"github.com/iconlib/iconlib/edge"
	"github.com/iconlib/iconlib/edge/access"
	"github.com/iconlib/iconlib/internal/contract"
)

// TestCredentialFlowThroughTheEdge walks register → exchange → call through the real routes.
func TestCredentialFlowThroughTheEdge(t *testing.T) {
	e := newEdge(t)
	res, err := http.Post(e.URL+"/agent/identity", "application/json", strings.NewReader(`{"type":"anonymous"}`))
	if err != nil {
		t.Fatal(err)
	}
	var reg struct {
		RegistrationID    string `json:"registration_id"`
		IdentityAssertion string `json:"identity_assertion"`
		TokenEndpoint     string `json:"token_endpoint"`
	}
	json.NewDecoder(res.Body).Decode(&reg)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.HasPrefix(reg.RegistrationID, "reg_") || reg.TokenEndpoint != base+"/oauth2/token" {
		t.Fatalf("registration %d %+v", res.StatusCode, reg)
	}
	form := url.Values{"grant_type": {"urn:ietf:params:oauth:grant-type:jwt-bearer"}, "assertion": {reg.IdentityAssertion}}
	res, err = http.PostForm(e.URL+"/oauth2/token", form)
	if err != nil {
		t.Fatal(err)
	}
	var tok struct {
		AccessToken string `json:"access_token"`
		TokenType   string `json:"token_type"`
		ExpiresIn   int    `json:"expires_in"`
	}
	json.NewDecoder(res.Body).Decode(&tok)
	res.Body.Close()
	if res.StatusCode != 200 || tok.TokenType != "Bearer" || tok.ExpiresIn != 3600 {
		t.Fatalf("token %d %+v", res.StatusCode, tok)
	}
	res, _ = e.do(t, http.MethodGet, "/api/v1/icons/arrow-left", map[string]string{"Authorization": "Bearer " + tok.AccessToken})
	if res.StatusCode != 200 || res.Header.Get("RateLimit-Policy") != `"agent";q=600;w=60` {
		t.Errorf("with token: %d RateLimit-Policy %q", res.StatusCode, res.Header.Get("RateLimit-Policy"))
	}
	res, _ = e.do(t, http.MethodGet, "/api/v1/icons/arrow-left", nil)
	if res.Header.Get("RateLimit-Policy") != `"anonymous";q=120;w=60` || !strings.HasPrefix(res.Header.Get("RateLimit"), `"anonymous";r=`) {
		t.Errorf("anonymous: RateLimit-Policy %q RateLimit %q", res.Header.Get("RateLimit-Policy"), res.Header.Get("RateLimit"))
	}
	altered := tok.AccessToken[:len(tok.AccessToken)-4] + "AAAA"
	res, body := e.do(t, http.MethodGet, "/api/v1/icons/arrow-left", map[string]string{"Authorization": "Bearer " + altered})
	if res.StatusCode != 401 || !strings.Contains(body, `"invalid_token"`) || !strings.Contains(res.Header.Get("WWW-Authenticate"), `error="invalid_token"`) {
		t.Errorf("altered token: %d %s %q", res.StatusCode, body, res.Header.Get("WWW-Authenticate"))
	}
	res, _ = e.do(t, http.MethodGet, "/api/v1/icons/arrow-left", map[string]string{"Authorization": "Bearer not-one-of-ours"})
	if res.StatusCode != 200 {
		t.Errorf("foreign token: %d, want it ignored", res.StatusCode)
	}
	for _, doc := range []string{"/.well-known/jwks.json", "/.well-known/oauth-authorization-server", "/.well-known/oauth-protected-resource", "/auth.md"} {
		if res, _ := e.do(t, http.MethodGet, doc, nil); res.StatusCode != 200 {
			t.Errorf("%s: %d", doc, res.StatusCode)
		}
	}
}

// TestAnonymousLimitThroughTheEdge: the 121st anonymous API request in a minute is a 429 in the contract's
// shape, and static files are never limited.
func TestAnonymousLimitThroughTheEdge(t *testing.T) {
	out := t.TempDir()
	if _, err := build.Run(context.Background(), build.Options{ContentDir: "../build/testdata/content", OutDir: out, BaseURL: contract.MustParseBaseURL(base)}); err != nil {
		t.Fatal(err)
	}
	h, err := edge.New(edge.Config{Logger: slog.New(slog.DiscardHandler), Version: "test", PublicDir: out, Access: access.Settings{KeyFile: filepath.Join(t.TempDir(), "key.pem"), Clock: time.Now, Limits: access.DefaultLimits()}})
	if err != nil {
		t.Fatal(err)
	}
	get := func(path string) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(http.MethodGet, path, nil)
		req.RemoteAddr = "192.0.2.7:1234"
		h.ServeHTTP(rec, req)
		return rec
	}
	for i := 1; i <= 120; i++ {
		if rec := get("/api/v1/categories"); rec.Code != 200 {
			t.Fatalf("request %d: %d", i, rec.Code)
		}
	}
	rec := get("/api/v1/icons/arrow-left")
	body, _ := io.ReadAll(rec.Body)
	if rec.Code != 429 || rec.Header().Get("Retry-After") == "" || !strings.Contains(string(body), `"rate_limited"`) {
		t.Errorf("121st request: %d Retry-After %q %s", rec.Code, rec.Header().Get("Retry-After"), body)
	}
	for _, static := range []string{"/assets/arrow-left.json", "/catalog.json", "/docs/web.md", "/"} {
		if rec := get(static); rec.Code != 200 {
			t.Errorf("static %s limited: %d", static, rec.Code)
		}
	}
}

// TestEveryResponseCarriesRateLimitPolicy: files, cards, discovery documents, errors and preflights are
// not counted (no RateLimit) but carry the caller's policy, as the contract says every response does.
func TestEveryResponseCarriesRateLimitPolicy(t *testing.T) {
	e := newEdge(t)
	token := accessToken(t, e.URL)
	paths := []string{"/", "/catalog.json", "/assets/arrow-left.json", "/docs/web.md", "/llms.txt", "/openapi.json",
		"/.well-known/agent-card.json", "/.well-known/mcp/server-card.json", "/mcp/docs/server-card",
		"/.well-known/ai-catalog.json", "/.well-known/jwks.json", "/healthz", "/nowhere.json"}
	for _, path := range paths {
		for _, tc := range []struct{ token, policy string }{{"", `"anonymous";q=120;w=60`}, {token, `"agent";q=600;w=60`}} {
			header := map[string]string{}
			if tc.token != "" {
				header["Authorization"] = "Bearer " + tc.token
			}
			res, _ := send(t, http.MethodGet, e.URL+path, header)
			if res.Header.Get("RateLimit-Policy") != tc.policy || res.Header.Get("RateLimit") != "" {
				t.Errorf("GET %s (token %t): %d RateLimit-Policy %q RateLimit %q; want %s, uncounted", path, tc.token != "",
					res.StatusCode, res.Header.Get("RateLimit-Policy"), res.Header.Get("RateLimit"), tc.policy)
			}
		}
	}
	res, _ := send(t, http.MethodOptions, e.URL+"/mcp", map[string]string{"Origin": "https://example.com", "Access-Control-Request-Method": "POST"})
	if res.Header.Get("RateLimit-Policy") != `"anonymous";q=120;w=60` {
		t.Errorf("preflight: %d RateLimit-Policy %q", res.StatusCode, res.Header.Get("RateLimit-Policy"))
	}
}
