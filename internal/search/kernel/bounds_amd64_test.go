package kernel

import (
	"math"
	"math/rand/v2"
	"testing"

	"golang.org/x/sys/cpu"
)

// boundKernel is one of boundRows' kernels, and the largest magnitude of the query components it takes.
type boundKernel struct {
	run    func(m []int8, q []uint8, bias []int32, scale []float32, out []float32, mul, add float32, stride int)
	levels int
}

// boundKernels are the int8 kernels this CPU runs, by name.
func boundKernels() map[string]boundKernel {
	kernels := map[string]boundKernel{}
	if hasVNNI {
		kernels["vnni"] = boundKernel{boundRowsVNNI, byteLevels}
	}
	if cpu.X86.HasAVX2 {
		kernels["avx2"] = boundKernel{avx2Rows, sevenBitLevels}
	}
	return kernels
}

// TestBoundKernelsWriteTheGoBits: each int8 kernel this CPU runs writes the Go reference's bits, whichever
// kernel boundRows picks, for rows of every length and count, random ones and ones at the extremes of
// int8 (where a pair of AVX2's word products is largest, and must not saturate).
func TestBoundKernelsWriteTheGoBits(t *testing.T) {
	kernels := boundKernels()
	if len(kernels) == 0 {
		t.Skip("no int8 kernel runs on this CPU")
	}
	rng := rand.New(rand.NewPCG(7, 8))
	for _, dim := range []int{1, 31, 32, 33, 100, 130} {
		for _, n := range []int{1, 3, 4, 5, 9, 200} {
			m := unitRows(rng, n, dim)
			extreme := make([]float32, dim)
			for i := range extreme {
				extreme[i] = float32(1 - 2*rng.IntN(2)) // every component ±1: each quantizes to ±127
			}
			copy(m, extreme) // row 0 at the extremes
			bt := NewBoundTable(m, dim)
			for _, v := range [][]float32{unitRows(rng, 1, dim), extreme} {
				for name, kernel := range kernels {
					bq := newBoundQuery(v, make([]uint8, bt.width), kernel.levels)
					want := make([]float32, n)
					boundRowsGo(bt.rows, bq.bytes, bt.bias, bt.scale, want, bq.scale, 0.01, bt.stride, kernel.levels)
					out := make([]float32, n)
					kernel.run(bt.rows, bq.bytes, bt.bias, bt.scale, out, bq.scale, 0.01, bt.stride)
					for r := range n {
						if math.Float32bits(out[r]) != math.Float32bits(want[r]) {
							t.Fatalf("%s, dim %d, %d rows: row %d: kernel %v, Go %v", name, dim, n, r, out[r], want[r])
						}
					}
				}
			}
		}
	}
}

// BenchmarkBoundRows measures one bounded scan's worth of rows (the library's 5,233 documents and 11,437
// phrases, 100 dimensions) in each int8 kernel this CPU runs and in Go, against DotRows' float scan of the
// same rows, and reports the time per row.
func BenchmarkBoundRows(b *testing.B) {
	const rows, dim = 5233 + 11437, 100
	rng := rand.New(rand.NewPCG(5, 6))
	m := unitRows(rng, rows, dim)
	bt := NewBoundTable(m, dim)
	v := unitRows(rng, 1, dim)
	out := make([]float32, rows)
	kernels := boundKernels()
	kernels["go"] = boundKernel{func(m []int8, q []uint8, bias []int32, scale []float32, out []float32, mul, add float32, stride int) {
		boundRowsGo(m, q, bias, scale, out, mul, add, stride, byteLevels)
	}, byteLevels}
	b.Run("float", func(b *testing.B) {
		for b.Loop() {
			DotRows(m, v, out)
		}
		reportPerRow(b, rows)
	})
	for name, kernel := range kernels {
		bq := newBoundQuery(v, make([]uint8, bt.width), kernel.levels)
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				kernel.run(bt.rows, bq.bytes, bt.bias, bt.scale, out, 1, 0, bt.stride)
			}
			reportPerRow(b, rows)
		})
	}
}
