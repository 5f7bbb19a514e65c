package access_test

import (
	"encoding/base64"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/iconlib/iconlib/edge/internal/credential"
)

func TestWholeFlow(t *testing.T) {
	e := newEnv(t)
	res, body := e.postJSON("/agent/identity", `{"type":"anonymous"}`)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("register: %d %s", res.StatusCode, body)
	}
	if res.Header.Get("Cache-Control") != "no-store" || res.Header.Get("Pragma") != "no-cache" ||
		res.Header.Get("RateLimit-Policy") != `"auth";q=10;w=60` || res.Header.Get("RateLimit") != `"auth";r=9;t=60` {
		t.Errorf("register headers: %v", res.Header)
	}
	var reg registration
	decode(t, body, &reg)
	if !strings.HasPrefix(reg.RegistrationID, "reg_") || len(reg.RegistrationID) < 4+26 || reg.RegistrationType != "anonymous" ||
		reg.AssertionExpires != "2026-05-31T12:00:00Z" || len(reg.PreClaimScopes) != 1 || reg.PreClaimScopes[0] != "icons.read" ||
		reg.TokenEndpoint != base+"/oauth2/token" || strings.Count(reg.IdentityAssertion, ".") != 2 {
		t.Fatalf("registration %+v", reg)
	}

	first, second := e.exchange(reg.IdentityAssertion), e.exchange(reg.IdentityAssertion)
	for _, tok := range []tokenResponse{first, second} {
		if tok.TokenType != "Bearer" || tok.ExpiresIn != 3600 || tok.Scope != "icons.read" {
			t.Errorf("token response %+v", tok)
		}
		claims := jwt.MapClaims{}
		jwt.NewParser().ParseUnverified(tok.AccessToken, claims)
		if claims["sub"] != reg.RegistrationID {
			t.Errorf("token for %v, want %s", claims["sub"], reg.RegistrationID)
		}
	}
	if first.AccessToken == second.AccessToken {
		t.Error("two exchanges gave the same token")
	}

	res, body = e.get("/api/v1/icons", first.AccessToken)
	if res.StatusCode != http.StatusOK || body != "ok /api/v1/icons" ||
		res.Header.Get("RateLimit-Policy") != `"agent";q=600;w=60` || res.Header.Get("RateLimit") != `"agent";r=599;t=60` {
		t.Fatalf("with token: %d %s %v", res.StatusCode, body, res.Header)
	}
	// Both tokens belong to one registration, and every surface counts against it.
	for i, path := range []string{"/mcp", "/mcp/docs", "/a2a"} {
		res, _ := e.get(path, second.AccessToken)
		if want := fmt.Sprintf(`"agent";r=%d;t=60`, 598-i); res.StatusCode != http.StatusOK || res.Header.Get("RateLimit") != want {
			t.Errorf("%s: %d %s", path, res.StatusCode, res.Header.Get("RateLimit"))
		}
	}
	res, _ = e.get("/api/v1/icons", "")
	if res.Header.Get("RateLimit-Policy") != `"anonymous";q=120;w=60` {
		t.Errorf("without token: %v", res.Header)
	}
}

// want401 checks an invalid_token answer on the REST surface and on a JSON-RPC surface.
func want401(t *testing.T, e *env, token, why string) {
	t.Helper()
	res, body := e.get("/api/v1/icons", token)
	if res.StatusCode != http.StatusUnauthorized || restCode(t, body) != "invalid_token" {
		t.Fatalf("%s: REST %d %s", why, res.StatusCode, body)
	}
	wa := res.Header.Get("WWW-Authenticate")
	if !strings.HasPrefix(wa, `Bearer error="invalid_token", error_description="`) ||
		!strings.HasSuffix(wa, `", resource_metadata="`+base+`/.well-known/oauth-protected-resource/api/v1"`) {
		t.Errorf("%s: WWW-Authenticate %s", why, wa)
	}
	if policy(res) != "anonymous" {
		t.Errorf("%s: counted under %q", why, policy(res))
	}
	res, body = e.get("/mcp", token)
	code, name := rpcCode(t, body)
	if res.StatusCode != http.StatusUnauthorized || code != -31401 || name != "invalid_token" ||
		!strings.Contains(res.Header.Get("WWW-Authenticate"), `resource_metadata="`+base+`/.well-known/oauth-protected-resource/mcp"`) {
		t.Errorf("%s: MCP %d %s %v", why, res.StatusCode, body, res.Header)
	}
}

func TestExpiredTokenIsRejected(t *testing.T) {
	e := newEnv(t)
	reg := e.register()
	tok := e.exchange(reg.IdentityAssertion).AccessToken
	e.clock.Advance(time.Hour)
	want401(t, e, tok, "expired")
	_, body := e.get("/api/v1/icons", tok)
	if !strings.Contains(body, "expired") {
		t.Errorf("message does not say why: %s", body)
	}
	// The same assertion is good for 30 days.
	fresh := e.exchange(reg.IdentityAssertion).AccessToken
	if res, _ := e.get("/api/v1/icons", fresh); res.StatusCode != http.StatusOK || policy(res) != "agent" {
		t.Fatalf("fresh token: %d", res.StatusCode)
	}
	e.clock.Advance(30 * 24 * time.Hour)
	res, body := e.postForm("/oauth2/token", url.Values{"grant_type": {jwtBearer}, "assertion": {reg.IdentityAssertion}})
	if res.StatusCode != http.StatusBadRequest || oauthError(t, body) != "invalid_grant" || !strings.Contains(body, "register again") {
		t.Errorf("expired assertion: %d %s", res.StatusCode, body)
	}
}

func TestAlteredTokenIsRejected(t *testing.T) {
	e := newEnv(t)
	tok := e.token()
	parts := strings.Split(tok, ".")
	payload, _ := base64.RawURLEncoding.DecodeString(parts[1])
	other := strings.Replace(string(payload), `"sub":"reg_`, `"sub":"reg_x`, 1)
	sig, _ := base64.RawURLEncoding.DecodeString(parts[2])
	sig[10] ^= 0x01
	for why, altered := range map[string]string{
		"payload edited":    parts[0] + "." + base64.RawURLEncoding.EncodeToString([]byte(other)) + "." + parts[2],
		"signature flipped": parts[0] + "." + parts[1] + "." + base64.RawURLEncoding.EncodeToString(sig),
		"signature removed": parts[0] + "." + parts[1] + ".",
		"signature cut off": parts[0] + "." + parts[1],
	} {
		want401(t, e, altered, why)
	}
	if res, _ := e.get("/api/v1/icons", tok); res.StatusCode != http.StatusOK || policy(res) != "agent" {
		t.Errorf("the original still works: %d", res.StatusCode)
	}
}

func TestRotationEndsEveryCredential(t *testing.T) {
	e := newEnv(t)
	reg := e.register()
	tok := e.exchange(reg.IdentityAssertion).AccessToken
	if res, _ := e.get("/api/v1/icons", tok); policy(res) != "agent" {
		t.Fatal("token not accepted before the rotation")
	}
	key, err := credential.Rotate(e.keyFile)
	if err != nil {
		t.Fatal(err)
	}
	want401(t, e, tok, "replaced key")
	res, body := e.postForm("/oauth2/token", url.Values{"grant_type": {jwtBearer}, "assertion": {reg.IdentityAssertion}})
	if res.StatusCode != http.StatusBadRequest || oauthError(t, body) != "invalid_grant" {
		t.Errorf("old assertion: %d %s", res.StatusCode, body)
	}
	if _, body := e.do(http.MethodGet, "/.well-known/jwks.json", nil, ""); !strings.Contains(body, key.ID) {
		t.Errorf("JWKS does not publish the new key %s: %s", key.ID, body)
	}
	if res, _ := e.get("/api/v1/icons", e.token()); res.StatusCode != http.StatusOK || policy(res) != "agent" {
		t.Errorf("new credentials: %d", res.StatusCode)
	}
}

func TestForeignTokensAreIgnored(t *testing.T) {
	e := newEnv(t)
	hs, _ := jwt.NewWithClaims(jwt.SigningMethodHS256, jwt.MapClaims{
		"iss": "https://login.other.example", "aud": base, "sub": "user-1", "exp": e.clock.Now().Add(time.Hour).Unix(),
	}).SignedString([]byte("their secret"))
	for why, header := range map[string]string{
		"random string":       "Bearer 3f9a8c1d2b7e4f60",
		"other issuer, HS256": "Bearer " + hs,
		"basic scheme":        "Basic dXNlcjpwYXNz",
		"empty bearer":        "Bearer ",
	} {
		res, body := e.do(http.MethodGet, "/a2a", map[string]string{"Authorization": header}, "")
		if res.StatusCode != http.StatusOK || policy(res) != "anonymous" {
			t.Errorf("%s: %d %s, policy %q", why, res.StatusCode, body, policy(res))
		}
	}
}

func TestTokenKindsAreNotInterchangeable(t *testing.T) {
	e := newEnv(t)
	reg := e.register()
	want401(t, e, reg.IdentityAssertion, "assertion as access token")
	access := e.exchange(reg.IdentityAssertion).AccessToken
	res, body := e.postForm("/oauth2/token", url.Values{"grant_type": {jwtBearer}, "assertion": {access}})
	if res.StatusCode != http.StatusBadRequest || oauthError(t, body) != "invalid_grant" {
		t.Errorf("access token as assertion: %d %s", res.StatusCode, body)
	}
}
