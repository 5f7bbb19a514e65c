package ratelimit

import (
	"context"
	"log/slog"
	"sync/atomic"
	"time"
)

// RetryInterval is how long a [Limiter] counts locally after its shared store failed before it tries the
// store again (with one request; the others go on counting locally until that one succeeds).
const RetryInterval = time.Second

// Limiter counts requests under policies. With a shared store it counts there, and while the store fails
// (an error or a timeout) it counts in this process's memory instead, going on from the counts the store
// last gave (each shared decision is followed in memory too), so a client gets no more than its quota
// across a fallback, and what it was allowed meanwhile still counts once the store answers again; only
// one request a RetryInterval waits on a store that is down. It logs when it falls back and
// when the store answers again, once each way. Without a shared store it counts in memory only.
type Limiter struct {
	shared   Store // nil: local only
	local    *MemoryStore
	log      *slog.Logger
	fallback atomic.Bool   // counting locally because shared failed
	retryAt  atomic.Int64  // Unix nanoseconds, by the callers' clock: when to try shared again
	errors   atomic.Uint64 // failed calls of shared
}

// NewLimiter returns a limiter over shared (nil: memory only) that logs to log, which must not be nil.
func NewLimiter(shared Store, log *slog.Logger) *Limiter {
	return &Limiter{shared: shared, local: NewMemoryStore(), log: log}
}

// Take counts a request of calls calls (one, or a JSON-RPC batch's) for key (the client's address, a
// registration id) under p: all are allowed, or none. Keys of different policies never share a counter.
func (l *Limiter) Take(ctx context.Context, p Policy, key string, calls int, now time.Time) Result {
	key = p.Name + "\x00" + key
	d, ok := l.takeShared(ctx, key, calls, p, now)
	if ok {
		d = l.local.Follow(key, calls, p.Quota, d, now) // what it counts if the store fails later
	} else {
		d, _ = l.local.Take(ctx, key, calls, p.Quota, p.Window, now) // never fails
	}
	return Result{Policy: p, Decision: d, Now: now}
}

// takeShared counts in the shared store. It reports false, to count locally, when there is none, when the
// store fails, and when it failed less than RetryInterval ago (but for the one request that tries again).
func (l *Limiter) takeShared(ctx context.Context, key string, calls int, p Policy, now time.Time) (Decision, bool) {
	if l.shared == nil {
		return Decision{}, false
	}
	if l.fallback.Load() {
		at := l.retryAt.Load()
		if now.UnixNano() < at || !l.retryAt.CompareAndSwap(at, now.Add(RetryInterval).UnixNano()) {
			return Decision{}, false
		}
	}
	d, err := l.shared.Take(ctx, key, calls, p.Quota, p.Window, now)
	if err != nil {
		l.errors.Add(1)
		l.retryAt.Store(now.Add(RetryInterval).UnixNano())
		if !l.fallback.Swap(true) {
			l.log.Warn("rate limit store failed; counting in this edge's memory until it answers", "err", err)
		}
		return Decision{}, false
	}
	if l.fallback.Swap(false) {
		l.log.Info("rate limit store answers again; counting in it")
	}
	return d, true
}

// Fallback reports whether the limiter counts locally because its shared store failed.
func (l *Limiter) Fallback() bool { return l.fallback.Load() }

// StoreErrors is the number of calls of the shared store that failed.
func (l *Limiter) StoreErrors() uint64 { return l.errors.Load() }
