package search

import (
	"math"
)

// Bounded scan: the fused ranking's scan needs every document's closest phrase (blend), a float cosine
// per phrase, though only the few documents near the limit-th score decide the hits (about three beyond
// the limit within 0.001 of it, in the load mix). So where an int8 kernel runs (VNNI's, or AVX2's at about
// half the float scan's time), the scan first bounds every phrase's cosine from above with int8 rows and
// one byte per query component (a quarter of the float kernel's reads), ranks the documents by the
// bounds, and computes exact cosines only for the documents that the bounds leave in reach of the hits.
// The hits are those of the full float scan, to the bit.

// boundTable holds a table of unit vectors (rows) as int8, each with its own scale, to bound the cosine of a
// query with every row from above.
//
// Row r starts at byte r × stride and is read as width bytes, the next row's first ones included: the
// query's bytes past dim are 0, so those add nothing, and the table has width − stride bytes more so the
// last row's read stays within it. Packing rows at dim bytes (rounded to 4) rather than at the read's
// width takes a fifth less memory for 100 dimensions, and the scan is bound by reading it.
type boundTable struct {
	rows   []int8    // n rows of dim components, stride bytes apart, then width − stride zeros
	bias   []int32   // per row, 128 × the sum of its components (a query byte is its component + 128)
	scale  []float32 // per row
	stride int       // dim rounded up to 4
	width  int       // dim rounded up to 32: the bytes the kernel reads a row as
	err    float32   // at most |row − scale·int8 row| over the rows
	norm   float32   // at most |scale·int8 row| over the rows
}

// boundSlack covers the rounding of the float kernel's sums and of the bound's own arithmetic (cosines of
// unit vectors in 100 dimensions round by less than 1e-5).
const boundSlack = 2e-5

func newBoundTable(vecs []float32, dim int) boundTable {
	n := len(vecs) / max(dim, 1)
	bt := boundTable{stride: (dim + 3) &^ 3, width: (dim + 31) &^ 31, bias: make([]int32, n), scale: make([]float32, n)}
	bt.rows = make([]int8, n*bt.stride+bt.width-bt.stride)
	var maxErr, maxNorm float64
	for r := range n {
		v := vecs[r*dim : (r+1)*dim]
		q := bt.rows[r*bt.stride : r*bt.stride+dim]
		s := quantizeRow(v, q)
		bt.scale[r] = s
		var sum int32
		var e2, n2 float64
		for i, c := range q {
			sum += int32(c)
			back := float64(s) * float64(c)
			e2 += (float64(v[i]) - back) * (float64(v[i]) - back)
			n2 += back * back
		}
		bt.bias[r] = 128 * sum
		maxErr, maxNorm = max(maxErr, math.Sqrt(e2)), max(maxNorm, math.Sqrt(n2))
	}
	bt.err, bt.norm = float32(maxErr), float32(maxNorm)
	return bt
}

// quantizeRow writes v's components into q as int8 at its scale (rowScale) and returns the scale.
func quantizeRow(v []float32, q []int8) float32 {
	s := rowScale(v)
	for i, c := range v {
		q[i] = quantized(c, s)
	}
	return s
}

// rowScale is the scale that maps v's largest component to 127: max|v|/127, 1 for a zero vector.
func rowScale(v []float32) float32 {
	var m float32
	for _, c := range v {
		m = max(m, float32(math.Abs(float64(c))))
	}
	if m == 0 {
		return 1
	}
	return m / 127
}

func quantized(c, scale float32) int8 {
	return int8(max(-127, min(127, math.Round(float64(c/scale)))))
}

// boundQuery is a query vector as bound tables read it: a byte per component (quantized at the vector's
// scale, plus 128; 0 past its length, so a row's read past it adds nothing).
type boundQuery struct {
	bytes []uint8
	scale float32 // what a byte's step stands for
	err   float32 // |v − what the bytes stand for|
	norm  float32 // |v|
}

// newBoundQuery makes v's boundQuery in q, of len the tables' width.
func newBoundQuery(v []float32, q []uint8) boundQuery {
	bq := boundQuery{bytes: q, scale: rowScale(v), norm: norm32(v)}
	var e2 float64
	for i, c := range v {
		k := quantized(c, bq.scale)
		q[i] = uint8(int16(k) + 128)
		d := float64(c) - float64(bq.scale)*float64(k)
		e2 += d * d
	}
	clear(q[len(v):])
	bq.err = float32(math.Sqrt(e2))
	return bq
}

// bounds writes into out[r] a number at least the cosine dotRows gives of the query and row r, and into
// kw[r] keyword times it (as closestPhrases writes a phrase as a keyword). The int8 dot product is
// exact; what the bytes miss of the query and of the row is bounded by Cauchy–Schwarz: |v|·err + |v −
// query bytes|·norm.
func (bt *boundTable) bounds(bq boundQuery, out, kw []float32, keyword float32) {
	add := bt.err*bq.norm + bq.err*bt.norm + boundSlack
	boundRows(bt.rows, bq.bytes, bt.bias, bt.scale, out, kw, bq.scale, add, keyword, bt.stride)
}

func norm32(v []float32) float32 {
	var s float64
	for _, c := range v {
		s += float64(c) * float64(c)
	}
	return float32(math.Sqrt(s))
}

// boundRowsGo is the int8 kernels' arithmetic in Go: the reference their tests compare with, and the
// kernel where none runs.
func boundRowsGo(m []int8, q []uint8, bias []int32, scale []float32, out, kw []float32, mul, add, kwScale float32, stride int) {
	for r := range out {
		var sum int32
		for i, c := range m[r*stride : r*stride+len(q)] {
			sum += int32(q[i]) * int32(c)
		}
		out[r] = float32(float32(float32(sum-bias[r])*scale[r])*mul) + add // as the kernel rounds: no fused multiply-add
		kw[r] = out[r] * kwScale
	}
}

// boundedScan is whether the fused ranking's scan bounds phrase cosines first (where the int8 kernel
// runs); tests turn it off to compare with the full float scan.
var boundedScan = hasBoundKernel

// boundedSimilarities writes into bound, per document, a number at least its blended similarity to v
// (a document without phrases has only its embedding's), from bounds of its embedding's and its phrases'
// cosines.
func (ix *Index) boundedSimilarities(v, bound []float32, sc *scratch) {
	pt := &ix.phrases
	bq := newBoundQuery(v, sc.queryBytes)
	ix.phraseBounds.bounds(bq, sc.phraseAll[:pt.n], sc.phraseAll[pt.n:2*pt.n], ix.w.Keyword)
	ix.docBounds.bounds(bq, sc.sem, sc.wordBest, ix.w.Keyword) // sc.wordBest: as keywords, unread
	closestAll(pt.of, pt.start, sc.phraseAll, bound)
	phrase := ix.w.Phrase
	for d, b := range bound {
		bound[d] = sc.sem[d]
		if pt.start[d+1] > pt.start[d] {
			bound[d] = blended(sc.sem[d], b, phrase)
		}
	}
}

// bestReachable returns the best hits by score(d, ·) of the blended similarity to v, given per document
// a bound (at least that score): the documents first by their bounds get exact scores, o.Limit of them
// reach the o.Limit-th best of those, and a document whose bound falls below it cannot be a hit, so only
// those within reach are scored exactly (into sc.scores) and ranked. score must not decrease as the
// similarity grows.
func (ix *Index) bestReachable(v []float32, o Options, bound []float32, score func(int32, float32) float32, sc *scratch) []Hit {
	reach := ix.kthBestAll(bound, o, sc)
	docs := sc.touched[:0]
	for d, b := range bound {
		if b >= reach && ix.inGroup(int32(d), o) {
			docs = append(docs, int32(d))
		}
	}
	first := len(docs)
	ix.exactScores(v, docs, score, sc)
	floor := ix.kthBest(sc.scores, docs, o, sc)
	for d, b := range bound {
		if b < reach && b >= floor && ix.inGroup(int32(d), o) {
			docs = append(docs, int32(d))
		}
	}
	ix.exactScores(v, docs[first:], score, sc)
	sc.resetPhrases()
	hits := ix.topOf(sc.scores, docs, o)
	sc.touched = docs[:0]
	return hits
}

// exactScores writes into sc.scores score(d, ·) of the blended similarity to v of each of docs.
func (ix *Index) exactScores(v []float32, docs []int32, score func(int32, float32) float32, sc *scratch) {
	sims := sc.sims[:len(docs)]
	ix.similarities(v, docs, sims, sc)
	for i, d := range docs {
		sc.scores[d] = score(d, sims[i])
	}
}
