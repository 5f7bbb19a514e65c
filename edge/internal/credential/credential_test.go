package credential

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/iconlib/iconlib/internal/contract"
)

const issuer = "https://icons.example"

// clock is a settable time source.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time          { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Advance(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

func newAuthority(t testing.TB) (*Authority, *KeyFile, *clock) {
	t.Helper()
	kf, err := OpenKeyFile(filepath.Join(t.TempDir(), "keys", "signing-key.pem"))
	if err != nil {
		t.Fatal(err)
	}
	c := &clock{t: time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)}
	a, err := NewAuthority(contract.MustParseBaseURL(issuer+"/"), kf, c.Now)
	if err != nil {
		t.Fatal(err)
	}
	return a, kf, c
}

func issue(t testing.TB, a *Authority, u Use) Token {
	t.Helper()
	tok, err := a.Issue(u, NewRegistrationID())
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

func wantInvalid(t *testing.T, err error) {
	t.Helper()
	var ie *InvalidError
	if !errors.As(err, &ie) {
		t.Fatalf("err = %v, want an *InvalidError", err)
	}
}

func TestIssueAndVerify(t *testing.T) {
	a, kf, c := newAuthority(t)
	key, _ := kf.Current()
	for _, tc := range []struct {
		use      Use
		aud, typ string
		lifetime time.Duration
	}{
		{Assertion, issuer + "/oauth2/token", "agent-assertion+jwt", 30 * 24 * time.Hour},
		{Access, issuer, "at+jwt", time.Hour},
	} {
		tok := issue(t, a, tc.use)
		claims, err := a.Verify(tok.Raw, tc.use)
		if err != nil {
			t.Fatalf("%v: %v", tc.use, err)
		}
		if claims.Issuer != issuer || len(claims.Audience) != 1 || claims.Audience[0] != tc.aud ||
			claims.Subject != tok.RegistrationID || claims.ExpiresAt.Sub(claims.IssuedAt.Time) != tc.lifetime ||
			!tok.Expires.Equal(c.Now().Add(tc.lifetime)) || len(claims.ID) < 26 {
			t.Errorf("%v: claims %+v", tc.use, claims)
		}
		parsed, _, _ := jwt.NewParser().ParseUnverified(tok.Raw, jwt.MapClaims{})
		if parsed.Header["typ"] != tc.typ || parsed.Header["kid"] != key.ID || parsed.Header["alg"] != "ES256" {
			t.Errorf("%v: header %v", tc.use, parsed.Header)
		}
		if (tc.use == Access) != (claims.Scope == Scope) {
			t.Errorf("%v: scope %q", tc.use, claims.Scope)
		}
		// RFC 9068: an at+jwt token names its client; the registration is the client.
		if (tc.use == Access) != (claims.ClientID == tok.RegistrationID) {
			t.Errorf("%v: client_id %q, registration %q", tc.use, claims.ClientID, tok.RegistrationID)
		}
		other := map[Use]Use{Assertion: Access, Access: Assertion}[tc.use]
		if _, err := a.Verify(tok.Raw, other); err == nil {
			t.Errorf("%v verified as %v", tc.use, other)
		} else {
			wantInvalid(t, err)
		}
	}
}

func TestRegistrationIDs(t *testing.T) {
	seen := map[string]bool{}
	for range 1000 {
		id := NewRegistrationID()
		if !strings.HasPrefix(id, "reg_") || len(id) != 30 || strings.Trim(id[4:], "abcdefghijklmnopqrstuvwxyz234567") != "" || seen[id] {
			t.Fatalf("bad or repeated id %q", id)
		}
		seen[id] = true
	}
	a, _, _ := newAuthority(t)
	for _, id := range []string{"", "reg_", "abc", "reg_" + strings.Repeat("a", 61)} {
		if _, err := a.Issue(Access, id); err == nil {
			t.Errorf("issued for %q", id)
		}
	}
}

func TestExpiry(t *testing.T) {
	a, _, c := newAuthority(t)
	access, assertion := issue(t, a, Access), issue(t, a, Assertion)
	c.Advance(time.Hour - time.Second)
	if _, err := a.Verify(access.Raw, Access); err != nil {
		t.Fatalf("one second before expiry: %v", err)
	}
	c.Advance(time.Second)
	_, err := a.Verify(access.Raw, Access)
	wantInvalid(t, err)
	if !strings.Contains(err.Error(), "expired") {
		t.Errorf("reason: %v", err)
	}
	c.Advance(30*24*time.Hour - time.Hour - time.Second)
	if _, err := a.Verify(assertion.Raw, Assertion); err != nil {
		t.Fatalf("assertion on its last second: %v", err)
	}
	c.Advance(time.Second)
	_, err = a.Verify(assertion.Raw, Assertion)
	wantInvalid(t, err)
}

func TestRotationEndsEveryToken(t *testing.T) {
	a, kf, _ := newAuthority(t)
	old, _ := kf.Current()
	access, assertion := issue(t, a, Access), issue(t, a, Assertion)
	for _, v := range []struct {
		raw string
		use Use
	}{{access.Raw, Access}, {assertion.Raw, Assertion}} { // verified, so remembered, before the rotation
		if _, err := a.Verify(v.raw, v.use); err != nil {
			t.Fatal(err)
		}
	}
	key, err := Rotate(kf.Path())
	if err != nil {
		t.Fatal(err)
	}
	if cur, _ := kf.Current(); cur.ID != key.ID || key.ID == old.ID {
		t.Fatalf("current key %s after rotating to %s from %s", cur.ID, key.ID, old.ID)
	}
	for _, tok := range []struct {
		raw string
		use Use
	}{{access.Raw, Access}, {assertion.Raw, Assertion}} {
		_, err := a.Verify(tok.raw, tok.use)
		wantInvalid(t, err)
		if !strings.Contains(err.Error(), "no longer uses") {
			t.Errorf("reason: %v", err)
		}
	}
	if _, err := a.Verify(issue(t, a, Access).Raw, Access); err != nil {
		t.Errorf("token of the new key: %v", err)
	}
}

func TestForeignTokensAreIgnored(t *testing.T) {
	a, _, _ := newAuthority(t)
	other, _ := jwt.NewWithClaims(jwt.SigningMethodHS256, jwt.MapClaims{
		"iss": "https://login.other.example", "sub": "someone", "exp": time.Now().Add(time.Hour).Unix(),
	}).SignedString([]byte("secret"))
	foreignKid, _ := jwt.NewWithClaims(jwt.SigningMethodHS256, jwt.MapClaims{"iss": "https://x.example"}).SignedString([]byte("k"))
	ours := issue(t, a, Access).Raw
	for name, raw := range map[string]string{
		"empty":           "",
		"random":          "q8v0b9Zk1mVYyq2n",
		"three garbage":   "a.b.c",
		"other issuer":    other,
		"other kid shape": foreignKid,
		"oversized other": other + strings.Repeat("A", MaxTokenSize),
		"beyond reading":  ours + strings.Repeat("A", maxInspect),
		"not base64":      "%%%.%%%.%%%",
		"header not json": "bm90IGpzb24.e30.",
	} {
		if _, err := a.Verify(raw, Access); !errors.Is(err, ErrForeign) || a.Ours(raw) {
			t.Errorf("%s: err = %v, Ours %v; want ErrForeign", name, err, a.Ours(raw))
		}
	}
}

// TestOversizedOwnTokenIsInvalid: a token of ours with text appended past MaxTokenSize is still ours, and
// rejected (it used to be called foreign, so the request went on as anonymous).
func TestOversizedOwnTokenIsInvalid(t *testing.T) {
	a, _, _ := newAuthority(t)
	ours := issue(t, a, Access).Raw
	for name, raw := range map[string]string{
		"signature padded": ours + strings.Repeat("A", 4000),
		"fourth segment":   ours + "." + strings.Repeat("A", MaxTokenSize),
	} {
		_, err := a.Verify(raw, Access)
		wantInvalid(t, err)
		if !a.Ours(raw) || !strings.Contains(err.Error(), "longer than any") {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestLifetimeLongerThanPolicyIsRefused: a token signed with our key but claiming more than its use's
// lifetime (exp - iat) is refused, even though it has not expired; exactly the lifetime is accepted.
func TestLifetimeLongerThanPolicyIsRefused(t *testing.T) {
	a, kf, c := newAuthority(t)
	key, _ := kf.Current()
	sign := func(u Use, lifetime time.Duration) string {
		now := c.Now()
		claims := Claims{RegisteredClaims: jwt.RegisteredClaims{Issuer: issuer, Subject: NewRegistrationID(),
			Audience: jwt.ClaimStrings{a.audience(u)}, IssuedAt: jwt.NewNumericDate(now),
			ExpiresAt: jwt.NewNumericDate(now.Add(lifetime))}, TokenUse: u.claim()}
		if u == Access {
			claims.Scope = Scope
		}
		tok := jwt.NewWithClaims(jwt.SigningMethodES256, claims)
		tok.Header["kid"], tok.Header["typ"] = key.ID, u.typ()
		raw, err := tok.SignedString(key.private)
		if err != nil {
			t.Fatal(err)
		}
		return raw
	}
	for _, u := range []Use{Access, Assertion} {
		if _, err := a.Verify(sign(u, u.lifetime()), u); err != nil {
			t.Errorf("%v of exactly its lifetime: %v", u, err)
		}
		for _, lifetime := range []time.Duration{u.lifetime() + time.Second, 100 * 365 * 24 * time.Hour} {
			_, err := a.Verify(sign(u, lifetime), u)
			wantInvalid(t, err)
			if !strings.Contains(err.Error(), "longer lifetime") {
				t.Errorf("%v lasting %v: %v", u, lifetime, err)
			}
		}
	}
}

func TestUnreadableKeyFile(t *testing.T) {
	a, kf, _ := newAuthority(t)
	ours := issue(t, a, Access).Raw
	if err := os.Remove(kf.Path()); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Issue(Access, NewRegistrationID()); !errors.Is(err, ErrUnavailable) {
		t.Errorf("Issue: %v", err)
	}
	if _, err := a.Verify(ours, Access); !errors.Is(err, ErrUnavailable) {
		t.Errorf("Verify: %v", err)
	}
	if _, err := a.JWKS(); !errors.Is(err, ErrUnavailable) {
		t.Errorf("JWKS: %v", err)
	}
	if _, err := a.Verify("not a token", Access); !errors.Is(err, ErrForeign) {
		t.Errorf("foreign: %v", err)
	}
}

func TestVerifiedCacheIsBounded(t *testing.T) {
	a, kf, _ := newAuthority(t)
	key, _ := kf.Current()
	var c verifiedCache
	for i := range cacheSize + 10 {
		c.put(newCacheKey(fmt.Sprint(i), Access), key.ID, &Claims{})
	}
	if len(c.entries) != cacheSize {
		t.Errorf("%d entries", len(c.entries))
	}
	// A hit is still checked: the same token verified as the other use is not served from the cache.
	tok := issue(t, a, Access)
	a.Verify(tok.Raw, Access)
	if _, err := a.Verify(tok.Raw, Assertion); err == nil {
		t.Error("cache served an access token as an assertion")
	}
}
