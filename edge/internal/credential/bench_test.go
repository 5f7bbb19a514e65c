package credential

import "testing"

func BenchmarkIssueAccess(b *testing.B) {
	a, _, _ := newAuthority(b)
	id := NewRegistrationID()
	for b.Loop() {
		if _, err := a.Issue(Access, id); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkVerify is the cost a Bearer token adds to a request. cached: a token seen before (a hash, a
// stat of the key file, the time checks); uncached: the first time (parsing and an ECDSA P-256 verification).
func BenchmarkVerify(b *testing.B) {
	a, _, _ := newAuthority(b)
	raw := issue(b, a, Access).Raw
	b.Run("cached", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := a.Verify(raw, Access); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("uncached", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			a.cache.entries = nil
			if _, err := a.Verify(raw, Access); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkVerifyForeign is the cost of recognising (and ignoring) someone else's token.
func BenchmarkVerifyForeign(b *testing.B) {
	a, _, _ := newAuthority(b)
	raw := "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJodHRwczovL2xvZ2luLm90aGVyLmV4YW1wbGUiLCJzdWIiOiJ4In0.c2lnbmF0dXJl"
	b.ReportAllocs()
	for b.Loop() {
		if _, err := a.Verify(raw, Access); err != ErrForeign {
			b.Fatal(err)
		}
	}
}
