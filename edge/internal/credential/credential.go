// Package credential issues and verifies iconlib's anonymous agent credentials: the identity assertion a
// registration returns (30 days) and the access token the token endpoint exchanges it for (one hour). Both
// are ES256 JWTs signed with the one key in the key file (see [KeyFile]) and name the registration in sub;
// nothing about a registration is stored anywhere else.
//
// # Ours or foreign
//
// An Authorization header may carry a token some other service issued; the contract says to ignore those.
// A token is treated as ours when its (unverified) header kid has our key id shape ([IsOurKeyID]) or its
// (unverified) iss is our issuer. Such a token must then verify completely, or it is rejected ([InvalidError]);
// that is how expired, altered and replaced-key tokens are told apart from strangers' tokens. A token of ours
// over [MaxTokenSize] bytes is rejected without being verified, whatever was appended to it. Anything else,
// including text that is not a JWT at all, is foreign ([ErrForeign]). Only the shape decides; a
// foreign-looking token is never verified, so it costs microseconds.
package credential

import (
	"errors"
	"fmt"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/iconlib/iconlib/internal/contract"
)

// Contract values.
const (
	Scope             = "icons.read"          // the only scope
	AssertionLifetime = 30 * 24 * time.Hour   // identity assertion
	AccessLifetime    = 3600 * time.Second    // access token
	MaxTokenSize      = 4 << 10               // longer tokens are refused unread; ours are under 1 KiB
	maxInspect        = 64 << 10              // longer text is never read, not even to tell whose it is
	clockSkew         = 60 * time.Second      // tolerated for iat, between edge copies sharing the key
	registrationIDMax = 64                    // longest sub accepted
	regPrefix         = "reg_"                // registration ids start with this
	algorithm         = "ES256"               // the only algorithm signed or accepted
	typAssertion      = "agent-assertion+jwt" // header typ of an identity assertion
	typAccess         = "at+jwt"              // header typ of an access token (RFC 9068)
)

// Use is what a token is for; a token of one use never verifies as the other.
type Use uint8

// Token uses.
const (
	Assertion Use = iota + 1 // identity assertion, exchanged at the token endpoint
	Access                   // access token, sent as a Bearer token
)

// String names the use, as error messages do.
func (u Use) String() string {
	switch u {
	case Assertion:
		return "identity assertion"
	case Access:
		return "access token"
	}
	return "unknown token use"
}

// claim token_use values.
func (u Use) claim() string {
	if u == Assertion {
		return "assertion"
	}
	return "access"
}

// lifetime is how long a token of this use lasts from its issue; a token claiming longer is refused.
func (u Use) lifetime() time.Duration {
	if u == Assertion {
		return AssertionLifetime
	}
	return AccessLifetime
}

func (u Use) typ() string {
	if u == Assertion {
		return typAssertion
	}
	return typAccess
}

// ErrForeign says a token is not one of ours; callers ignore it (an anonymous request).
var ErrForeign = errors.New("credential: not a token of this service")

// ErrUnavailable says the signing key cannot be read now, so nothing can be issued or verified.
var ErrUnavailable = errors.New("credential: signing key unavailable")

// InvalidError says a token is ours but not valid: expired, altered, of the other use, or signed with a key
// that has been replaced. Reason is a short sentence fit for an error_description.
type InvalidError struct {
	Reason string
}

// Error implements error.
func (e *InvalidError) Error() string { return "credential: invalid token: " + e.Reason }

func invalid(format string, args ...any) error {
	return &InvalidError{Reason: fmt.Sprintf(format, args...)}
}

// Claims are the claims of both token kinds. Subject is the registration id; an access token also names
// it as its client_id, as RFC 9068 requires of a token typed at+jwt (the registration is the client, and
// acts for itself).
type Claims struct {
	jwt.RegisteredClaims
	TokenUse string `json:"token_use"`
	Scope    string `json:"scope,omitempty"`
	ClientID string `json:"client_id,omitempty"`
}

// KeySource gives the current signing key; [*KeyFile] is the implementation.
type KeySource interface {
	Current() (*Key, error)
}

// Authority issues and verifies tokens for one issuer. It is safe for concurrent use.
type Authority struct {
	issuer  string
	keys    KeySource
	now     func() time.Time
	parsers [Access + 1]*jwt.Parser
	cache   verifiedCache
}

// NewAuthority returns an authority for issuer, the service's base URL, signing with keys and telling
// time with now; keys and now must not be nil.
func NewAuthority(issuer contract.BaseURL, keys KeySource, now func() time.Time) (*Authority, error) {
	if issuer.IsZero() || keys == nil || now == nil {
		return nil, errors.New("credential: an authority needs an issuer, keys and a clock")
	}
	a := &Authority{issuer: issuer.String(), keys: keys, now: now}
	for _, u := range []Use{Assertion, Access} {
		a.parsers[u] = jwt.NewParser(
			jwt.WithValidMethods([]string{algorithm}),
			jwt.WithIssuer(a.issuer),
			jwt.WithAudience(a.audience(u)),
			jwt.WithExpirationRequired(),
			jwt.WithTimeFunc(now),
			jwt.WithStrictDecoding(),
		)
	}
	return a, nil
}

// Issuer is the issuer identifier: the normalized base URL.
func (a *Authority) Issuer() string { return a.issuer }

// TokenEndpoint is the token endpoint's absolute URL.
func (a *Authority) TokenEndpoint() string { return a.issuer + contract.TokenPath }

// audience: an assertion is for the token endpoint (RFC 7523 section 3), an access token for the service.
func (a *Authority) audience(u Use) string {
	if u == Assertion {
		return a.TokenEndpoint()
	}
	return a.issuer
}
