package ratelimit

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// switchable is a shared store that can be made to fail, and counts the calls it gets.
type switchable struct {
	Store
	down  atomic.Bool
	calls atomic.Int64
}

func (s *switchable) Take(ctx context.Context, key string, calls, limit int, window time.Duration, now time.Time) (Decision, error) {
	s.calls.Add(1)
	if s.down.Load() {
		return Decision{}, errors.New("connection refused")
	}
	return s.Store.Take(ctx, key, calls, limit, window, now)
}

// TestLimiterFallsBackToLocalCounters (issue 51): while the shared store fails, requests are counted (and
// refused past the quota) in memory, going on from the count the store last gave, so the fallback grants
// no more than the quota; the store is tried again once a RetryInterval; once it answers, what was allowed
// meanwhile still counts; each change of state is logged once.
func TestLimiterFallsBackToLocalCounters(t *testing.T) {
	shared := &switchable{Store: NewMemoryStore()}
	var logs bytes.Buffer
	l := NewLimiter(shared, slog.New(slog.NewTextHandler(&logs, nil)))
	p := Policy{Name: "anonymous", Quota: 10, Window: time.Minute}
	ctx := context.Background()
	now := t0
	take := func(n int) (admitted int) {
		for range n {
			if l.Take(ctx, p, "192.0.2.1", 1, now).Allowed {
				admitted++
			}
		}
		return admitted
	}
	if got := take(4); got != 4 || shared.calls.Load() != 4 || l.Fallback() {
		t.Fatalf("healthy: %d admitted, %d store calls, fallback %v", got, shared.calls.Load(), l.Fallback())
	}

	shared.down.Store(true)
	if got := take(15); got != 6 {
		t.Errorf("store down: %d of 15 admitted; want the 6 the quota left, counted locally", got)
	}
	if shared.calls.Load() != 5 || !l.Fallback() || l.StoreErrors() != 1 {
		t.Errorf("store down: %d store calls (want 5: one failure, then none until the retry), fallback %v, %d errors",
			shared.calls.Load(), l.Fallback(), l.StoreErrors())
	}
	now = now.Add(RetryInterval)
	take(3)
	if shared.calls.Load() != 6 || l.StoreErrors() != 2 {
		t.Errorf("after the retry interval: %d store calls, %d errors; want one more try", shared.calls.Load(), l.StoreErrors())
	}

	shared.down.Store(false)
	now = now.Add(RetryInterval)
	if got := take(6); got != 0 || l.Fallback() || shared.calls.Load() != 12 {
		t.Errorf("store back: %d of 6 admitted (want none: the 6 allowed while it was down count), fallback %v, %d calls",
			got, l.Fallback(), shared.calls.Load())
	}
	now = now.Add(time.Minute)
	if got := take(3); got != 3 {
		t.Errorf("the next window: %d of 3 admitted", got)
	}
	if n := strings.Count(logs.String(), "counting in this edge's memory"); n != 1 {
		t.Errorf("the fallback logged %d times; want once:\n%s", n, logs.String())
	}
	if n := strings.Count(logs.String(), "answers again"); n != 1 {
		t.Errorf("the recovery logged %d times; want once:\n%s", n, logs.String())
	}
}
