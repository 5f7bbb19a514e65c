package credential

import (
	"errors"
	"strings"
	"testing"
)

// FuzzVerify feeds arbitrary text to Verify. It must never panic, must sort every input into exactly one
// outcome, and must never accept anything but an untouched token it issued. Seeds: testdata/fuzz/FuzzVerify
// (hand-made attack shapes) and tokens issued here.
func FuzzVerify(f *testing.F) {
	a, _, _ := newAuthority(f)
	access := issue(f, a, Access)
	assertion := issue(f, a, Assertion)
	f.Add(access.Raw, true)
	f.Add(assertion.Raw, false)
	f.Add(assertion.Raw, true)
	f.Add(access.Raw[:strings.LastIndexByte(access.Raw, '.')+1], true)
	f.Fuzz(func(t *testing.T, raw string, asAccess bool) {
		use := Assertion
		if asAccess {
			use = Access
		}
		claims, err := a.Verify(raw, use)
		var ie *InvalidError
		switch {
		case err == nil:
			if raw != access.Raw && raw != assertion.Raw {
				t.Fatalf("accepted a token it did not issue: %q", raw)
			}
			if claims.Subject == "" || claims.TokenUse != use.claim() {
				t.Fatalf("accepted with claims %+v", claims)
			}
		case errors.Is(err, ErrForeign), errors.As(err, &ie):
		default:
			t.Fatalf("unexpected error kind: %v", err)
		}
		if len(raw) > MaxTokenSize && !errors.Is(err, ErrForeign) {
			t.Fatalf("parsed an oversized token: %v", err)
		}
	})
}
