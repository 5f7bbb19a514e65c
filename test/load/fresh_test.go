package main

import (
	"net/url"
	"strings"
	"sync"
	"testing"
)

// TestPreparedFreshQueriesAreHandedOutOnce takes the queries of a prepared scenario and more, from many connections at
// once: every one is distinct and escaped, those prepared come first, and past them more are made.
func TestPreparedFreshQueriesAreHandedOutOnce(t *testing.T) {
	f := &freshQueries{gen: newQueryGen(fixtureIcons(t), nil, mixKinds, 1)}
	const prepared, conns, each = 500, 8, 100 // 800 taken: 300 past the prepared ones
	f.prepare(twentyWordKinds, prepared)
	ready := map[string]bool{}
	for _, q := range f.ready {
		ready[q] = true
	}
	if len(ready) != prepared {
		t.Fatalf("prepare made %d distinct queries, want %d", len(ready), prepared)
	}
	var mu sync.Mutex
	seen := map[string]bool{}
	fromReady := 0
	var wg sync.WaitGroup
	for range conns {
		wg.Go(func() {
			for range each {
				q, err := f.next(twentyWordKinds)
				if err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				if seen[q] {
					t.Errorf("query %q handed out twice", q)
				}
				seen[q] = true
				if ready[q] {
					fromReady++
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if fromReady != prepared {
		t.Errorf("%d of the prepared queries were handed out, want all %d", fromReady, prepared)
	}
	for q := range seen {
		plain, err := url.QueryUnescape(q)
		if err != nil || strings.Contains(q, " ") || len(strings.Fields(plain)) < 15 {
			t.Errorf("query %q: not an escaped query of 15 to 20 words (%v)", q, err)
		}
	}
	// A new scenario drops what the last one left and starts on its own queries.
	f.prepare(mixKinds, 10)
	if q, _ := f.next(mixKinds); seen[q] || q != f.ready[0] {
		t.Errorf("after prepare, next gave %q, want the first new prepared query %q", q, f.ready[0])
	}
}
