package access_test

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/iconlib/iconlib/edge/access"
	"github.com/iconlib/iconlib/edge/internal/ratelimit"
)

// BenchmarkLimit is the overhead Limit adds to a request (called directly, without the network), in front
// of a handler that does nothing; "baseline" is the same request without Limit, to subtract.
func BenchmarkLimit(b *testing.B) {
	huge := func(c *access.Config) {
		c.Limits.Anonymous = ratelimit.Policy{Name: "anonymous", Quota: 1 << 30, Window: time.Minute}
		c.Limits.Agent = ratelimit.Policy{Name: "agent", Quota: 1 << 30, Window: time.Minute}
	}
	e := newEnv(b, huge)
	off := newEnv(b, func(c *access.Config) { c.Limits.Off = true })
	noop := http.HandlerFunc(func(http.ResponseWriter, *http.Request) {})
	for _, bc := range []struct {
		name, auth string
		env        *env
	}{
		{"baseline", "", nil},
		{"anonymous", "", e},
		{"foreign-token", "Bearer eyJhbGciOiJIUzI1NiJ9.eyJpc3MiOiJodHRwczovL290aGVyLmV4YW1wbGUifQ.c2ln", e},
		{"agent-token", "Bearer " + e.token(), e},
		{"limits-off-anonymous", "", off},
		{"limits-off-agent-token", "Bearer " + off.token(), off},
	} {
		var h http.Handler = noop
		if bc.env != nil {
			h = bc.env.access.Limit(noop, access.REST)
		}
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					r := httptest.NewRequest(http.MethodGet, "/api/v1/icons", nil)
					if bc.auth != "" {
						r.Header.Set("Authorization", bc.auth)
					}
					w := httptest.NewRecorder()
					h.ServeHTTP(w, r)
					if w.Code != http.StatusOK {
						b.Fatalf("status %d", w.Code)
					}
				}
			})
		})
	}
}
