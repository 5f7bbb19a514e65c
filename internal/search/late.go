package search

import (
	"cmp"
	"slices"
)

// Late interaction (as ColBERT scores a document, with words for tokens): a query of several words
// describes a need word by word ("crop the picture"), and its averaged embedding is pulled towards the
// documents that share its most common word (every photo-* icon). So semantic search alone also scores
// each document by how well each query word finds a phrase of the document (its id's words, a keyword):
// the mean over the query's words, each at its SIF weight, of the closest phrase's cosine (a keyword's
// discounted as in blend), blended in by weightLate. A query word costs one pass over the phrases, so
// only the lateWords rarest words of a long query take part.
const (
	weightLate = 0.25
	lateWords  = 6
)

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

// late writes into acc, per document, the late-interaction similarity of qu's words; it reports false,
// writing nothing, for a query of fewer than two distinct words the embedder knows.
func (ix *Index) late(qu query, acc []float32, sc *scratch) bool {
	pt := &ix.phrases
	ws := ix.lateWords(qu)
	if pt.n == 0 || len(ws) < 2 {
		return false
	}
	clear(acc)
	out, best := sc.phraseAll[:2*pt.n], sc.closest[:len(acc)]
	var total float32
	for _, w := range ws {
		dotRows(pt.vecs, w.vec, out[:pt.n])
		for p, c := range out[:pt.n] {
			out[pt.n+p] = weightKeyword * c
		}
		closestAll(pt.of, pt.start, out, best)
		for d, b := range best {
			acc[d] += w.weight * b
		}
		total += w.weight
	}
	for d := range acc {
		acc[d] /= total
	}
	return true
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
