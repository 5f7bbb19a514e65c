package search

import "slices"

// kthBest is the o.Limit-th best score among docs (those of o.Group), 0 when there are fewer.
func (ix *Index) kthBest(scores []float32, docs []int32, o Options, sc *scratch) float32 {
	limit := o.limit()
	h := sc.heap[:0]
	for _, d := range docs {
		if s := scores[d]; (len(h) < limit || s > h[0]) && ix.inGroup(d, o) {
			h = pushBest(h, s, limit)
		}
	}
	return sc.kth(h, limit)
}

// kth keeps h, kthBest's heap, for the next query and returns its least score, 0 when it has fewer than
// limit.
func (sc *scratch) kth(h []float32, limit int) float32 {
	sc.heap = h
	if len(h) < limit {
		return 0
	}
	return h[0]
}

// pushBest adds s to h, a min-heap of the best limit scores so far (h[0] the least of them), and returns
// it; s must be more than h[0] when h is full.
func pushBest(h []float32, s float32, limit int) []float32 {
	if len(h) < limit {
		h = append(h, s)
		for c := len(h) - 1; c > 0 && h[c] < h[(c-1)/2]; c = (c - 1) / 2 {
			h[c], h[(c-1)/2] = h[(c-1)/2], h[c]
		}
		return h
	}
	h[0] = s
	for p := 0; ; {
		c := 2*p + 1
		if c >= len(h) {
			break
		}
		if c+1 < len(h) && h[c+1] < h[c] {
			c++
		}
		if h[p] <= h[c] {
			break
		}
		h[p], h[c] = h[c], h[p]
		p = c
	}
	return h
}

// inGroup is whether document d is of o.Group (every document is, without one).
func (ix *Index) inGroup(d int32, o Options) bool {
	return o.Group == "" || ix.docs[d].Group == o.Group
}

// top returns the best hits with a positive score, within o.Group and o.Limit, best first; equal scores keep
// document order. It keeps the best so far in a min-heap, so it costs O(n log limit).
func (ix *Index) top(scores []float32, o Options) []Hit {
	b := newBestDocs(scores, o.limit())
	// Documents come in order, so once the heap is full only a score above its worst's can enter (an
	// equal one is a later document's, so worse): most documents cost one comparison with floor.
	var floor float32
	for i, s := range scores {
		if s <= floor || !ix.inGroup(int32(i), o) {
			continue
		}
		b.offer(int32(i))
		if b.full() {
			floor = max(scores[b.h[0]], 0)
		}
	}
	return ix.hits(b)
}

// bestOf returns the k of docs with the highest scores (equal ones: the earlier document), in no order,
// in sc.rows.
func (sc *scratch) bestOf(scores []float32, docs []int32, k int) []int32 {
	b := bestDocs{h: sc.rows[:0], scores: scores, limit: k}
	for _, d := range docs {
		if !b.full() || scores[d] > scores[b.h[0]] {
			b.offer(d)
		}
	}
	sc.rows = b.h
	return b.h
}

// topOf is top when no document but docs (in any order) has a positive score.
func (ix *Index) topOf(scores []float32, docs []int32, o Options) []Hit {
	b := newBestDocs(scores, o.limit())
	for _, d := range docs {
		if scores[d] > 0 && ix.inGroup(d, o) {
			b.offer(d)
		}
	}
	return ix.hits(b)
}

// bestDocs keeps the limit best documents offered to it by score (equal scores: the earlier document) in a
// min-heap, the worst first.
type bestDocs struct {
	h      []int32
	scores []float32
	limit  int
}

func newBestDocs(scores []float32, limit int) *bestDocs {
	return &bestDocs{h: make([]int32, 0, min(limit, len(scores))), scores: scores, limit: limit}
}

// worse orders by score, then later documents first.
func (b *bestDocs) worse(x, y int32) bool {
	return b.scores[x] < b.scores[y] || b.scores[x] == b.scores[y] && x > y
}

func (b *bestDocs) full() bool { return len(b.h) == b.limit }

// offer keeps d if it is among the limit best so far.
func (b *bestDocs) offer(d int32) {
	h := b.h
	if len(h) < b.limit {
		h = append(h, d)
		for c := len(h) - 1; c > 0 && b.worse(h[c], h[(c-1)/2]); c = (c - 1) / 2 {
			h[c], h[(c-1)/2] = h[(c-1)/2], h[c]
		}
		b.h = h
		return
	}
	if !b.worse(h[0], d) {
		return
	}
	h[0] = d
	for p := 0; ; {
		c := 2*p + 1
		if c >= len(h) {
			break
		}
		if c+1 < len(h) && b.worse(h[c+1], h[c]) {
			c++
		}
		if !b.worse(h[c], h[p]) {
			break
		}
		h[p], h[c] = h[c], h[p]
		p = c
	}
}

// hits is b's documents as hits, best first.
func (ix *Index) hits(b *bestDocs) []Hit {
	slices.SortFunc(b.h, func(x, y int32) int {
		if b.worse(y, x) {
			return -1
		}
		return 1
	})
	hits := make([]Hit, len(b.h))
	for k, d := range b.h {
		hits[k] = Hit{ID: ix.docs[d].ID, Score: float64(min(b.scores[d], 1)), Doc: int(d)}
	}
	return hits
}
