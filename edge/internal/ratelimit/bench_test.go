package ratelimit

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"testing"
	"time"
)

// BenchmarkLimiter is what the limiter adds to a request, by store: every Take is timed, and besides the
// mean (ns/op) the median and 99th percentile are reported (p50-ns, p99-ns). Redis is a redis-server of
// the benchmark's own on loopback, one call (EVALSHA) per Take. Keys cycle over 4,096 clients under a
// quota none reaches, so every Take writes.
func BenchmarkLimiter(b *testing.B) {
	keys := make([]string, 4096)
	for i := range keys {
		keys[i] = fmt.Sprintf("203.0.%d.%d", i/256, i%256)
	}
	p := Policy{Name: "anonymous", Quota: 1 << 30, Window: time.Minute}
	ctx := context.Background()
	for _, st := range stores {
		b.Run(st.name, func(b *testing.B) {
			l := NewLimiter(st.open(b), slog.New(slog.DiscardHandler))
			took := make([]time.Duration, 0, 1<<16)
			i := 0
			for b.Loop() {
				start := time.Now()
				l.Take(ctx, p, keys[i%len(keys)], 1, t0)
				took = append(took, time.Since(start))
				i++
			}
			if l.StoreErrors() != 0 {
				b.Fatalf("the store failed %d times; those Takes were counted in memory", l.StoreErrors())
			}
			slices.Sort(took)
			b.ReportMetric(float64(took[len(took)/2].Nanoseconds()), "p50-ns")
			b.ReportMetric(float64(took[len(took)*99/100].Nanoseconds()), "p99-ns")
		})
	}
}
