package ratelimit

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

var t0 = time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)

var agent = Policy{Name: "agent", Quota: 600, Window: time.Minute}

func TestPolicyHeaders(t *testing.T) {
	if got := agent.Header(); got != `"agent";q=600;w=60` {
		t.Errorf("policy header %s", got)
	}
	s := NewMemoryStore()
	r, _ := agent.Take(context.Background(), s, "reg_x", t0)
	if got := r.Header(); got != `"agent";r=599;t=60` {
		t.Errorf("first request: %s", got)
	}
	r, _ = agent.Take(context.Background(), s, "reg_x", t0.Add(20500*time.Millisecond))
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

func TestFixedWindow(t *testing.T) {
	s := NewMemoryStore()
	p := Policy{Name: "anonymous", Quota: 120, Window: time.Minute}
	ctx := context.Background()
	now := t0
	for i := range 120 {
		r, err := p.Take(ctx, s, "192.0.2.1", now)
		if err != nil || !r.Allowed || r.Remaining != 119-i {
			t.Fatalf("request %d: %+v %v", i+1, r, err)
		}
		now = now.Add(100 * time.Millisecond)
	}
	r, _ := p.Take(ctx, s, "192.0.2.1", now)
	if r.Allowed || r.Remaining != 0 || r.ResetSeconds() != 48 {
		t.Fatalf("121st: %+v, reset in %ds", r, r.ResetSeconds())
	}
	if r, _ := p.Take(ctx, s, "192.0.2.2", now); !r.Allowed {
		t.Error("another key was limited")
	}
	if r, _ := (Policy{Name: "auth", Quota: 10, Window: time.Minute}).Take(ctx, s, "192.0.2.1", now); !r.Allowed {
		t.Error("another policy shares the counter")
	}
	if r, _ := p.Take(ctx, s, "192.0.2.1", t0.Add(time.Minute)); !r.Allowed || r.Remaining != 119 {
		t.Errorf("new window: %+v", r)
	}
}

func TestConcurrentClientsNeverExceedQuota(t *testing.T) {
	s := NewMemoryStore()
	p := Policy{Name: "anonymous", Quota: 120, Window: time.Minute}
	var admitted atomic.Int64
	var wg sync.WaitGroup
	for range 64 {
		wg.Go(func() {
			for range 50 {
				if r, _ := p.Take(context.Background(), s, "198.51.100.7", t0); r.Allowed {
					admitted.Add(1)
				}
			}
		})
	}
	wg.Wait()
	if admitted.Load() != 120 {
		t.Fatalf("admitted %d of 3200, want exactly 120", admitted.Load())
	}
}

func TestClosedWindowsAreDropped(t *testing.T) {
	s := NewMemoryStore()
	ctx := context.Background()
	const burst = 100_000 // over shrinkFloor keys in every shard
	for i := range burst {
		s.Take(ctx, fmt.Sprint("k", i), 10, time.Minute, t0)
	}
	if n := s.size(); n != burst {
		t.Fatalf("size %d", n)
	}
	later := t0.Add(2 * time.Minute)
	for i := range 1000 { // these keys reach every shard: each sweeps once
		s.Take(ctx, fmt.Sprint("new", i), 10, time.Minute, later)
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
			s.Take(ctx, keys[i%len(keys)], 1<<30, time.Minute, t0)
			i++
		}
	})
	b.Run("parallel", func(b *testing.B) {
		b.RunParallel(func(pb *testing.PB) {
			i := 0
			for pb.Next() {
				s.Take(ctx, keys[i%len(keys)], 1<<30, time.Minute, t0)
				i += 7
			}
		})
	})
	b.Run("parallel-one-key", func(b *testing.B) {
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				s.Take(ctx, "agent\x00reg_x", 1<<30, time.Minute, t0)
			}
		})
	})
}
