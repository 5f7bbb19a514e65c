package access_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"encoding/base64"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/iconlib/iconlib/edge/access"
	"github.com/iconlib/iconlib/edge/internal/ratelimit"
)

// roomy gives the auth policy room for a table of requests.
func roomy(c *access.Config) {
	c.Limits.Auth = ratelimit.Policy{Name: "auth", Quota: 1000, Window: time.Minute}
}

func TestRegistrationErrors(t *testing.T) {
	e := newEnv(t, roomy)
	for _, tc := range []struct {
		name, contentType, body string
		status                  int
		code                    string
	}{
		{"ok with charset", "application/json; charset=utf-8", `{"type":"anonymous","agent":"x"}`, 200, ""},
		{"identity assertion", "application/json", `{"type":"identity_assertion"}`, 400, "identity_assertion_not_enabled"},
		{"service auth", "application/json", `{"type":"service_auth"}`, 400, "service_auth_not_enabled"},
		{"unknown type", "application/json", `{"type":"user"}`, 400, "invalid_request"},
		{"type not a string", "application/json", `{"type":1}`, 400, "invalid_request"},
		{"no type", "application/json", `{}`, 400, "invalid_request"},
		{"null", "application/json", `null`, 400, "invalid_request"},
		{"array", "application/json", `[{"type":"anonymous"}]`, 400, "invalid_request"},
		{"bad JSON", "application/json", `{"type":`, 400, "invalid_request"},
		{"trailing data", "application/json", `{"type":"anonymous"} {}`, 400, "invalid_request"},
		{"form", "application/x-www-form-urlencoded", `type=anonymous`, 400, "invalid_request"},
		{"no content type", "", `{"type":"anonymous"}`, 400, "invalid_request"},
		{"over 4 KiB", "application/json", `{"type":"anonymous","pad":"` + strings.Repeat("x", 4096) + `"}`, 400, "invalid_request"},
	} {
		res, body := e.do(http.MethodPost, "/agent/identity", map[string]string{"Content-Type": tc.contentType}, tc.body)
		if res.StatusCode != tc.status || res.Header.Get("Cache-Control") != "no-store" || res.Header.Get("Pragma") != "no-cache" {
			t.Errorf("%s: %d %v %s", tc.name, res.StatusCode, res.Header, body)
			continue
		}
		if tc.code != "" && oauthError(t, body) != tc.code {
			t.Errorf("%s: %s", tc.name, body)
		}
	}
	res, body := e.do(http.MethodGet, "/agent/identity", nil, "")
	if res.StatusCode != http.StatusMethodNotAllowed || res.Header.Get("Allow") != "POST" || oauthError(t, body) != "invalid_request" {
		t.Errorf("GET: %d %v %s", res.StatusCode, res.Header, body)
	}
}

func TestTokenErrors(t *testing.T) {
	e := newEnv(t, roomy)
	assertion := e.register().IdentityAssertion
	for _, tc := range []struct {
		name, contentType, body string
		status                  int
		code                    string
	}{
		{"ok with scope", "", "grant_type=" + url.QueryEscape(jwtBearer) + "&scope=icons.read&client_id=x&assertion=" + assertion, 200, ""},
		{"unsupported grant", "", "grant_type=client_credentials&assertion=" + assertion, 400, "unsupported_grant_type"},
		{"no grant", "", "assertion=" + assertion, 400, "invalid_request"},
		{"no assertion", "", "grant_type=" + url.QueryEscape(jwtBearer), 400, "invalid_request"},
		{"empty assertion", "", "grant_type=" + url.QueryEscape(jwtBearer) + "&assertion=", 400, "invalid_request"},
		{"other scope", "", "grant_type=" + url.QueryEscape(jwtBearer) + "&scope=icons.write&assertion=" + assertion, 400, "invalid_scope"},
		{"repeated", "", "grant_type=" + url.QueryEscape(jwtBearer) + "&assertion=" + assertion + "&assertion=" + assertion, 400, "invalid_request"},
		{"bad form", "", "grant_type=%zz", 400, "invalid_request"},
		{"garbage assertion", "", "grant_type=" + url.QueryEscape(jwtBearer) + "&assertion=abc", 400, "invalid_grant"},
		{"JSON body", "application/json", `{"grant_type":"` + jwtBearer + `"}`, 400, "invalid_request"},
		{"too large", "", "grant_type=" + url.QueryEscape(jwtBearer) + "&assertion=" + strings.Repeat("a", 9000), 400, "invalid_request"},
	} {
		ct := tc.contentType
		if ct == "" {
			ct = "application/x-www-form-urlencoded"
		}
		res, body := e.do(http.MethodPost, "/oauth2/token", map[string]string{"Content-Type": ct}, tc.body)
		if res.StatusCode != tc.status || res.Header.Get("Cache-Control") != "no-store" || res.Header.Get("Pragma") != "no-cache" {
			t.Errorf("%s: %d %v %s", tc.name, res.StatusCode, res.Header, body)
			continue
		}
		if tc.code != "" && oauthError(t, body) != tc.code {
			t.Errorf("%s: %s", tc.name, body)
		}
	}
	res, body := e.do(http.MethodPut, "/oauth2/token", nil, "")
	if res.StatusCode != http.StatusMethodNotAllowed || res.Header.Get("Allow") != "POST" || oauthError(t, body) != "invalid_request" {
		t.Errorf("PUT: %d %v %s", res.StatusCode, res.Header, body)
	}
}

func TestUnreadableKeyFile(t *testing.T) {
	e := newEnv(t)
	reg := e.register()
	tok := e.exchange(reg.IdentityAssertion).AccessToken
	if err := os.Remove(e.keyFile); err != nil {
		t.Fatal(err)
	}
	if res, body := e.postJSON("/agent/identity", `{"type":"anonymous"}`); res.StatusCode != http.StatusServiceUnavailable ||
		oauthError(t, body) != "temporarily_unavailable" {
		t.Errorf("register: %d %s", res.StatusCode, body)
	}
	res, body := e.postForm("/oauth2/token", url.Values{"grant_type": {jwtBearer}, "assertion": {reg.IdentityAssertion}})
	if res.StatusCode != http.StatusServiceUnavailable || oauthError(t, body) != "temporarily_unavailable" {
		t.Errorf("token: %d %s", res.StatusCode, body)
	}
	if res, _ := e.get("/api/v1/icons", tok); res.StatusCode != http.StatusOK || policy(res) != "anonymous" {
		t.Errorf("a token that cannot be checked counts as anonymous: %d %s", res.StatusCode, policy(res))
	}
	if res, body := e.do(http.MethodGet, "/.well-known/jwks.json", nil, ""); res.StatusCode != http.StatusServiceUnavailable || restCode(t, body) != "unavailable" {
		t.Errorf("jwks: %d %s", res.StatusCode, body)
	}
}

func TestKeyFileInsidePublicIsRefused(t *testing.T) {
	pub := t.TempDir()
	cfg := testConfig(filepath.Join(pub, ".iconlib", "k.pem"))
	cfg.PublicDir = pub
	_, err := access.New(cfg)
	if err == nil {
		t.Fatal("accepted a key file under public/")
	}
	if _, err := os.Stat(filepath.Join(pub, ".iconlib")); !os.IsNotExist(err) {
		t.Error("created something under public/")
	}
}

func TestAuthorizationServerMetadata(t *testing.T) {
	e := newEnv(t)
	res, body := e.do(http.MethodGet, "/.well-known/oauth-authorization-server", nil, "")
	var m struct {
		Issuer        string
		TokenEndpoint string   `json:"token_endpoint"`
		JWKSURI       string   `json:"jwks_uri"`
		GrantTypes    []string `json:"grant_types_supported"`
		ResponseTypes []string `json:"response_types_supported"`
		Scopes        []string `json:"scopes_supported"`
		AuthMethods   []string `json:"token_endpoint_auth_methods_supported"`
		AgentAuth     struct {
			RegistrationEndpoint string   `json:"registration_endpoint"`
			Types                []string `json:"registration_types_supported"`
			Request              struct {
				Method string
				Body   map[string]string
			} `json:"registration_request"`
			RateLimits []struct{ Policy string } `json:"rate_limits"`
			Flow       []string
		} `json:"agent_auth"`
	}
	decode(t, body, &m)
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "application/json" || m.Issuer != base ||
		m.TokenEndpoint != base+"/oauth2/token" || m.JWKSURI != base+"/.well-known/jwks.json" ||
		strings.Join(m.GrantTypes, ",") != jwtBearer || m.ResponseTypes == nil || len(m.ResponseTypes) != 0 ||
		strings.Join(m.Scopes, ",") != "icons.read" || strings.Join(m.AuthMethods, ",") != "none" {
		t.Errorf("metadata %d %s", res.StatusCode, body)
	}
	if a := m.AgentAuth; a.RegistrationEndpoint != base+"/agent/identity" || strings.Join(a.Types, ",") != "anonymous" ||
		a.Request.Body["type"] != "anonymous" || a.Request.Method != "POST" || len(a.RateLimits) != 3 || len(a.Flow) != 3 {
		t.Errorf("agent_auth %+v", a)
	}
	if res, _ := e.do(http.MethodPost, "/.well-known/oauth-authorization-server", nil, ""); res.StatusCode != http.StatusMethodNotAllowed ||
		res.Header.Get("Allow") != "GET, HEAD" {
		t.Errorf("POST: %d", res.StatusCode)
	}
}

func TestProtectedResourceMetadata(t *testing.T) {
	e := newEnv(t)
	for path, resource := range map[string]string{
		"": base, "/api/v1": base + "/api/v1", "/mcp": base + "/mcp", "/mcp/docs": base + "/mcp/docs", "/a2a": base + "/a2a",
	} {
		res, body := e.do(http.MethodGet, "/.well-known/oauth-protected-resource"+path, nil, "")
		var m struct {
			Resource             string
			AuthorizationServers []string `json:"authorization_servers"`
			Scopes               []string `json:"scopes_supported"`
			Bearer               []string `json:"bearer_methods_supported"`
		}
		decode(t, body, &m)
		if res.StatusCode != 200 || m.Resource != resource || strings.Join(m.AuthorizationServers, ",") != base ||
			strings.Join(m.Scopes, ",") != "icons.read" || strings.Join(m.Bearer, ",") != "header" {
			t.Errorf("%q: %d %s", path, res.StatusCode, body)
		}
	}
	if res, body := e.do(http.MethodGet, "/.well-known/oauth-protected-resource/mcp/other", nil, ""); res.StatusCode != http.StatusNotFound ||
		restCode(t, body) != "not_found" {
		t.Errorf("unknown resource: %d %s", res.StatusCode, body)
	}
	// The resource_metadata of a 401 names the document of the resource the request went to.
	e.clock.Advance(0)
	tok := e.token()
	e.clock.Advance(time.Hour)
	res, _ := e.get("/mcp/docs", tok)
	if wa := res.Header.Get("WWW-Authenticate"); !strings.Contains(wa, `resource_metadata="`+base+`/.well-known/oauth-protected-resource/mcp/docs"`) {
		t.Errorf("WWW-Authenticate %s", wa)
	}
}

func TestJWKSVerifiesIssuedTokens(t *testing.T) {
	e := newEnv(t)
	tok := e.token()
	res, body := e.do(http.MethodGet, "/.well-known/jwks.json", nil, "")
	var set struct{ Keys []map[string]string }
	decode(t, body, &set)
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "application/jwk-set+json" ||
		!strings.HasPrefix(res.Header.Get("Cache-Control"), "public") || len(set.Keys) != 1 {
		t.Fatalf("jwks %d %v %s", res.StatusCode, res.Header, body)
	}
	k := set.Keys[0]
	if k["kty"] != "EC" || k["crv"] != "P-256" || k["alg"] != "ES256" || k["use"] != "sig" || len(k) != 7 {
		t.Errorf("key %v", k)
	}
	x, _ := base64.RawURLEncoding.DecodeString(k["x"])
	y, _ := base64.RawURLEncoding.DecodeString(k["y"])
	pub, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), append(append([]byte{4}, x...), y...))
	if err != nil {
		t.Fatal(err)
	}
	parsed, err := jwt.Parse(tok, func(tk *jwt.Token) (any, error) { return pub, nil },
		jwt.WithValidMethods([]string{"ES256"}), jwt.WithTimeFunc(e.clock.Now))
	if err != nil || parsed.Header["kid"] != k["kid"] {
		t.Errorf("published key does not verify the token: %v (kid %v, published %s)", err, parsed.Header["kid"], k["kid"])
	}
}

// TestNoSignInEndpointsSayHowToGetAToken (issue 55): the metadata names an authorization endpoint and a
// client registration endpoint, without which OAuth clients (the MCP SDKs') cannot read it; both refuse in
// OAuth's error shape, saying to drop the header or get a new token, and take only their one method.
func TestNoSignInEndpointsSayHowToGetAToken(t *testing.T) {
	e := newEnv(t, roomy)
	_, meta := e.do(http.MethodGet, "/.well-known/oauth-authorization-server", nil, "")
	var m struct {
		Authorize string `json:"authorization_endpoint"`
		Register  string `json:"registration_endpoint"`
	}
	decode(t, meta, &m)
	if m.Authorize != base+"/oauth2/authorize" || m.Register != base+"/oauth2/register" {
		t.Errorf("metadata names authorization_endpoint %q and registration_endpoint %q", m.Authorize, m.Register)
	}
	for _, tc := range []struct{ method, path, body, code, wrongMethod, allow string }{
		{http.MethodGet, "/oauth2/authorize?response_type=code&client_id=x&redirect_uri=http://localhost:1/cb", "", "unsupported_response_type", http.MethodPost, "GET, HEAD"},
		{http.MethodPost, "/oauth2/register", `{"redirect_uris":["http://localhost:1/cb"]}`, "invalid_client_metadata", http.MethodGet, "POST"},
	} {
		res, body := e.do(tc.method, tc.path, map[string]string{"Content-Type": "application/json"}, tc.body)
		if res.StatusCode != http.StatusBadRequest || res.Header.Get("Location") != "" || res.Header.Get("Cache-Control") != "no-store" ||
			oauthError(t, body) != tc.code || !strings.Contains(body, "Remove the Authorization header") ||
			!strings.Contains(body, base+"/agent/identity") {
			t.Errorf("%s %s: %d %v %s", tc.method, tc.path, res.StatusCode, res.Header, body)
		}
		if res, _ := e.do(tc.wrongMethod, tc.path, nil, ""); res.StatusCode != http.StatusMethodNotAllowed || res.Header.Get("Allow") != tc.allow {
			t.Errorf("%s %s: %d, Allow %q", tc.wrongMethod, tc.path, res.StatusCode, res.Header.Get("Allow"))
		}
	}
}
