package ratelimit

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/iconlib/iconlib/internal/redistest"
)

var t0 = time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)

var agent = Policy{Name: "agent", Quota: 600, Window: time.Minute}

func TestPolicyHeaders(t *testing.T) {
	if got := agent.Header(); got != `"agent";q=600;w=60` {
		t.Errorf("policy header %s", got)
	}
	l := NewLimiter(nil, slog.New(slog.DiscardHandler))
	r := l.Take(context.Background(), agent, "reg_x", 1, t0)
	if got := r.Header(); got != `"agent";r=599;t=60` {
		t.Errorf("first request: %s", got)
	}
	r = l.Take(context.Background(), agent, "reg_x", 1, t0.Add(20500*time.Millisecond))
	if got := r.Header(); got != `"agent";r=598;t=40` {
		t.Errorf("later: %s", got)
	}
	refused := Result{Policy: agent, Decision: Decision{Reset: t0.Add(time.Millisecond)}, Now: t0}
	if refused.ResetSeconds() != 1 {
		t.Errorf("a refusal must say wait at least a second: %d", refused.ResetSeconds())
	}
	for _, bad := range []Policy{{"", 1, time.Second}, {`a"b`, 1, time.Second}, {"é", 1, time.Second},
		{"a", 0, time.Second}, {"a", 1, 1500 * time.Millisecond}, {"a", 1, 0}} {
		if bad.Check() == nil {
			t.Errorf("accepted %+v", bad)
		}
	}
	if err := agent.Check(); err != nil {
		t.Error(err)
	}
}

// stores are the stores the suite runs against: a new one of each kind per call of open.
var stores = []struct {
	name string
	open func(testing.TB) Store
}{
	{"memory", func(testing.TB) Store { return NewMemoryStore() }},
	{"redis", openRedis},
}

// openRedis is a RedisStore on a redis-server of its own.
func openRedis(t testing.TB) Store {
	t.Helper()
	s, err := OpenRedis(redistest.Start(t).URL(), 10*time.Second) // a slow dial under -race is no failure here
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestFixedWindow(t *testing.T) {
	for _, st := range stores {
		t.Run(st.name, func(t *testing.T) {
			l := NewLimiter(st.open(t), slog.New(slog.DiscardHandler))
			p := Policy{Name: "anonymous", Quota: 120, Window: time.Minute}
			ctx := context.Background()
			now := t0
			for i := range 120 {
				if r := l.Take(ctx, p, "192.0.2.1", 1, now); !r.Allowed || r.Remaining != 119-i {
					t.Fatalf("request %d: %+v", i+1, r)
				}
				now = now.Add(100 * time.Millisecond)
			}
			r := l.Take(ctx, p, "192.0.2.1", 1, now)
			if r.Allowed || r.Remaining != 0 || r.ResetSeconds() != 48 {
				t.Fatalf("121st: %+v, reset in %ds", r, r.ResetSeconds())
			}
			if r := l.Take(ctx, p, "192.0.2.2", 1, now); !r.Allowed {
				t.Error("another key was limited")
			}
			if r := l.Take(ctx, Policy{Name: "auth", Quota: 10, Window: time.Minute}, "192.0.2.1", 1, now); !r.Allowed {
				t.Error("another policy shares the counter")
			}
			if r := l.Take(ctx, p, "192.0.2.1", 1, t0.Add(time.Minute)); !r.Allowed || r.Remaining != 119 {
				t.Errorf("new window: %+v", r)
			}
			if l.Fallback() || l.StoreErrors() != 0 {
				t.Errorf("the store failed %d times", l.StoreErrors())
			}
		})
	}
}

// TestABatchCountsEachCallAndFitsWhole: a request of several calls counts each; one whose calls do not all
// fit what is left is refused and counts nothing, so a smaller one still fits, in either store.
func TestABatchCountsEachCallAndFitsWhole(t *testing.T) {
	for _, st := range stores {
		t.Run(st.name, func(t *testing.T) {
			s := st.open(t)
			ctx := context.Background()
			for i, step := range []struct {
				calls, remaining int
				allowed          bool
			}{{20, 100, true}, {20, 80, true}, {79, 1, true}, {2, 1, false}, {1, 0, true}, {1, 0, false}} {
				d, err := s.Take(ctx, "anonymous\x00192.0.2.8", step.calls, 120, time.Minute, t0)
				if err != nil {
					t.Fatal(err)
				}
				if d.Allowed != step.allowed || d.Remaining != step.remaining {
					t.Fatalf("step %d, %d calls: allowed %v, %d left; want %v, %d left", i, step.calls, d.Allowed, d.Remaining, step.allowed, step.remaining)
				}
			}
		})
	}
}

func TestConcurrentClientsNeverExceedQuota(t *testing.T) {
	for _, st := range stores {
		t.Run(st.name, func(t *testing.T) {
			s := st.open(t)
			var admitted atomic.Int64
			var wg sync.WaitGroup
			for range 64 {
				wg.Go(func() {
					for range 50 {
						d, err := s.Take(context.Background(), "anonymous\x00198.51.100.7", 1, 120, time.Minute, t0)
						if err != nil {
							t.Error(err)
							return
						}
						if d.Allowed {
							admitted.Add(1)
						}
					}
				})
			}
			wg.Wait()
			if admitted.Load() != 120 {
				t.Fatalf("admitted %d of 3200, want exactly 120", admitted.Load())
			}
		})
	}
}

func TestClosedWindowsAreDropped(t *testing.T) {
	s := NewMemoryStore()
	ctx := context.Background()
	const burst = 100_000 // over shrinkFloor keys in every shard
	for i := range burst {
		s.Take(ctx, fmt.Sprint("k", i), 1, 10, time.Minute, t0)
	}
	if n := s.size(); n != burst {
		t.Fatalf("size %d", n)
	}
	later := t0.Add(2 * time.Minute)
	for i := range 1000 { // these keys reach every shard: each sweeps once
		s.Take(ctx, fmt.Sprint("new", i), 1, 10, time.Minute, later)
	}
	if n := s.size(); n != 1000 {
		t.Fatalf("after the windows closed: size %d, want 1000", n)
	}
	for i := range s.shards {
		if s.shards[i].peak > 1024 {
			t.Errorf("shard %d not rebuilt: peak %d", i, s.shards[i].peak)
		}
	}
}

func BenchmarkMemoryStoreTake(b *testing.B) {
	s := NewMemoryStore()
	ctx := context.Background()
	keys := make([]string, 4096)
	for i := range keys {
		keys[i] = fmt.Sprintf("anonymous\x00203.0.%d.%d", i/256, i%256)
	}
	b.Run("serial", func(b *testing.B) {
		i := 0
		for b.Loop() {
			s.Take(ctx, keys[i%len(keys)], 1, 1<<30, time.Minute, t0)
			i++
		}
	})
	b.Run("parallel", func(b *testing.B) {
		b.RunParallel(func(pb *testing.PB) {
			i := 0
			for pb.Next() {
				s.Take(ctx, keys[i%len(keys)], 1, 1<<30, time.Minute, t0)
				i += 7
			}
		})
	})
	b.Run("parallel-one-key", func(b *testing.B) {
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				s.Take(ctx, "agent\x00reg_x", 1, 1<<30, time.Minute, t0)
			}
		})
	})
}
