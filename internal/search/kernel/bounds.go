package kernel

import "math"

// BoundTable holds a table of unit vectors (rows) as int8, each with its own scale, to bound the cosine of a
// query with every row from above.
//
// Row r starts at byte r × stride and is read as width bytes, the next row's first ones included: the
// query's bytes past dim are 0, so those add nothing, and the table has width − stride bytes more so the
// last row's read stays within it. Packing rows at dim bytes (rounded to 4) rather than at the read's
// width takes a fifth less memory for 100 dimensions, and the scan is bound by reading it.
type BoundTable struct {
	rows   []int8    // n rows of dim components, stride bytes apart, then width − stride zeros
	bias   []int32   // per row, 128 × the sum of its components (VNNI's query byte is its component + 128; AVX2's seven-bit one, + 64, takes half)
	scale  []float32 // per row
	stride int       // dim rounded up to 4
	width  int       // dim rounded up to 32: the bytes a kernel reads a row as (AVX2's: see avx2Rows)
	err    float32   // at most |row − scale·int8 row| over the rows
	norm   float32   // at most |scale·int8 row| over the rows
}

// boundSlack covers the rounding of the float kernel's sums and of the bound's own arithmetic (cosines of
// unit vectors in 100 dimensions round by less than 1e-5).
const boundSlack = 2e-5

// NewBoundTable makes the bound table of the rows of dim components in vecs, one after the other.
func NewBoundTable(vecs []float32, dim int) BoundTable {
	n := len(vecs) / max(dim, 1)
	bt := BoundTable{stride: (dim + 3) &^ 3, width: (dim + 31) &^ 31, bias: make([]int32, n), scale: make([]float32, n)}
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

// quantizeRow writes v's components into q as int8 at its scale (scaleTo 127) and returns the scale.
func quantizeRow(v []float32, q []int8) float32 {
	s := scaleTo(v, byteLevels)
	for i, c := range v {
		q[i] = int8(quantized(c, s, byteLevels))
	}
	return s
}

// byteLevels is the largest magnitude of a component as an int8 (rows, and queries for VNNI).
const byteLevels = 127

// scaleTo is the scale that maps v's largest component to levels: max|v|/levels, 1 for a zero vector.
func scaleTo(v []float32, levels int) float32 {
	var m float32
	for _, c := range v {
		m = max(m, float32(math.Abs(float64(c))))
	}
	if m == 0 {
		return 1
	}
	return m / float32(levels)
}

// quantized is c at scale, rounded, within ±levels.
func quantized(c, scale float32, levels int) int16 {
	return int16(max(-float64(levels), min(float64(levels), math.Round(float64(c/scale)))))
}

// BoundQuery is a query vector as bound tables read it: a byte per component (quantized at the vector's
// scale to ±levels, plus levels+1; 0 past its length, so a row's read past it adds nothing).
type BoundQuery struct {
	bytes []uint8
	scale float32 // what a byte's step stands for
	err   float32 // |v − what the bytes stand for|
	norm  float32 // |v|
}

// NewBoundQuery makes v's BoundQuery in q, of len the table's Width, for the kernel Bounds runs here.
func NewBoundQuery(v []float32, q []uint8) BoundQuery { return newBoundQuery(v, q, queryLevels) }

// newBoundQuery makes v's BoundQuery in q, of len the tables' width, with components of at most levels.
func newBoundQuery(v []float32, q []uint8, levels int) BoundQuery {
	bq := BoundQuery{bytes: q, scale: scaleTo(v, levels), norm: norm32(v)}
	var e2 float64
	for i, c := range v {
		k := quantized(c, bq.scale, levels)
		q[i] = uint8(k + int16(levels) + 1)
		d := float64(c) - float64(bq.scale)*float64(k)
		e2 += d * d
	}
	clear(q[len(v):])
	bq.err = float32(math.Sqrt(e2))
	return bq
}

// Bounds writes into out[r] a number at least the cosine DotRows gives of the query and row r. The int8
// dot product is exact; what the bytes miss of the query and of the row is bounded by Cauchy–Schwarz:
// |v|·err + |v − query bytes|·norm.
func (bt *BoundTable) Bounds(bq BoundQuery, out []float32) {
	boundRows(bt.rows, bq.bytes, bt.bias, bt.scale, out, bq.scale, bt.slack(bq), bt.stride)
}

// BoundsAt writes into out[r], for each row r of rows, what Bounds writes there (to the bit).
func (bt *BoundTable) BoundsAt(bq BoundQuery, rows []int32, out []float32) {
	boundRowsAt(bt.rows, bq.bytes, bt.bias, bt.scale, out, rows, bq.scale, bt.slack(bq), bt.stride)
}

// slack is what a bound adds to the int8 dot product of bq and a row, for what the bytes miss of the
// query and of the row.
func (bt *BoundTable) slack(bq BoundQuery) float32 {
	return bt.err*bq.norm + bq.err*bt.norm + boundSlack
}

// Width is the length of the query bytes a BoundQuery for the table needs.
func (bt *BoundTable) Width() int { return bt.width }

func norm32(v []float32) float32 {
	var s float64
	for _, c := range v {
		s += float64(c) * float64(c)
	}
	return float32(math.Sqrt(s))
}

// boundRowsGo is the int8 kernels' arithmetic in Go, for a query of components of at most levels (so
// bytes of levels+1 more): the reference their tests compare with, and the kernel where none runs. A
// row's bias is 128 times the sum of its components, which the query's offset replaces.
func boundRowsGo(m []int8, q []uint8, bias []int32, scale []float32, out []float32, mul, add float32, stride, levels int) {
	for r := range out {
		var sum int32
		for i, c := range m[r*stride : r*stride+len(q)] {
			sum += int32(q[i]) * int32(c)
		}
		sum -= (bias[r] >> 7) * int32(levels+1)                    // the sum of the row's components times the query's offset
		out[r] = float32(float32(float32(sum)*scale[r])*mul) + add // as the kernel rounds: no fused multiply-add
	}
}

// boundRowsAtGo is boundRowsGo for the rows of m listed in rows, each written at its own index of out.
func boundRowsAtGo(m []int8, q []uint8, bias []int32, scale []float32, out []float32, rows []int32, mul, add float32, stride, levels int) {
	for _, r := range rows {
		boundRowsGo(m[int(r)*stride:], q, bias[r:r+1], scale[r:r+1], out[r:r+1], mul, add, stride, levels)
	}
}
