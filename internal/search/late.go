package search

import (
	"cmp"
	"slices"

	"github.com/iconlib/iconlib/internal/search/kernel"
)

// Late interaction (as ColBERT scores a document, with words for tokens): a query of several words
// describes a need word by word ("crop the picture"), and its averaged embedding is pulled towards the
// documents that share its most common word (every photo-* icon). So semantic search alone also scores
// each document by how well each query word finds a phrase of the document (its id's words, a keyword):
// the mean over the query's words, each at its SIF weight, of the closest phrase's cosine (a keyword's
// discounted as in blend), blended in by Weights.Late. A query word costs one pass over the phrases, so
// only the lateWords rarest words of a long query take part.
const lateWords = 6

// sifWeigher is what late needs of an Embedder to weigh words: wordvec.Embedder has it.
type sifWeigher interface {
	Rank(word string) (int, bool)
	Weight(rank int) float32
}

// lateWord is a query word's embedding without the common direction, and its weight.
type lateWord struct {
	vec    []float32
	weight float32
}

// late returns the best hits by the semantic score (ss) of each document's similarity (sc.sem)
// with the late similarity of ws blended in, among the documents of o.Group. A late similarity is at most
// maxSimilarity, and the score grows with the similarity, which bounds each score: the documents first by
// their scores without it get their exact scores, o.Limit documents reach the o.Limit-th best of those,
// and a document whose bound falls below it cannot be a hit, so its phrases' cosines with the words are
// never computed (most documents, most queries). scanAlways scores every document.
//
// With the query vector v, sc.sem holds bounds of the similarities (blendBounds), and late computes the
// exact ones of the documents it scores; without (nil), sc.sem holds them all. When many documents can
// still reach the hits, their late similarities are bounded (lateBounds) before any exact similarity.
func (ix *Index) late(ws []lateWord, v []float32, o Options, ss semanticScorer, sc *scratch) []Hit {
	group := ix.groupDocs(o, sc)
	est := sc.wordBest // each document's score without its late similarity, until lateBounds or lateScores reuse it
	late := ix.w.Late
	for _, d := range group {
		est[d] = ss.score(d, (1-late)*sc.sem[d], sc.opposite[d])
	}
	reach := ix.kthBest(est, group, o, sc)
	first, rest := partition(group, func(d int32) bool { return est[d] >= reach })
	ix.exactSimilarities(v, first, sc)
	ix.lateScores(ws, first, ss, sc)
	floor := ix.kthBest(sc.scores, first, o, sc)
	if scanAlways {
		floor = -maxSimilarity
	}
	var lateMax []float32 // per document, a bound of its late similarity once lateBounds wrote it
	reaches := func(d int32) bool {
		bound := float32(maxSimilarity)
		if lateMax != nil {
			bound = lateMax[d]
		}
		return ss.score(d, (1-late)*sc.sem[d]+late*bound, sc.opposite[d]) >= floor
	}
	can, _ := partition(rest, reaches)
	if boundedScan && len(can) > len(ix.docs)/lateBoundFrom {
		// Their late similarities are bounded first, while sc.sem still bounds their similarities with v:
		// an int8 pass over the phrases a word costs less than the float pass over every phrase that exact
		// similarities of more than an exactPassFrom-th of the documents take, and leaves fewer to compute.
		lateMax = sc.wordBest // est is done with
		ix.lateBounds(ws, can, lateMax, sc)
		can, _ = partition(can, reaches)
	}
	if v != nil { // then by the exact similarities
		ix.exactSimilarities(v, can, sc)
		can, _ = partition(can, reaches)
	}
	ix.lateScores(ws, can, ss, sc)
	hits := ix.topOf(sc.scores, group[:len(first)+len(can)], o)
	sc.touched = group[:0]
	return hits
}

// exactSimilarities writes into sc.sem the blended similarity to v of each of docs, which sc.sem bounds
// (blendBounds); nothing without v. For more than an exactPassFrom-th of the documents, it writes every
// document's: one pass over the tables costs less than reading their rows one by one, and an exact
// similarity bounds it too.
func (ix *Index) exactSimilarities(v []float32, docs []int32, sc *scratch) {
	if v == nil {
		return
	}
	if len(docs) > len(ix.docs)/exactPassFrom {
		ix.cosines(v, sc.sem)
		ix.blend(v, sc.sem, sc.phraseAll, sc.closest)
		return
	}
	sims := sc.sims[:len(docs)]
	ix.similarities(v, docs, sims, sc)
	sc.resetPhrases() // sc.phrase is the words' next
	for i, d := range docs {
		sc.sem[d] = sims[i]
	}
}

// exactPassFrom: exact similarities of more than an exactPassFrom-th of the documents take one float pass
// over every document and phrase.
const exactPassFrom = 16

// lateBoundFrom: when more than a lateBoundFrom-th of the documents can still reach the hits, late bounds
// their late similarities first, with an int8 pass over the phrases a word, which costs less than the
// float pass a word, or the cosines of their phrases, that it spares for most of them.
const lateBoundFrom = 32

// lateBounds writes into acc, for each of docs, a bound of its late similarity to ws (lateScores): the
// same mean with the int8 table's bound of each phrase's cosine.
func (ix *Index) lateBounds(ws []lateWord, docs []int32, acc []float32, sc *scratch) {
	pt := &ix.phrases
	bounds := sc.phraseAll[:pt.n]
	for _, d := range docs {
		acc[d] = 0
	}
	var total float32
	for _, w := range ws {
		ix.phraseBounds.Bounds(kernel.NewBoundQuery(w.vec, sc.queryBytes), bounds)
		for _, d := range docs {
			b, _ := pt.closest(d, bounds, ix.w.Keyword)
			acc[d] += w.weight * b
		}
		total += w.weight
	}
	for _, d := range docs {
		acc[d] /= total
	}
}

// groupDocs lists the documents of o.Group (all without one) in sc.touched's array; give it back with
// sc.touched = group[:0] when done.
func (ix *Index) groupDocs(o Options, sc *scratch) []int32 {
	group := sc.touched[:0]
	for d := range int32(len(ix.docs)) {
		if o.Group == "" || ix.docs[d].Group == o.Group {
			group = append(group, d)
		}
	}
	return group
}

// maxSimilarity bounds a similarity: a cosine of unit vectors, or a weighted mean of them (a late
// similarity), with room for rounding.
const maxSimilarity = 1.001

// partition reorders docs so that those keep holds come first, and returns both parts.
func partition(docs []int32, keep func(int32) bool) (kept, others []int32) {
	k := 0
	for i, d := range docs {
		if keep(d) {
			docs[k], docs[i] = d, docs[k]
			k++
		}
	}
	return docs[:k], docs[k:]
}

// lateScores writes into sc.scores the semantic score (ss) of the blend of sc.sem and the late similarity of ws
// for each of docs: the mean over the words, each at its weight, of the cosine of the word with the document's
// closest phrase (as blend finds it, a keyword's discounted). sc.closest holds the sums, sc.wordBest a
// word's closest phrases. For more than an eighth of the documents, one pass over the whole phrase table
// a word costs less than the cosines of the documents' phrases (cachePhrases); either way a document gets
// the same bits.
func (ix *Index) lateScores(ws []lateWord, docs []int32, ss semanticScorer, sc *scratch) {
	acc := sc.closest
	for _, d := range docs {
		acc[d] = 0
	}
	all := len(docs) > len(ix.docs)/8
	var total float32
	for _, w := range ws {
		if all {
			ix.closestPhrases(w.vec, sc.phraseAll, sc.wordBest)
		} else {
			ix.cachePhrases(w.vec, docs, sc)
		}
		for _, d := range docs {
			b := sc.wordBest[d]
			if !all {
				b, _ = ix.phrases.closest(d, sc.phrase, ix.w.Keyword)
			}
			acc[d] += w.weight * b
		}
		sc.resetPhrases()
		total += w.weight
	}
	for _, d := range docs {
		acc[d] /= total
		sc.scores[d] = ss.score(d, (1-ix.w.Late)*sc.sem[d]+ix.w.Late*acc[d], sc.opposite[d])
	}
}

// lateWords returns the distinct words of qu the embedder knows, at most lateWords of them, the rarest
// (highest SIF weight) first; each weighs 1 with an embedder that cannot tell.
func (ix *Index) lateWords(qu query) []lateWord {
	if len(qu.embed) < 2 {
		return nil
	}
	sif, _ := ix.emb.(sifWeigher)
	var ws []lateWord
	seen := make(map[string]bool, len(qu.embed))
	for _, w := range qu.embed {
		v := ix.emb.Embed(w)
		if seen[w] || len(v) != ix.dim {
			continue
		}
		seen[w] = true
		removeDirection(v, ix.common)
		lw := lateWord{v, 1}
		if sif != nil {
			if r, ok := sif.Rank(w); ok {
				lw.weight = sif.Weight(r)
			}
		}
		ws = append(ws, lw)
	}
	slices.SortStableFunc(ws, func(a, b lateWord) int { return cmp.Compare(b.weight, a.weight) })
	return ws[:min(len(ws), lateWords)]
}
