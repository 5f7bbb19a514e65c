package search

import (
	"math"
	"slices"
	"strings"

	"github.com/iconlib/iconlib/internal/search/kernel"
)

// Search ranks documents for q by word matching fused with semantic similarity (without semantic vectors,
// by word matching alone). A document whose id or name is exactly q scores above 0.5, every other one at
// most 0.5. An error is ErrEmptyQuery.
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
	ix.lexical(qu, sc)
	family := ix.family(qu)
	v := ix.queryVector(qu, sc)
	// Whether the query names a document's concept is a look-up per document, not a pass over the query.
	sc.exactTerms = qu.markExact(sc.exactTerm, sc.exactTerms[:0])
	defer func() {
		for _, t := range sc.exactTerms {
			sc.exactTerm[t] = false
		}
	}()
	sc.namedLogos = ix.markNamed(qu.words, sc.namedLogo, sc.namedLogos[:0])
	defer func() {
		for _, d := range sc.namedLogos {
			sc.namedLogo[d] = false
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
		if ix.logos.of[d] && !sc.namedLogo[d] {
			s *= unnamedLogo
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
		if v != nil {
			ix.exactBest(v, matched, fuse, o, sc)
		} else {
			ix.exactScores(v, matched, fuse, sc)
		}
		sc.resetPhrases()
		scan = v != nil && ix.kthBest(sc.scores, matched, o, sc) <= w.Sem/total
	}
	if !scan {
		return ix.topOf(sc.scores, matched, o), nil // no other document has a score
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
		// Any document but the matching ones and the opposites scores floor from a similarity of floor ×
		// total / Sem on.
		atLeast := func(floor float32) float32 {
			if semW <= 0 {
				return math.MaxFloat32
			}
			return floor * total / semW
		}
		fused := append(matched, opposite...)
		sc.touched = fused[:len(matched)] // matched's array, grown or not, for the next query
		rs := reachScore{score: score, fused: fused, atLeast: atLeast}
		return ix.reachableHits(v, o, rs, sc), nil
	}
	ix.cosines(v, sc.sem)
	ix.blend(v, sc.sem, sc.phraseAll, sc.closest)
	scoreAll(sc.sem, sc.scores)
	return ix.top(sc.scores, o), nil
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
		for _, d := range ix.labelled[o.term] {
			if _, holds := slices.BinarySearch(ix.labelled[o.of], d); !sc.opposite[d] && !holds {
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
