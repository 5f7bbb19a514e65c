package search

import (
	"slices"
	"strings"
)

// Search ranks documents for q by word matching fused with semantic similarity (without semantic vectors,
// by word matching alone). A document whose id or name is exactly q scores above 0.5, every other one at
// most 0.5. An error is ErrEmptyQuery.
func (ix *Index) Search(q string, o Options) ([]Hit, error) {
	qu, err := ix.parse(q)
	if err != nil {
		return nil, err
	}
	sc := ix.scratch()
	defer ix.pool.Put(sc)
	ix.lexical(qu, sc)
	family := ix.family(qu)
	v := ix.queryVector(qu)
	// Whether the query names a document's concept is a look-up per document, not a pass over the query.
	sc.exactTerms = qu.markExact(sc.exactTerm, sc.exactTerms[:0])
	defer func() {
		for _, t := range sc.exactTerms {
			sc.exactTerm[t] = false
		}
	}()
	w := ix.w
	exactName := w.exactName()
	total := w.Lex + w.Name + w.Prior*(1+familyWeight) + exactName
	if v != nil {
		total += w.Sem
	}
	semW := w.Sem
	similar := func(sem float32) float32 { return semW * max(sem, 0) }
	fuse := func(d int32, sem float32) float32 {
		name := sc.name[d]
		if family >= 0 && !ix.isNamed(d, family) {
			name = min(name, familyCover) // a keyword of the family's word is no better than a member's name
		}
		s := w.Lex*sc.lex[d] + w.Name*name + similar(sem)
		if sc.lex[d] > 0 || name > 0 {
			s += w.Prior * ix.prior[d]
			if h := ix.head[d]; h >= 0 && sc.exactTerm[h] {
				s += w.Prior * familyWeight
			}
		}
		if sc.exact[d] {
			s += exactName
		}
		if sc.opposite[d] {
			s *= w.Antonym
		}
		return s / total
	}
	// The documents that match words score first. Any other scores by similarity alone, at most
	// Sem/total: when limit matching documents score more, none of the others can be a hit, and
	// the scan of every document's vector is skipped. When more than a sixteenth of the documents match
	// (long queries), one scan of the documents and the phrases costs less than their similarities.
	opposite := ix.markOpposites(qu, sc)
	defer func() {
		for _, d := range opposite {
			sc.opposite[d] = false
		}
	}()
	clear(sc.scores)
	matched := ix.matched(qu, sc)
	scan := v != nil && (scanAlways || len(matched) > len(sc.scores)/16)
	if !scan && v != nil {
		// When even at the highest similarity too few matching documents outscore similarity alone, the
		// scan is certain, and their exact similarities would be computed for nothing.
		for _, d := range matched {
			sc.scores[d] = fuse(d, maxSimilarity)
		}
		scan = ix.kthBest(sc.scores, matched, o, sc) <= w.Sem/total
	}
	if !scan {
		ix.exactScores(v, matched, fuse, sc)
		sc.resetPhrases()
		scan = v != nil && ix.kthBest(sc.scores, matched, o, sc) <= w.Sem/total
	}
	if !scan {
		return ix.top(sc.scores, o), nil
	}
	// Most documents match no word, and fuse would add zeros to their similarity's part: they score by
	// similarity alone, and only the matching ones and the opposites through fuse.
	score := func(d int32, sem float32) float32 {
		if sc.lex[d] != 0 || sc.name[d] != 0 || sc.exact[d] || sc.opposite[d] {
			return fuse(d, sem)
		}
		return similar(sem) / total
	}
	scoreAll := func(sims, out []float32) {
		for d, sem := range sims {
			out[d] = similar(sem) / total
		}
		for _, d := range matched {
			out[d] = fuse(d, sims[d])
		}
		for _, d := range opposite {
			out[d] = fuse(d, sims[d])
		}
	}
	if boundedScan && ix.phrases.n > 0 {
		ix.boundedSimilarities(v, sc.closest, sc)
		bound := sc.sem // free once boundedSimilarities is done
		scoreAll(sc.closest, bound)
		return ix.bestReachable(v, o, bound, score, sc), nil
	}
	ix.cosines(v, sc.sem)
	ix.blend(v, sc.sem, sc.phraseAll, sc.closest)
	scoreAll(sc.sem, sc.scores)
	return ix.top(sc.scores, o), nil
}

// markOpposites marks, in sc.opposite, the documents whose id, name or a keyword holds an antonym of a
// query word the query does not also match, unless they hold the query word too ("happy" marks mood-sad,
// which is tagged "unhappy", but not mood-crazy-happy; "zoom out" marks zoom-in), and returns them.
func (ix *Index) markOpposites(qu query, sc *scratch) []int32 {
	var out []int32
	for _, o := range qu.avoid {
		if qu.matches(o.term) {
			continue
		}
		for _, d := range ix.labelled[o.term] {
			if _, holds := slices.BinarySearch(ix.labelled[o.of], d); !sc.opposite[d] && !holds {
				sc.opposite[d] = true
				out = append(out, d)
			}
		}
	}
	return out
}

// scanAlways turns the skip off, so tests can check it changes no ranking.
var scanAlways = false

// coverAll makes lexical compute name and keyword coverage for every document a query reaches, not only
// those the term → document indexes mark, so tests can check the marking changes no score.
var coverAll = false

// matched is the documents that match a word of the query or are named exactly by it, each once.
func (ix *Index) matched(qu query, sc *scratch) []int32 {
	m := sc.touched
	for _, d := range m {
		sc.seen[d] = true
	}
	for _, d := range ix.exact[qu.words] {
		if !sc.seen[d] {
			m = append(m, d)
		}
	}
	for _, d := range m {
		sc.seen[d] = false
	}
	sc.touched = m
	return m
}

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

// kthBestAll is kthBest among every document.
func (ix *Index) kthBestAll(scores []float32, o Options, sc *scratch) float32 {
	limit := o.limit()
	h := sc.heap[:0]
	for d, s := range scores {
		if (len(h) < limit || s > h[0]) && ix.inGroup(int32(d), o) {
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

// Semantic ranks documents by semantic similarity to q alone, without word matching: the blend of the
// cosines of their embedding and their closest phrase with q's (see blend), plus Weights.SemPrior times how
// likely the document is meant (its prior, generic-first: see generic.go), or for a document that stands
// for the opposite of a query word that similarity scaled by Weights.Antonym; Score is that over
// 1+SemPrior, at most 1. Errors are ErrEmptyQuery and ErrNoVectors.
func (ix *Index) Semantic(q string, o Options) ([]Hit, error) {
	if ix.dim == 0 {
		return nil, ErrNoVectors
	}
	qu, err := ix.parse(q)
	if err != nil {
		return nil, err
	}
	v := ix.queryVector(qu)
	if v == nil {
		return []Hit{}, nil
	}
	sc := ix.scratch()
	defer ix.pool.Put(sc)
	opposite := ix.markOpposites(qu, sc)
	defer func() {
		for _, d := range opposite {
			sc.opposite[d] = false
		}
	}()
	ss := ix.semanticScorer()
	final := func(d int32, sem float32) float32 { return ss.score(d, sem, sc.opposite[d]) }
	ws := ix.lateWords(qu)
	if len(ws) < 2 && boundedScan && ix.phrases.n > 0 {
		// As the fused ranking's scan: bound every score with int8 rows, compute the reachable ones exactly
		// (scoreReachable writes every score of the group, the only ones top reads).
		bound := sc.closest
		ix.boundedSimilarities(v, bound, sc)
		for d, b := range bound {
			bound[d] = ss.score(int32(d), b, sc.opposite[d])
		}
		return ix.bestReachable(v, o, bound, final, sc), nil
	}
	ix.cosines(v, sc.sem)
	ix.blend(v, sc.sem, sc.phraseAll, sc.closest)
	if len(ws) >= 2 && ix.phrases.n > 0 {
		return ix.late(ws, o, ss, sc), nil
	}
	for d, sem := range sc.sem {
		sc.sem[d] = ss.score(int32(d), sem, sc.opposite[d])
	}
	return ix.top(sc.sem, o), nil // top leaves out scores ≤ 0
}

// semanticScorer scores documents in the semantic ranking from their similarity, with ix's weights held
// in the scorer (a query scores every document).
type semanticScorer struct {
	prior             []float32
	semPrior, antonym float32
}

func (ix *Index) semanticScorer() semanticScorer {
	return semanticScorer{ix.prior, ix.w.SemPrior, ix.w.Antonym}
}

// score is document d's score in the semantic ranking from its similarity sem: with its prior, or scaled
// by Weights.Antonym for an opposite of a query word (opposites are far in meaning, however close their
// words), over 1+SemPrior.
func (s semanticScorer) score(d int32, sem float32, opposite bool) float32 {
	if opposite {
		return sem * s.antonym / (1 + s.semPrior)
	}
	return (sem + s.semPrior*s.prior[d]) / (1 + s.semPrior)
}

// scratch holds one query's per-document arrays; queries take them from Index.pool and give them back, so a
// query makes little garbage.
type scratch struct {
	lex, name, best, sem, scores []float32
	closest                      []float32 // per document, for blend
	wordBest                     []float32 // per document, for late
	sims                         []float32 // per document, for exactScores
	dots                         []float32 // per phrase, for cachePhrases
	phrase                       []float32 // per phrase of the phrase table; notComputed between queries
	phrased                      []int32
	phraseAll                    []float32 // per phrase, for blend
	queryBytes                   []uint8   // the query vector as the bound table reads it
	exact, seen, opposite        []bool
	tagged                       []tagSets // per document, its keywords of 2+ terms holding a query term
	alone                        []uint64  // per document, its one-term keywords as term rows
	named                        []bool
	touched                      []int32
	slotDocs                     []int32
	exactTerm                    []bool  // by term id: a query word is the term itself
	exactTerms                   []int32 // the terms exactTerm marks
	terms                        *termTable
	heap                         []float32
}

func (ix *Index) scratch() *scratch {
	if sc, ok := ix.pool.Get().(*scratch); ok {
		return sc
	}
	n := len(ix.docs)
	sc := &scratch{lex: make([]float32, n), name: make([]float32, n), best: make([]float32, n),
		sem: make([]float32, n), closest: make([]float32, n), wordBest: make([]float32, n), sims: make([]float32, n), dots: make([]float32, ix.phrases.n), scores: make([]float32, n), exact: make([]bool, n), seen: make([]bool, n), tagged: make([]tagSets, n), alone: make([]uint64, n), named: make([]bool, n), opposite: make([]bool, n),
		terms: newTermTable(len(ix.lex.postings)), exactTerm: make([]bool, len(ix.lex.postings)), phrase: make([]float32, ix.phrases.n),
		phraseAll: make([]float32, 2*ix.phrases.n), queryBytes: make([]uint8, ix.phraseBounds.width)}
	for p := range sc.phrase {
		sc.phrase[p] = notComputed
	}
	return sc
}

// queryVector is the embedding of qu's words without the common direction, nil when there are no vectors
// or the embedder knows none of the words.
func (ix *Index) queryVector(qu query) []float32 {
	if ix.dim == 0 || len(qu.embed) == 0 {
		return nil
	}
	v := ix.emb.Embed(strings.Join(qu.embed, " "))
	if len(v) != ix.dim {
		v = nil // a word the embedder lacks may still mean its synonyms ("cogwheel": settings)
	}
	for _, s := range qu.also {
		if sv := ix.emb.Embed(s.Words); len(sv) == ix.dim {
			if v == nil {
				v = make([]float32, ix.dim)
			}
			for k := range v {
				v[k] += weightAlso * s.Weight * sv[k]
			}
		}
	}
	if v == nil {
		return nil
	}
	removeDirection(v, ix.common)
	return v
}

// weightAlso weighs the embedding of a query word's synonym against the query's own.
const weightAlso = 1.0

// cosines writes the cosine similarity of v (a queryVector) with every document into out: one
// matrix-vector product (dotRows).
func (ix *Index) cosines(v, out []float32) {
	dotRows(ix.vecs, v, out)
}

func dot(a, b []float32) float32 {
	b = b[:len(a)]
	var s0, s1, s2, s3 float32
	k := 0
	for ; k+4 <= len(a); k += 4 {
		s0 += a[k] * b[k]
		s1 += a[k+1] * b[k+1]
		s2 += a[k+2] * b[k+2]
		s3 += a[k+3] * b[k+3]
	}
	for ; k < len(a); k++ {
		s0 += a[k] * b[k]
	}
	return s0 + s1 + s2 + s3
}

// lexical returns, per document, the BM25F score of qu relative to a document matching every query word in
// its name (capped at 1); the name coverage: the share of the name's words the query matches times the share
// of query words the name matches, each match counted at its weight, or, when higher, the share of query
// words matching whole keywords, discounted by Weights.Tag and divided by the square root of the number of
// the id's words (a keyword of "world-cog" speaks for 0.71 of it: "warning" still gives alert-triangle,
// tagged so, a chance against one-word icons tagged so, such as biohazard; dividing by 2 ranked worse on
// the tuning half, and not dividing put device-tablet before devices); and whether the name is exactly
// the query.
func (ix *Index) lexical(qu query, sc *scratch) {
	lex, name, exact, best, seen := sc.lex, sc.name, sc.exact, sc.best, sc.seen
	clear(lex)
	clear(name)
	clear(exact)
	touched := sc.touched[:0]
	lx := ix.lex
	satRef := float32(fieldWeight[fieldName] * (k1 + 1) / (fieldWeight[fieldName] + k1))
	var ideal float32
	slotDocs := sc.slotDocs[:0] // the documents the slot gives a positive best, each once
	for _, slot := range qu.slots {
		var slotIdeal float32
		for _, a := range slot {
			w := a.weight * lx.idf[a.term]
			slotIdeal = max(slotIdeal, w*satRef)
			for _, p := range lx.postings[a.term] {
				if !seen[p.doc] {
					seen[p.doc] = true
					touched = append(touched, p.doc)
				}
				if b := w * p.tf; b > best[p.doc] {
					if best[p.doc] == 0 {
						slotDocs = append(slotDocs, p.doc)
					}
					best[p.doc] = b
				}
			}
		}
		ideal += slotIdeal
		for _, d := range slotDocs { // the slot's best match per document counts once
			lex[d] += best[d]
			best[d] = 0
		}
		slotDocs = slotDocs[:0]
	}
	sc.slotDocs = slotDocs
	tt := sc.terms
	tt.fill(qu.slots)
	defer tt.reset()
	// A keyword counts only when the query matches its every term, so only documents with a keyword that
	// holds a query term can have keyword coverage, and only those whose id or name holds one can have name
	// coverage: they are marked through the term → document indexes, and the others (most documents a
	// long query reaches through their text) skip both.
	for row, t := range tt.terms {
		for _, r := range ix.taggedAlone[t] {
			if row < maxAloneRows {
				sc.alone[r.doc()] |= 1 << row
			} else {
				sc.tagged[r.doc()] |= r.set()
			}
		}
		for _, r := range ix.taggedIn[t] {
			sc.tagged[r.doc()] |= r.set()
		}
		for _, d := range ix.named[t] {
			sc.named[d] = true
		}
	}
	for _, d := range touched {
		seen[d] = false
		lex[d] = min(lex[d]/ideal, 1)
		if sc.named[d] || coverAll {
			terms, bounds := ix.names.of(d)
			for k := range len(bounds) - 1 {
				name[d] = max(name[d], tt.nameCoverage(terms[bounds[k]:bounds[k+1]]))
			}
		}
		sets, alone := sc.tagged[d], sc.alone[d]
		if coverAll {
			sets, alone = allTags, 0
		}
		if sets == 0 && alone == 0 {
			continue
		}
		terms, bounds := ix.tags.of(d)
		if c := tt.tagCoverage(terms, bounds, sets, alone); c > 0 {
			name[d] = max(name[d], ix.w.Tag*c/ix.idRoot[d])
		}
	}
	for _, t := range tt.terms {
		for _, r := range ix.taggedAlone[t] {
			sc.tagged[r.doc()], sc.alone[r.doc()] = 0, 0
		}
		for _, r := range ix.taggedIn[t] {
			sc.tagged[r.doc()] = 0
		}
		for _, d := range ix.named[t] {
			sc.named[d] = false
		}
	}
	for _, d := range ix.exact[qu.words] {
		exact[d] = true
	}
	sc.touched = touched
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
