package a2a_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/a2aproject/a2a-go/v2/a2a"

	"github.com/iconlib/iconlib/edge/library"
)

// BenchmarkFindIcons times find-icons calls over loopback with the SDK's clients of both dialects, and
// the agent's handler alone (no network, no client), and reports the median and 99th percentile call in
// microseconds (p50-µs, p99-µs). The fixture's ranker is a fake; ICONLIB_BENCH_PUBLIC=<a built public/>
// measures the real library and its search index instead.
func BenchmarkFindIcons(b *testing.B) {
	s := newAgent(b)
	if dir := os.Getenv("ICONLIB_BENCH_PUBLIC"); dir != "" {
		lib, err := library.Load(dir)
		if err != nil || lib.SearchErr() != nil {
			b.Fatal(err, lib.SearchErr())
		}
		s = serve(b, lib)
	}
	ctx := context.Background()
	for _, d := range s.clients(b) {
		b.Run(d.name, func(b *testing.B) {
			percentiles(b, func() {
				res, err := d.client.SendMessage(ctx, &a2a.SendMessageRequest{
					Message: a2a.NewMessage(a2a.MessageRoleUser, a2a.NewTextPart("an icon for going back"))})
				if _, ok := res.(*a2a.Message); !ok || err != nil {
					b.Fatalf("%T, %v", res, err)
				}
			})
		})
	}
	b.Run("handler only", func(b *testing.B) {
		body := strings.Replace(v1Call, `"back"`, `"an icon for going back"`, 1)
		percentiles(b, func() {
			w := httptest.NewRecorder()
			r := httptest.NewRequest(http.MethodPost, "/a2a", strings.NewReader(body))
			r.Header.Set("A2A-Version", "1.0")
			s.agent.ServeHTTP(w, r)
			if !strings.Contains(w.Body.String(), `"arrow-`) {
				b.Fatal(w.Body.String())
			}
		})
	})
}

// percentiles runs call b.N times and reports the median and 99th percentile duration.
func percentiles(b *testing.B, call func()) {
	took := make([]time.Duration, 0, b.N)
	for b.Loop() {
		start := time.Now()
		call()
		took = append(took, time.Since(start))
	}
	slices.Sort(took)
	at := func(p float64) float64 { return float64(took[int(p*float64(len(took)-1))].Nanoseconds()) / 1e3 }
	b.ReportMetric(at(0.50), "p50-µs")
	b.ReportMetric(at(0.99), "p99-µs")
}
