package search

import (
	"math"
	"slices"
	"strings"

	"github.com/iconlib/iconlib/internal/search/kernel"
)

// Search ranks documents for q by word matching fused with semantic similarity (without semantic vectors,
// by word matching alone), steered by its state words (states.go). A document whose id or name is exactly
// q scores above 0.5, every other one at most 0.5. An error is ErrEmptyQuery.
func (ix *Index) Search(q string, o Options) ([]Hit, error) {
	sc := ix.scratch()
	defer ix.pool.Put(sc)
	return ix.search(q, o, sc)
}

// search is Search in sc's memory.
func (ix *Index) search(q string, o Options, sc *scratch) ([]Hit, error) {
	qu, err := ix.parse(q, sc)
	if err != nil {
		return nil, err
	}
	return ix.steer(ix.fused(qu, o.widened(qu.states), sc), qu.states, o, maxNamed), nil
}

// maxNamed is the highest score of a document in the fused ranking whose id or name is not the query.
const maxNamed = 0.5

// fused ranks documents for qu by word matching fused with semantic similarity.
func (ix *Index) fused(qu query, o Options, sc *scratch) []Hit {
	ix.lexical(qu, sc)
	v := ix.queryVector(qu, sc)
	f := ix.newFusion(qu, v, sc)
	defer f.forget()
	// The documents that match words score first. Any other scores by similarity alone, at most
	// Sem/total: when limit matching documents score more, none of the others can be a hit, and
	// the scan of every document's vector is skipped. When more than a sixteenth of the documents match
	// (long queries), one scan of the documents and the phrases costs less than their similarities.
	if v == nil || !scanAlways && len(f.matched) <= len(sc.scores)/16 {
		if hits, ok := ix.matchedHits(v, o, &f); ok {
			return hits
		}
	}
	if boundedScan && ix.phrases.n > 0 {
		fused := append(f.matched, f.opposite...)
		sc.touched = fused[:len(f.matched)] // matched's array, grown or not, for the next query
		rs := reachScore{score: f.score, fused: fused, atLeast: f.atLeast}
		return ix.reachableHits(v, o, rs, sc)
	}
	ix.cosines(v, sc.sem)
	ix.blend(v, sc.sem, sc.phraseAll, sc.closest)
	f.scoreAll(sc.sem, sc.scores)
	return ix.top(sc.scores, o)
}

// matchedHits scores the documents that match words alone and returns their hits, when no other
// document can outscore the limit-th of them by similarity alone (true); else the scan must run (false).
// Without a query vector no other document has a score.
func (ix *Index) matchedHits(v []float32, o Options, f *fusion) ([]Hit, bool) {
	sc, bar := f.sc, f.w.Sem/f.total
	if v != nil {
		// When even at the highest similarity too few matching documents outscore similarity alone, the
		// scan is certain, and their exact similarities would be computed for nothing.
		for _, d := range f.matched {
			sc.scores[d] = f.fuse(d, maxSimilarity)
		}
		if ix.kthBest(sc.scores, f.matched, o, sc) <= bar {
			return nil, false
		}
		ix.exactBest(v, f.matched, f.fuse, o, sc)
	} else {
		ix.exactScores(v, f.matched, f.fuse, sc)
	}
	sc.resetPhrases()
	if v != nil && ix.kthBest(sc.scores, f.matched, o, sc) <= bar {
		return nil, false
	}
	return ix.topOf(sc.scores, f.matched, o), true
}

// fusion is one query's fused score of each document: its word match, name coverage and exact name (in
// sc, from lexical), its prior and family, its similarity, and its antonym and logo marks, over the
// weights' total.
type fusion struct {
	ix               *Index
	sc               *scratch
	w                Weights
	family           int32   // the term of the family the query names, or -1 (Index.family)
	exactName, total float32 // the exact name's weight; the most a document can score
	matched          []int32 // the documents that match a word of the query or are named exactly by it
	opposite         []int32 // the documents holding an antonym of a query word (markOpposites)
}

// newFusion marks in sc what qu names (its exact terms, the logos it names, the documents of opposite
// meaning) for scoring with its vector v (nil without one); forget clears the marks.
func (ix *Index) newFusion(qu query, v []float32, sc *scratch) fusion {
	f := fusion{ix: ix, sc: sc, w: ix.w, family: ix.family(qu)}
	// Whether the query names a document's concept is a look-up per document, not a pass over the query.
	sc.exactTerms = qu.markExact(sc.exactTerm, sc.exactTerms[:0])
	sc.namedLogos = ix.markNamed(qu.words, sc.namedLogo, sc.namedLogos[:0])
	f.exactName = f.w.exactName()
	f.total = f.w.Lex + f.w.Name + f.w.Prior*(1+familyWeight) + f.exactName
	if v != nil {
		f.total += f.w.Sem
	}
	f.opposite = ix.markOpposites(qu, sc)
	clear(sc.scores)
	f.matched = ix.matched(qu, sc)
	return f
}

// forget clears the marks newFusion set.
func (f *fusion) forget() {
	for _, t := range f.sc.exactTerms {
		f.sc.exactTerm[t] = false
	}
	for _, d := range f.sc.namedLogos {
		f.sc.namedLogo[d] = false
	}
	for _, d := range f.opposite {
		f.sc.opposite[d] = false
	}
}

// similar is the part of a score similarity sem gives.
func (f *fusion) similar(sem float32) float32 { return f.w.Sem * max(sem, 0) }

// fuse is document d's score at similarity sem.
func (f *fusion) fuse(d int32, sem float32) float32 {
	sc, ix, w := f.sc, f.ix, &f.w
	name := sc.name[d]
	if f.family >= 0 && !ix.isNamed(d, f.family) {
		name = min(name, familyCover) // a keyword of the family's word is no better than a member's name
	}
	s := w.Lex*sc.lex[d] + w.Name*name + f.similar(sem)
	if sc.lex[d] > 0 || name > 0 {
		s += w.Prior * ix.prior[d]
		if h := ix.head[d]; h >= 0 && sc.exactTerm[h] {
			s += w.Prior * familyWeight
		}
	}
	if sc.exact[d] {
		s += f.exactName
	}
	if sc.opposite[d] {
		s *= w.Antonym
	}
	if ix.logos.of[d] && !sc.namedLogo[d] {
		s *= unnamedLogo
	}
	return s / f.total
}

// score is fuse for the documents that match words or are marked, and similarity alone over the total for
// the others (most of them), whose fuse would add zeros to it.
func (f *fusion) score(d int32, sem float32) float32 {
	if sc := f.sc; sc.lex[d] != 0 || sc.name[d] != 0 || sc.exact[d] || sc.opposite[d] {
		return f.fuse(d, sem)
	}
	return f.similar(sem) / f.total
}

// scoreAll writes into out every document's score from its similarity in sims.
func (f *fusion) scoreAll(sims, out []float32) {
	for d, sem := range sims {
		out[d] = f.similar(sem) / f.total
	}
	for _, d := range f.matched {
		out[d] = f.fuse(d, sims[d])
	}
	for _, d := range f.opposite {
		out[d] = f.fuse(d, sims[d])
	}
}

// atLeast is the similarity from which a document that matches no word scores floor.
func (f *fusion) atLeast(floor float32) float32 {
	if f.w.Sem <= 0 {
		return math.MaxFloat32
	}
	return floor * f.total / f.w.Sem
}

// markOpposites marks, in sc.opposite, the documents whose id, name or a keyword holds an antonym of a
// query word the query does not also match, unless they hold the query word too ("happy" marks mood-sad,
// which is tagged "unhappy", but not mood-crazy-happy; "zoom out" marks zoom-in), and returns them (in
// sc's memory, until the next query's).
func (ix *Index) markOpposites(qu query, sc *scratch) []int32 {
	out := sc.opposites[:0]
	for _, o := range qu.avoid {
		if qu.matches(o.term) {
			continue
		}
		for _, d := range ix.labelled.At(int(o.term)) {
			if _, holds := slices.BinarySearch(ix.labelled.At(int(o.of)), d); !sc.opposite[d] && !holds {
				sc.opposite[d] = true
				out = append(out, d)
			}
		}
	}
	sc.opposites = out
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
	for _, d := range ix.exact.of(qu.words) {
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

// queryVector is the embedding of qu's words without the common direction, nil when there are no vectors
// or the embedder knows none of the words; it is in sc's memory, when the embedder embeds by rows.
func (ix *Index) queryVector(qu query, sc *scratch) []float32 {
	if ix.dim == 0 || len(qu.embed) == 0 {
		return nil
	}
	var v []float32
	if re, ok := ix.emb.(rowEmbedder); ok && embedByRows {
		v = re.EmbedRows(sc.queryVector, qu.rows)
	} else {
		v = ix.emb.Embed(strings.Join(qu.embed, " "))
	}
	if len(v) != ix.dim {
		v = nil // a word the embedder lacks may still mean its synonyms ("cogwheel": settings)
	}
	for _, s := range qu.also {
		if sv := ix.emb.Embed(s.Words); len(sv) == ix.dim {
			if v == nil {
				v = sc.queryVector[:ix.dim]
				clear(v)
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

// embedByRows is false only in tests that compare embedding a query by its words' rows with embedding its
// text.
var embedByRows = true

// weightAlso weighs the embedding of a query word's synonym against the query's own.
const weightAlso = 1.0

// cosines writes the cosine similarity of v (a queryVector) with every document into out: one
// matrix-vector product (kernel.DotRows).
func (ix *Index) cosines(v, out []float32) {
	kernel.DotRows(ix.vecs, v, out)
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
