package search

import (
	"slices"
	"strings"

	"github.com/iconlib/iconlib/internal/search/kernel"

	"github.com/iconlib/iconlib/internal/wordvec"
)

// Semantic similarity by parts: a document's embedding averages its name, keywords and text, so a query of
// one or two words ("cog", "warning") is far from every document that has it as one keyword among ten. So
// the index also embeds each distinct phrase documents are labelled with (its id's words, a keyword), and a
// document's similarity to a query is a blend of its embedding's and its closest phrase's: Weights.Phrase of
// the latter, a keyword counting Weights.Keyword as much as the id, so the base icon named by a query's word
// comes before its variants tagged with it. The phrase vectors are computed when the index is built or
// opened, from the embedder.
// phraseTable holds the distinct phrases' unit vectors (without the common direction) and, per document,
// the phrases it is labelled with, as one array cut by offsets.
type phraseTable struct {
	vecs  []float32 // n × dim
	n     int
	of    []int32 // the phrases of document d are of[start[d]:start[d+1]]: p for its id, n+p for a keyword
	start []int32
	// The other way round: the documents linked through j (p for a phrase as an id, n+p as a keyword),
	// in document order, are docs[first[j]:first[j+1]].
	docs, first []int32
}

func newPhraseTable(docs []Doc, emb Embedder, dim int, common []float32) phraseTable {
	pt := phraseTable{start: make([]int32, len(docs)+1)}
	ids := map[string]int32{}
	phrase := func(p string) (int32, bool) {
		key := strings.Join(wordvec.Tokenize(p), " ")
		if j, ok := ids[key]; ok {
			return j, j >= 0
		}
		v := emb.Embed(key)
		if len(v) != dim {
			ids[key] = -1
			return -1, false
		}
		removeDirection(v, common)
		j := int32(pt.n)
		ids[key] = j
		pt.vecs = append(pt.vecs, v...)
		pt.n++
		return j, true
	}
	for i, d := range docs {
		if j, ok := phrase(d.ID); ok {
			pt.of = append(pt.of, j)
		}
		for _, k := range d.Keywords {
			if j, ok := phrase(k); ok {
				pt.of = append(pt.of, ^j) // made n+j below, once n is known
			}
		}
		pt.start[i+1] = int32(len(pt.of))
	}
	for i, p := range pt.of {
		if p < 0 {
			pt.of[i] = int32(pt.n) + ^p
		}
	}
	pt.docs, pt.first = invertLinks(pt.of, pt.start, 2*pt.n)
	return pt
}

// invertLinks returns, for links of documents to slots (document d's are of[start[d]:start[d+1]]), each
// slot's documents in document order: slot j's are docs[first[j]:first[j+1]].
func invertLinks(of, start []int32, slots int) (docs, first []int32) {
	first = make([]int32, slots+1)
	for _, j := range of {
		first[j+1]++
	}
	for j := range slots {
		first[j+1] += first[j]
	}
	docs = make([]int32, len(of))
	next := slices.Clone(first[:slots])
	for d := range len(start) - 1 {
		for _, j := range of[start[d]:start[d+1]] {
			docs[next[j]] = int32(d)
			next[j]++
		}
	}
	return docs, first
}

// linked is the documents linked through slot j (see phraseTable.docs).
func (pt *phraseTable) linked(j int) []int32 {
	return pt.docs[pt.first[j]:pt.first[j+1]]
}

// closest is the best of a document's phrases' cosines cos (indexed by phrase), a keyword's discounted to
// keyword times it; found is false for a document without phrases.
func (pt *phraseTable) closest(d int32, cos []float32, keyword float32) (best float32, found bool) {
	best = -1
	n := int32(pt.n)
	for _, p := range pt.of[pt.start[d]:pt.start[d+1]] {
		if p < n {
			best = max(best, cos[p])
		} else {
			best = max(best, keyword*cos[p-n])
		}
	}
	return best, pt.start[d+1] > pt.start[d]
}

// blend mixes into sem (per document, the cosine with the document's embedding) the cosine with each
// document's closest phrase; out is scratch of len 2 × pt.n (the cosines, then as keywords), best of len(sem).
func (ix *Index) blend(v, sem, out, best []float32) {
	pt := &ix.phrases
	if pt.n == 0 {
		return
	}
	kernel.DotRows(pt.vecs, v, out[:pt.n])
	ix.blendClosest(sem, out, best)
}

// blendBounds writes into sc.sem, per document, a bound of the similarity blend gives it: its own cosine's
// int8 bound blended with its closest phrase's (a keyword's discounted), from the phrase bounds it leaves in
// sc.phraseAll (the cosines, then as keywords), the closest in sc.closest.
func (ix *Index) blendBounds(v []float32, sc *scratch) {
	bq := kernel.NewBoundQuery(v, sc.queryBytes)
	ix.docBounds.Bounds(bq, sc.sem)
	ix.phraseBounds.Bounds(bq, sc.phraseAll[:ix.phrases.n])
	ix.blendClosest(sc.sem, sc.phraseAll, sc.closest)
}

// blendClosest mixes into sem, as blend does, each document's closest of the phrase values in out[:pt.n]
// (cosines, or bounds of them), which it writes into best (see closestOf).
func (ix *Index) blendClosest(sem, out, best []float32) {
	pt := &ix.phrases
	ix.closestOf(out, best[:len(sem)])
	phrase := ix.w.Phrase
	for d := range sem {
		if pt.start[d+1] > pt.start[d] {
			sem[d] = blended(sem[d], best[d], phrase)
		}
	}
}

// closestPhrases writes into best, per document, the cosine of v with the document's closest phrase (a
// keyword's discounted), -1 for a document without phrases, in one pass over the phrase table; out is
// scratch of len 2 × pt.n (the cosines, then as keywords).
func (ix *Index) closestPhrases(v, out, best []float32) {
	kernel.DotRows(ix.phrases.vecs, v, out[:ix.phrases.n])
	ix.closestOf(out, best)
}

// closestOf writes into best, per document, the highest of its phrases' values in out[:pt.n] (a keyword's
// times Weights.Keyword, which it writes into out[pt.n:]), -1 for a document without phrases.
func (ix *Index) closestOf(out, best []float32) {
	pt := &ix.phrases
	out = out[:2*pt.n]
	for p, c := range out[:pt.n] {
		out[pt.n+p] = ix.w.Keyword * c
	}
	kernel.Closest(pt.of, pt.start, out, best)
}

// similarities writes into out[i] document docs[i]'s blended similarity to v (a queryVector, nil for
// none), as blend computes it for every document; 0 without v. The documents' cosines, and those of their
// phrases not yet in sc.phrase, are each computed in one batch (kernel.DotRowsAt).
func (ix *Index) similarities(v []float32, docs []int32, out []float32, sc *scratch) {
	out = out[:len(docs)]
	if v == nil {
		clear(out)
		return
	}
	kernel.DotRowsAt(ix.vecs, docs, v, out)
	ix.cachePhrases(v, docs, sc)
	for i, d := range docs {
		if best, found := ix.phrases.closest(d, sc.phrase, ix.w.Keyword); found {
			out[i] = blended(out[i], best, ix.w.Phrase)
		}
	}
}

// cachePhrases computes into sc.phrase, in one batch (kernel.DotRowsAt), the cosine with v of every phrase of docs
// that is not there yet (notComputed), for the query's other documents; sc.phrased lists them, for
// resetPhrases. A document's closest phrase is then phrases.closest(d, sc.phrase).
func (ix *Index) cachePhrases(v []float32, docs []int32, sc *scratch) {
	pt := &ix.phrases
	n := int32(pt.n)
	from := len(sc.phrased)
	for _, d := range docs {
		for _, p := range pt.of[pt.start[d]:pt.start[d+1]] {
			if p >= n {
				p -= n
			}
			if sc.phrase[p] == notComputed {
				sc.phrase[p] = pending
				sc.phrased = append(sc.phrased, p)
			}
		}
	}
	fresh := sc.phrased[from:]
	dots := sc.dots[:len(fresh)]
	kernel.DotRowsAt(pt.vecs, fresh, v, dots)
	for i, p := range fresh {
		sc.phrase[p] = dots[i]
	}
}

// notComputed marks a phrase similarity not yet computed for the query (a cosine is at most 1), and pending
// one that cachePhrases is about to compute.
const (
	notComputed = 2
	pending     = 3
)

// resetPhrases marks the phrase similarities cachePhrases computed as not computed.
func (sc *scratch) resetPhrases() {
	for _, p := range sc.phrased {
		sc.phrase[p] = notComputed
	}
	sc.phrased = sc.phrased[:0]
}
