package search

import (
	"math"
	"slices"

	"github.com/iconlib/iconlib/internal/search/kernel"
)

// Bounded scan: the fused ranking's scan needs every document's closest phrase (blend), a float cosine
// per phrase, though only the few documents near the limit-th score decide the hits (about three beyond
// the limit within 0.001 of it, in the load mix). So where an int8 kernel runs (VNNI's, or AVX2's at about
// half the float scan's time), the scan first bounds every phrase's and every document's own cosine from
// above with int8 rows and one byte per query component (a quarter of the float kernel's reads). It then
// bounds the score of only a few hundred documents (gathering their phrases' bounds), computes exact
// cosines for the few dozen whose bounds reach the hits, and finds any other document that could reach
// them through the similarity they need: by the maxima of runs of 64 bounds, not a pass per document.
// The hits are those of the full float scan, to the bit.

// boundedScan is whether the fused ranking's scan bounds phrase cosines first (where the int8 kernel
// runs); tests turn it off to compare with the full float scan.
var boundedScan = kernel.HasBoundKernel

// reachScore is how a ranking scores a document from its blended similarity, as the bounded scan needs it.
type reachScore struct {
	// score is document d's score at similarity sem; it must not decrease as sem grows.
	score func(d int32, sem float32) float32
	// fused lists the documents scored otherwise than the rest (say, for matching a query word); each of
	// the rest scores floor or more only at a similarity of atLeast(floor) or more.
	fused   []int32
	atLeast func(floor float32) float32
}

// reachableHits returns the best hits by rs.score of the blended similarity to v, as scoring every document
// exactly gives them, to the bit. It bounds every document's own cosine with the int8 table, and a
// document's score (its closest phrase's bound blended in) only where it is needed. A few documents get
// exact scores first; the o.Limit-th best of those is a floor no hit is below. Then every document whose
// bound reaches the floor gets an exact score: one outside rs.fused can reach it only through a phrase or
// own bound of rs.atLeast(floor).
//
// With o.Limit fused documents or more (fusedOnly), the first are the best of them by loose bounds and
// the documents with the best own bounds, before any phrase is bounded. When no other document can reach
// the floor even with a phrase at the highest similarity, only the phrases of the fused documents that
// may reach it are bounded, not all of them: in three in four scans of long queries (the load mix's of 18
// to 20 words, at 20 hits), the documents that match query words outscore any that matches none.
func (ix *Index) reachableHits(v []float32, o Options, rs reachScore, sc *scratch) []Hit {
	bq := kernel.NewBoundQuery(v, sc.queryBytes)
	ix.docBounds.Bounds(bq, sc.sem)
	sc.docRuns.fill(sc.sem, sc.runs[ix.phraseRunCount():])
	var cands []int32
	var scored int
	var floor float32
	if fusedOnly(o, rs) {
		var others float32
		cands, scored, floor, others = ix.firstFused(v, bq, o, rs, sc)
		if lowered(rs.atLeast(floor)) > others { // only fused documents can still reach the floor
			bounded := len(cands)
			cands = ix.addFused(cands, floor, rs, sc)
			ix.boundPhrasesOf(bq, cands[bounded:], sc)
			for _, d := range cands[bounded:] {
				sc.closest[d] = ix.bound(d, rs, sc)
			}
		} else {
			ix.boundPhrases(bq, sc)
			cands = ix.addReaching(cands, rs, floor, sc)
		}
	} else {
		ix.boundPhrases(bq, sc)
		cands = ix.firstCandidates(o, rs, sc)
		reach := ix.kthBest(sc.closest, cands, o, sc)
		first, _ := partition(cands, func(d int32) bool { return sc.closest[d] >= reach })
		scored = len(first)
		ix.exactScores(v, first, rs.score, sc)
		floor = ix.kthBest(sc.scores, first, o, sc)
		if o.Group == "" {
			cands = ix.addReaching(cands, rs, floor, sc)
		}
	}
	can, _ := partition(cands[scored:], func(d int32) bool { return sc.closest[d] >= floor })
	ix.exactScores(v, can, rs.score, sc)
	sc.resetPhrases()
	sc.forgetPhrases()
	for _, d := range cands {
		sc.seen[d] = false
	}
	sc.cands = cands[:0]
	return ix.topOf(sc.scores, cands[:scored+len(can)], o)
}

// fusedOnly is whether reachableHits looks first for the hits among rs.fused: where a kernel bounds rows
// one by one (in Go, or in AVX2's kernel a row at a time, the phrases of a long query's fused documents
// would cost more than the whole table does), without a group, and with o.Limit fused documents or more.
func fusedOnly(o Options, rs reachScore) bool {
	return kernel.HasGatherKernel && o.Group == "" && len(rs.fused) >= o.limit()
}

// firstFused lists, in sc.cands's array and marked in sc.seen, the o.Limit documents of rs.fused with the
// best loose bounds (their own bound blended with the highest similarity a phrase can have, kept in
// sc.wordBest) and the o.Limit documents with the best own bounds, each with its bound in sc.closest (its
// phrases' bounds gathered), those whose bounds reach the o.Limit-th best first and scored exactly. It
// returns them, how many are scored, the o.Limit-th best score (floor), and others: a bound of the
// similarity of every document neither listed nor fused.
func (ix *Index) firstFused(v []float32, bq kernel.BoundQuery, o Options, rs reachScore, sc *scratch) (cands []int32, scored int, floor, others float32) {
	ix.looseBounds(rs, maxSimilarity, sc)
	cands = sc.cands[:0]
	add := func(d int32) {
		if !sc.seen[d] { // an opposite may match a word too: each once
			sc.seen[d] = true
			cands = append(cands, d)
		}
	}
	for _, d := range sc.bestOf(sc.wordBest, rs.fused, o.limit()) {
		add(d)
	}
	own, heap := sc.docRuns.kth(o.limit(), sc.heap)
	sc.heap = heap
	sc.docRuns.atLeast(own, func(d int) { add(int32(d)) })
	ix.boundPhrasesOf(bq, cands, sc)
	for _, d := range cands {
		sc.closest[d] = ix.bound(d, rs, sc)
	}
	reach := ix.kthBest(sc.closest, cands, o, sc)
	first, _ := partition(cands, func(d int32) bool { return sc.closest[d] >= reach })
	ix.exactScores(v, first, rs.score, sc)
	return cands, len(first), ix.kthBest(sc.scores, first, o, sc), blended(own, maxSimilarity, ix.w.Phrase)
}

// phraseRunCount is the number of runs of phrase bounds: sc.runs holds their maxima, then the documents'.
func (ix *Index) phraseRunCount() int {
	return (ix.phrases.n + kernel.RunLen - 1) / kernel.RunLen
}

// boundPhrases bounds every phrase's cosine into sc.phraseAll, and fills their runs.
func (ix *Index) boundPhrases(bq kernel.BoundQuery, sc *scratch) {
	pt := &ix.phrases
	ix.phraseBounds.Bounds(bq, sc.phraseAll[:pt.n])
	sc.phraseRuns.fill(sc.phraseAll[:pt.n], sc.runs)
}

// looseBounds writes into sc.wordBest, for each document of rs.fused, its score at its own bound (sc.sem)
// blended, when it has phrases, with phrase: a bound of every phrase's cosine.
func (ix *Index) looseBounds(rs reachScore, phrase float32, sc *scratch) {
	pt := &ix.phrases
	for _, d := range rs.fused {
		sem := sc.sem[d]
		if pt.start[d+1] > pt.start[d] {
			sem = blended(sem, phrase, ix.w.Phrase)
		}
		sc.wordBest[d] = rs.score(d, sem)
	}
}

// lowered is a similarity rs.atLeast gives, less room for the rounding of its arithmetic against score's.
func lowered(least float32) float32 {
	return least - (1e-5*float32(math.Abs(float64(least))) + 1e-6)
}

// boundPhrasesOf writes into sc.phraseAll the bound of every phrase of docs (as an id or a keyword) that
// the query has not bounded yet, marking it in sc.phraseBounded (a phrase is shared: in long queries,
// 474 distinct phrases of the 1,189 their documents hold); forgetPhrases clears the marks.
func (ix *Index) boundPhrasesOf(bq kernel.BoundQuery, docs []int32, sc *scratch) {
	pt := &ix.phrases
	n := int32(pt.n)
	rows := sc.phraseRows
	fresh := len(rows)
	for _, d := range docs {
		for _, p := range pt.of[pt.start[d]:pt.start[d+1]] {
			if p >= n {
				p -= n
			}
			if !sc.phraseBounded[p] {
				sc.phraseBounded[p] = true
				rows = append(rows, p)
			}
		}
	}
	ix.phraseBounds.BoundsAt(bq, rows[fresh:], sc.phraseAll[:pt.n])
	sc.phraseRows = rows
}

// forgetPhrases clears the marks of the phrases boundPhrasesOf bounded, for the next query.
func (sc *scratch) forgetPhrases() {
	for _, p := range sc.phraseRows {
		sc.phraseBounded[p] = false
	}
	sc.phraseRows = sc.phraseRows[:0]
}

// firstCandidates lists the documents whose bounds reachableHits computes first: those of o.Group, or
// without a group the o.Limit documents with the best own bounds, the o.Limit of rs.fused with the best
// loose bounds (their score with the best phrase bound of all blended in, no gather of their phrases, which
// it keeps in sc.wordBest) and, when rs.fused has fewer than o.Limit, the documents of the o.Limit phrases
// with the best bounds (as ids, and as keywords when that bound is still among those). When o.Limit or more
// documents are fused (they match query words), the phrases' documents seldom raise the floor the first
// candidates give, and leaving them to addReaching gathers the phrases of a fifth fewer documents, for
// about four more exact scores (load mix).
func (ix *Index) firstCandidates(o Options, rs reachScore, sc *scratch) []int32 {
	cands := sc.cands[:0]
	if o.Group != "" {
		for d := range int32(len(ix.docs)) {
			if ix.inGroup(d, o) {
				cands = ix.candidate(cands, d, rs, sc)
			}
		}
		return cands
	}
	pt := &ix.phrases
	phrases, docs := &sc.phraseRuns, &sc.docRuns
	var least float32
	if len(rs.fused) < o.limit() {
		least, sc.heap = phrases.kth(o.limit(), sc.heap)
		phrases.atLeast(least, func(p int) {
			cands = ix.candidates(cands, pt.linked(p), rs, sc)
			if ix.w.Keyword*phrases.vals[p] >= least {
				cands = ix.candidates(cands, pt.linked(pt.n+p), rs, sc)
			}
		})
	}
	least, sc.heap = docs.kth(o.limit(), sc.heap)
	docs.atLeast(least, func(d int) { cands = ix.candidate(cands, int32(d), rs, sc) })
	best := slices.Max(phrases.maxima)
	ix.looseBounds(rs, max(best, ix.w.Keyword*best), sc)
	return ix.candidates(cands, sc.bestOf(sc.wordBest, rs.fused, o.limit()), rs, sc)
}

// addFused adds to cands, marked in sc.seen, every other document of rs.fused whose loose bound
// (sc.wordBest) reaches floor, without its bound.
func (ix *Index) addFused(cands []int32, floor float32, rs reachScore, sc *scratch) []int32 {
	for _, d := range rs.fused {
		if sc.wordBest[d] >= floor && !sc.seen[d] {
			sc.seen[d] = true
			cands = append(cands, d)
		}
	}
	return cands
}

// addReaching adds to cands every other document whose bound may reach floor, with its bound: of
// rs.fused, those whose loose bound does; of the rest, those whose own bound, or a phrase bound (as an id
// or a keyword), is rs.atLeast(floor) or more, with room for rounding.
func (ix *Index) addReaching(cands []int32, rs reachScore, floor float32, sc *scratch) []int32 {
	fused := len(cands)
	cands = ix.addFused(cands, floor, rs, sc)
	for _, d := range cands[fused:] {
		sc.closest[d] = ix.bound(d, rs, sc)
	}
	least := lowered(rs.atLeast(floor))
	pt := &ix.phrases
	keyword := ix.w.Keyword
	phraseLeast := least // the least bound of a phrase that reaches least as an id or as a keyword
	if keyword > 0 {
		phraseLeast = min(least, least/keyword)
	} else if least <= 0 {
		phraseLeast = -math.MaxFloat32
	}
	sc.phraseRuns.atLeast(phraseLeast, func(p int) {
		b := sc.phraseRuns.vals[p]
		if b >= least {
			cands = ix.candidates(cands, pt.linked(p), rs, sc)
		}
		if keyword*b >= least {
			cands = ix.candidates(cands, pt.linked(pt.n+p), rs, sc)
		}
	})
	sc.docRuns.atLeast(least, func(d int) { cands = ix.candidate(cands, int32(d), rs, sc) })
	return cands
}

// candidates adds each of docs to cands (see candidate).
func (ix *Index) candidates(cands, docs []int32, rs reachScore, sc *scratch) []int32 {
	for _, d := range docs {
		cands = ix.candidate(cands, d, rs, sc)
	}
	return cands
}

// candidate adds document d to cands unless it is there (sc.seen), with its bound in sc.closest: its
// score at its own bound (sc.sem) blended with its closest phrase's (sc.phraseAll).
func (ix *Index) candidate(cands []int32, d int32, rs reachScore, sc *scratch) []int32 {
	if sc.seen[d] {
		return cands
	}
	sc.seen[d] = true
	sc.closest[d] = ix.bound(d, rs, sc)
	return append(cands, d)
}

// bound is document d's score at its own bound (sc.sem) blended with its closest phrase's (sc.phraseAll).
func (ix *Index) bound(d int32, rs reachScore, sc *scratch) float32 {
	sem := sc.sem[d]
	if best, found := ix.phrases.closest(d, sc.phraseAll[:ix.phrases.n], ix.w.Keyword); found {
		sem = blended(sem, best, ix.w.Phrase)
	}
	return rs.score(d, sem)
}

// exactBest writes into sc.scores score(d, ·) of the blended similarity to v of every one of docs that can
// be among the o.Limit best of them, given in sc.scores a bound of each (at least that score), which it
// tightens with the documents' own cosines: the documents first by their bounds, and then those whose
// bounds reach the o.Limit-th best of their scores. Any other keeps its bound, below the o.Limit best
// scores.
func (ix *Index) exactBest(v []float32, docs []int32, score func(int32, float32) float32, o Options, sc *scratch) {
	// A document's own cosine costs a tenth of its phrases': exact, it tightens each bound (a third fewer
	// exact scores in the load mix).
	own := sc.sims[:len(docs)]
	kernel.DotRowsAt(ix.vecs, docs, v, own)
	for i, d := range docs {
		sem := own[i]
		if ix.phrases.start[d+1] > ix.phrases.start[d] {
			sem = blended(sem, maxSimilarity, ix.w.Phrase)
		}
		sc.scores[d] = min(sc.scores[d], score(d, sem))
	}
	reach := ix.kthBest(sc.scores, docs, o, sc)
	first, rest := partition(docs, func(d int32) bool { return sc.scores[d] >= reach })
	ix.exactScores(v, first, score, sc)
	floor := ix.kthBest(sc.scores, first, o, sc)
	can, _ := partition(rest, func(d int32) bool { return sc.scores[d] >= floor })
	ix.exactScores(v, can, score, sc)
}

// exactScores writes into sc.scores score(d, ·) of the blended similarity to v of each of docs.
func (ix *Index) exactScores(v []float32, docs []int32, score func(int32, float32) float32, sc *scratch) {
	sims := sc.sims[:len(docs)]
	ix.similarities(v, docs, sims, sc)
	for i, d := range docs {
		sc.scores[d] = score(d, sims[i])
	}
}
