package credential

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// Token is a signed token and what it says.
type Token struct {
	Raw            string    // the compact JWT
	RegistrationID string    // its sub
	Expires        time.Time // its exp
}

// NewRegistrationID returns a new registration id: "reg_" and 128 random bits in lowercase base32.
func NewRegistrationID() string {
	return regPrefix + strings.ToLower(rand.Text())
}

func validRegistrationID(id string) bool {
	return strings.HasPrefix(id, regPrefix) && len(id) > len(regPrefix) && len(id) <= registrationIDMax
}

// Issue signs a token of use u for a registration. It fails with [ErrUnavailable] when the key file cannot
// be read.
func (a *Authority) Issue(u Use, registrationID string) (Token, error) {
	if u != Assertion && u != Access {
		return Token{}, fmt.Errorf("credential: cannot issue %v", u)
	}
	if !validRegistrationID(registrationID) {
		return Token{}, fmt.Errorf("credential: malformed registration id %q", registrationID)
	}
	key, err := a.keys.Current()
	if err != nil {
		return Token{}, fmt.Errorf("%w: %v", ErrUnavailable, err)
	}
	now := a.now().Truncate(time.Second)
	lifetime := u.lifetime()
	claims := Claims{
		RegisteredClaims: jwt.RegisteredClaims{
			Issuer:    a.issuer,
			Subject:   registrationID,
			Audience:  jwt.ClaimStrings{a.audience(u)},
			IssuedAt:  jwt.NewNumericDate(now),
			ExpiresAt: jwt.NewNumericDate(now.Add(lifetime)),
			ID:        rand.Text(),
		},
		TokenUse: u.claim(),
	}
	if u == Access {
		claims.Scope, claims.ClientID = Scope, registrationID
	}
	t := jwt.NewWithClaims(jwt.SigningMethodES256, claims)
	t.Header["kid"] = key.ID
	t.Header["typ"] = u.typ()
	raw, err := t.SignedString(key.private)
	if err != nil {
		return Token{}, err
	}
	return Token{Raw: raw, RegistrationID: registrationID, Expires: now.Add(lifetime)}, nil
}

// Verify checks that raw is a valid token of use u issued by this authority and returns its claims.
// The error is [ErrForeign] for a token that is not ours (see the package documentation), an
// [*InvalidError] for one of ours that does not verify, or wraps [ErrUnavailable] when the key file cannot
// be read. Checks: ES256 only; no jku, x5u, jwk, x5c, x5t or crit header; kid is the current key's; typ, iss,
// aud and token_use match u; exp is required and in the future; iat is required and not in the future
// (beyond a minute of clock skew); exp - iat is at most the use's lifetime; nbf, if present, has passed;
// sub is a registration id; an access token carries scope icons.read; the token is at most [MaxTokenSize]
// bytes.
func (a *Authority) Verify(raw string, u Use) (*Claims, error) {
	if u != Assertion && u != Access {
		return nil, fmt.Errorf("credential: cannot verify %v", u)
	}
	if len(raw) > MaxTokenSize {
		return nil, a.oversized(raw, u)
	}
	ck := newCacheKey(raw, u)
	if hit, ok := a.cache.get(ck); ok {
		key, err := a.keys.Current()
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrUnavailable, err)
		}
		if hit.kid == key.ID {
			if err := a.checkTimes(&hit.claims, u); err != nil {
				a.cache.drop(ck)
				return nil, err
			}
			return &hit.claims, nil
		}
		a.cache.drop(ck) // the key was replaced: verify in full, which rejects it
	}
	h, ours := a.peek(raw)
	if !ours {
		return nil, ErrForeign
	}
	if h.forbidden != "" {
		return nil, invalid("the %s header is not accepted", h.forbidden)
	}
	if h.alg != algorithm {
		return nil, invalid("only ES256 signatures are accepted")
	}
	key, err := a.keys.Current()
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrUnavailable, err)
	}
	if h.kid != key.ID {
		return nil, invalid("the %s was signed with a key this service no longer uses", u)
	}
	if h.typ != u.typ() {
		return nil, invalid("the token is not an %s", u)
	}
	claims := new(Claims)
	if _, err := a.parsers[u].ParseWithClaims(raw, claims, func(*jwt.Token) (any, error) { return key.Public(), nil }); err != nil {
		return nil, invalid("%s", describe(err, u))
	}
	switch {
	case claims.TokenUse != u.claim():
		return nil, invalid("the token is not an %s", u)
	case !validRegistrationID(claims.Subject):
		return nil, invalid("the %s names no registration", u)
	case u == Access && claims.Scope != Scope:
		return nil, invalid("the access token lacks scope %s", Scope)
	}
	if err := a.checkTimes(claims, u); err != nil {
		return nil, err
	}
	a.cache.put(ck, key.ID, claims)
	return claims, nil
}

// Ours reports whether raw names this service (by kid or iss, unverified; see the package documentation),
// so that [Authority.Verify] would check it in full rather than call it foreign. It costs a few
// microseconds: callers use it to count a request before paying for a signature check.
func (a *Authority) Ours(raw string) bool {
	if len(raw) > maxInspect {
		return false
	}
	_, ours := a.peek(raw)
	return ours
}

// oversized judges a token longer than any this service issues: one that names this service is rejected
// unverified, anything else is foreign.
func (a *Authority) oversized(raw string, u Use) error {
	if !a.Ours(raw) { // text over maxInspect is more than any request to the edge carries: not read
		return ErrForeign
	}
	return invalid("the %s is longer than any this service issues", u)
}

// checkTimes checks exp (required, in the future), nbf (if present, passed), iat (required, not in the
// future beyond a minute of clock skew between edge copies) against the clock, and that exp is no further
// from iat than the use's lifetime (a signed token claiming a century is not one this service issued).
func (a *Authority) checkTimes(c *Claims, u Use) error {
	now := a.now()
	switch {
	case c.ExpiresAt == nil || !now.Before(c.ExpiresAt.Time):
		return invalid("the %s expired", u)
	case c.NotBefore != nil && now.Before(c.NotBefore.Time):
		return invalid("the %s is not valid yet", u)
	case c.IssuedAt == nil:
		return invalid("the %s has no issue time", u)
	case c.IssuedAt.After(now.Add(clockSkew)):
		return invalid("the %s is not valid yet", u)
	case c.ExpiresAt.Sub(c.IssuedAt.Time) > u.lifetime():
		return invalid("the %s claims a longer lifetime than this service gives", u)
	}
	return nil
}

// describe turns a jwt error into a reason for an error_description.
func describe(err error, u Use) string {
	switch {
	case errors.Is(err, jwt.ErrTokenExpired):
		return fmt.Sprintf("the %s expired", u)
	case errors.Is(err, jwt.ErrTokenNotValidYet), errors.Is(err, jwt.ErrTokenUsedBeforeIssued):
		return fmt.Sprintf("the %s is not valid yet", u)
	case errors.Is(err, jwt.ErrTokenInvalidIssuer):
		return "the token was issued by someone else"
	case errors.Is(err, jwt.ErrTokenInvalidAudience):
		return fmt.Sprintf("the token is not meant to be used as an %s", u)
	case errors.Is(err, jwt.ErrTokenRequiredClaimMissing):
		return fmt.Sprintf("the %s lacks a required claim", u)
	case errors.Is(err, jwt.ErrTokenSignatureInvalid):
		return fmt.Sprintf("the %s's signature does not verify: it was altered", u)
	case errors.Is(err, jwt.ErrTokenMalformed):
		return fmt.Sprintf("the %s is malformed", u)
	}
	return fmt.Sprintf("the %s is invalid", u)
}

// peeked is what an unverified header says.
type peeked struct {
	alg, kid, typ string
	forbidden     string // the first header naming a key or extension we refuse to consider, if any
}

// forbiddenHeaders point a verifier at keys or extensions chosen by the token's author.
var forbiddenHeaders = []string{"jku", "x5u", "jwk", "x5c", "x5t", "x5t#S256", "crit"}

// peek decodes the unverified header (and, only if needed, the payload's iss) and says whether the token is
// ours by the package's rule. Nothing here is trusted; it only routes the token.
func (a *Authority) peek(raw string) (peeked, bool) {
	hseg, rest, ok := strings.Cut(raw, ".")
	if !ok {
		return peeked{}, false
	}
	hb, err := base64.RawURLEncoding.DecodeString(hseg)
	if err != nil {
		return peeked{}, false
	}
	var fields map[string]json.RawMessage
	if json.Unmarshal(hb, &fields) != nil {
		return peeked{}, false
	}
	h := peeked{alg: headerString(fields, "alg"), kid: headerString(fields, "kid"), typ: headerString(fields, "typ")}
	for _, name := range forbiddenHeaders {
		if _, ok := fields[name]; ok {
			h.forbidden = name
			break
		}
	}
	if IsOurKeyID(h.kid) {
		return h, true
	}
	pseg, _, _ := strings.Cut(rest, ".")
	pb, err := base64.RawURLEncoding.DecodeString(pseg)
	if err != nil {
		return h, false
	}
	var payload struct {
		Iss any `json:"iss"`
	}
	if json.Unmarshal(pb, &payload) != nil {
		return h, false
	}
	iss, _ := payload.Iss.(string)
	return h, iss == a.issuer
}

// headerString returns a string header; one that is present but not a string gives "\x00", which equals
// nothing we accept.
func headerString(fields map[string]json.RawMessage, name string) string {
	v, ok := fields[name]
	if !ok {
		return ""
	}
	var s string
	if json.Unmarshal(v, &s) != nil {
		return "\x00"
	}
	return s
}

// JWKS returns the key set publishing the current public key. Only the current key is listed: a replaced
// key verifies nothing any more.
func (a *Authority) JWKS() (JWKS, error) {
	key, err := a.keys.Current()
	if err != nil {
		return JWKS{}, fmt.Errorf("%w: %v", ErrUnavailable, err)
	}
	return JWKS{Keys: []JWK{key.JWK()}}, nil
}
