package kernel

import (
	"math"
	"math/rand/v2"
	"testing"
)

// unitRows returns n random unit vectors of dim components, one after the other.
func unitRows(rng *rand.Rand, n, dim int) []float32 {
	m := make([]float32, n*dim)
	for r := range n {
		row := m[r*dim : (r+1)*dim]
		for i := range row {
			row[i] = float32(rng.NormFloat64())
		}
		s := norm32(row)
		for i := range row {
			row[i] /= s
		}
	}
	return m
}

// TestBoundsAreAtLeastTheCosines: for every row, the bound is at least the cosine DotRows gives, and close
// to it; the kernel boundRows picks writes the Go reference's bits, for any number of rows.
func TestBoundsAreAtLeastTheCosines(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, dim := range []int{1, 31, 32, 50, 100, 130} {
		for _, n := range []int{0, 1, 3, 4, 5, 8, 37, 500} {
			m := unitRows(rng, n, dim)
			bt := NewBoundTable(m, dim)
			v := unitRows(rng, 1, dim)
			if n > 0 && rng.IntN(2) == 0 {
				copy(v, m[:dim]) // a query equal to a row: its cosine is 1
			}
			bq := newBoundQuery(v, make([]uint8, bt.width), queryLevels)
			out := make([]float32, n)
			bt.Bounds(bq, out)
			exact := make([]float32, n)
			DotRows(m, v, exact)
			for r := range n {
				if out[r] < exact[r] {
					t.Fatalf("dim %d, %d rows: row %d: bound %v below the cosine %v", dim, n, r, out[r], exact[r])
				}
				if out[r]-exact[r] > 0.05 {
					t.Errorf("dim %d, %d rows: row %d: bound %v is %v above the cosine", dim, n, r, out[r], out[r]-exact[r])
				}
			}
			add := bt.err*bq.norm + bq.err*bt.norm + boundSlack
			goOut := make([]float32, n)
			boundRowsGo(bt.rows, bq.bytes, bt.bias, bt.scale, goOut, bq.scale, add, bt.stride, queryLevels)
			for r := range n {
				if math.Float32bits(goOut[r]) != math.Float32bits(out[r]) {
					t.Fatalf("dim %d, %d rows: row %d: kernel %v, Go %v", dim, n, r, out[r], goOut[r])
				}
			}
		}
	}
}

// TestBoundsAtWriteTheBitsOfBounds: bounding listed rows one by one (the kernel boundRowsAt picks) writes
// each listed row's bound with the bits bounding every row gives it, the first and last rows and rows
// listed twice included, and leaves every other entry as it was.
func TestBoundsAtWriteTheBitsOfBounds(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, dim := range []int{1, 31, 32, 50, 100, 130} {
		for _, n := range []int{1, 2, 5, 37, 500} {
			bt := NewBoundTable(unitRows(rng, n, dim), dim)
			bq := newBoundQuery(unitRows(rng, 1, dim), make([]uint8, bt.width), queryLevels)
			all := make([]float32, n)
			bt.Bounds(bq, all)
			rows := []int32{int32(n - 1), 0}
			for range n / 3 {
				rows = append(rows, int32(rng.IntN(n)))
			}
			rows = append(rows, rows[len(rows)-1])
			out := make([]float32, n)
			for r := range out {
				out[r] = float32(math.NaN())
			}
			bt.BoundsAt(bq, rows, out)
			listed := make([]bool, n)
			for _, r := range rows {
				listed[r] = true
			}
			for r := range n {
				if listed[r] && math.Float32bits(out[r]) != math.Float32bits(all[r]) {
					t.Fatalf("dim %d, %d rows: row %d: one by one %v, all %v", dim, n, r, out[r], all[r])
				}
				if !listed[r] && !math.IsNaN(float64(out[r])) {
					t.Fatalf("dim %d, %d rows: row %d, not listed, written %v", dim, n, r, out[r])
				}
			}
		}
	}
}
