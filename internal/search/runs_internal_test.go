package search

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/iconlib/iconlib/internal/search/kernel"
)

// TestRunMaximaFindEveryEntryAtLeast: the maxima are those of each run of 64 (the last one shorter), the
// kernel's the Go reference's; atLeast visits exactly the entries at or above a value, in order; kth is
// the k-th highest entry.
func TestRunMaximaFindEveryEntryAtLeast(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, n := range []int{1, 63, 64, 65, 128, 1000, 11437} {
		vals := make([]float32, n)
		for i := range vals {
			vals[i] = rng.Float32()*2 - 1
		}
		if n > 100 {
			vals[n-1] = 3 // the highest in the last, short run
		}
		var rm runMaxima
		rm.fill(vals, make([]float32, n/kernel.RunLen+1))
		want := make([]float32, (n+kernel.RunLen-1)/kernel.RunLen)
		for r := range want {
			want[r] = slices.Max(vals[r*kernel.RunLen : min((r+1)*kernel.RunLen, n)])
		}
		if !slices.Equal(rm.maxima, want) {
			t.Fatalf("%d entries: maxima %v, want %v", n, rm.maxima, want)
		}
		for _, least := range []float32{-2, -0.5, 0, 0.9, 0.999, 2} {
			var got, want []int
			rm.atLeast(least, func(i int) { got = append(got, i) })
			for i, v := range vals {
				if v >= least {
					want = append(want, i)
				}
			}
			if !slices.Equal(got, want) {
				t.Fatalf("%d entries at least %v: visited %v, want %v", n, least, got, want)
			}
		}
		sorted := slices.Clone(vals)
		slices.Sort(sorted)
		for _, k := range []int{1, 5, 20, 200} {
			if k > n {
				continue
			}
			if got, _ := rm.kth(k, nil); got != sorted[n-k] {
				t.Fatalf("%d entries: kth(%d) = %v, want %v", n, k, got, sorted[n-k])
			}
		}
	}
}
