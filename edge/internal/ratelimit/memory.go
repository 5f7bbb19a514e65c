package ratelimit

import (
	"context"
	"hash/maphash"
	"sync"
	"time"
)

const (
	shardCount    = 64          // independent locks; a power of two
	sweepInterval = time.Minute // how often a shard drops closed windows
	shrinkFloor   = 1024        // maps smaller than this are never rebuilt
)

// MemoryStore is the in-process [Store]: a counter and a deadline per key (about 100 bytes with the key),
// in 64 shards each under its own mutex. Keys whose window has closed are dropped: on their next Take, and
// by a sweep each shard runs on a Take at most once a minute (by the callers' clock), so no goroutine is
// needed. A shard's map is rebuilt when a sweep leaves it a quarter of its peak size, returning the memory
// a burst of clients took. The zero value is not usable; call [NewMemoryStore].
type MemoryStore struct {
	seed   maphash.Seed
	shards [shardCount]shard
}

var _ Store = (*MemoryStore)(nil)

type shard struct {
	mu        sync.Mutex
	counters  map[string]counter
	nextSweep int64    // unix nanoseconds
	peak      int      // largest len(counters) since the map was made
	_         [64]byte // keep neighbouring shards' locks off one cache line
}

type counter struct {
	n      int   // calls counted here
	shared int   // the highest count a shared store gave for the key in this window (see Follow)
	reset  int64 // unix nanoseconds when the window closes
}

// NewMemoryStore returns an empty store.
func NewMemoryStore() *MemoryStore {
	s := &MemoryStore{seed: maphash.MakeSeed()}
	for i := range s.shards {
		s.shards[i].counters = make(map[string]counter)
	}
	return s
}

// Take implements [Store]. It never fails.
func (s *MemoryStore) Take(_ context.Context, key string, calls, limit int, window time.Duration, now time.Time) (Decision, error) {
	sh := &s.shards[maphash.String(s.seed, key)%shardCount]
	t := now.UnixNano()
	sh.mu.Lock()
	if t >= sh.nextSweep {
		sh.sweep(t)
	}
	c, ok := sh.counters[key]
	if !ok || t >= c.reset {
		c = counter{reset: t + int64(window)}
	}
	allowed := c.shared+c.n+calls <= limit
	if allowed {
		c.n += calls
	}
	sh.counters[key] = c
	sh.peak = max(sh.peak, len(sh.counters))
	sh.mu.Unlock()
	return Decision{Allowed: allowed, Remaining: max(limit-c.shared-c.n, 0), Reset: time.Unix(0, c.reset)}, nil
}

// Follow keeps the key's counter in step with a shared store's decision d for a request of calls calls
// (made against limit at now): it remembers the highest count the shared store gave in its window, so that
// counting here while the shared store fails goes on from there rather than from nothing; and it lets the
// request through only if the calls counted here meanwhile, which the shared store never saw, still leave
// room for it.
func (s *MemoryStore) Follow(key string, calls, limit int, d Decision, now time.Time) Decision {
	sh := &s.shards[maphash.String(s.seed, key)%shardCount]
	t := now.UnixNano()
	shared := limit - d.Remaining // the shared count, this request's calls included when allowed
	sh.mu.Lock()
	if t >= sh.nextSweep {
		sh.sweep(t)
	}
	c, ok := sh.counters[key]
	if !ok || t >= c.reset {
		c = counter{}
	}
	c.shared, c.reset = max(c.shared, shared), max(c.reset, d.Reset.UnixNano())
	allowed := d.Allowed && shared+c.n <= limit
	sh.counters[key] = c
	sh.peak = max(sh.peak, len(sh.counters))
	sh.mu.Unlock()
	return Decision{Allowed: allowed, Remaining: max(limit-c.shared-c.n, 0), Reset: time.Unix(0, c.reset)}
}

// sweep drops closed windows. The caller holds sh.mu.
func (sh *shard) sweep(t int64) {
	sh.nextSweep = t + int64(sweepInterval)
	for k, c := range sh.counters {
		if t >= c.reset {
			delete(sh.counters, k)
		}
	}
	if sh.peak >= shrinkFloor && len(sh.counters) <= sh.peak/4 { // Go maps never shrink by themselves
		fresh := make(map[string]counter, len(sh.counters))
		for k, c := range sh.counters {
			fresh[k] = c
		}
		sh.counters, sh.peak = fresh, len(fresh)
	}
}

// size is the number of keys held, open windows and closed ones not yet swept.
func (s *MemoryStore) size() int {
	n := 0
	for i := range s.shards {
		sh := &s.shards[i]
		sh.mu.Lock()
		n += len(sh.counters)
		sh.mu.Unlock()
	}
	return n
}
