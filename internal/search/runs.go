package search

import (
	"math"
	"slices"

	"github.com/iconlib/iconlib/internal/search/kernel"
)

// runMaxima holds an array of bounds and the maximum of each run of kernel.RunLen entries, so that finding the
// entries at or above a value reads the maxima and only the runs whose maximum reaches it.
type runMaxima struct {
	vals, maxima []float32
}

// fill sets rm to vals, computing the maxima into buf (of at least len(vals)/kernel.RunLen + 1).
func (rm *runMaxima) fill(vals, buf []float32) {
	rm.vals, rm.maxima = vals, buf[:(len(vals)+kernel.RunLen-1)/kernel.RunLen]
	full := len(vals) / kernel.RunLen
	kernel.RunMax(vals[:full*kernel.RunLen], rm.maxima[:full])
	if full < len(rm.maxima) {
		rm.maxima[full] = slices.Max(vals[full*kernel.RunLen:])
	}
}

// kth returns the k-th highest entry (the least float32 when there are fewer than k). The k-th highest
// run maximum bounds it from below (each of those runs holds its maximum), so it reads only the runs
// whose maxima reach that.
func (rm *runMaxima) kth(k int, heap []float32) (float32, []float32) {
	h := heap[:0]
	for _, m := range rm.maxima {
		if len(h) < k || m > h[0] {
			h = pushBest(h, m, k)
		}
	}
	least := float32(-math.MaxFloat32)
	if len(h) == k {
		least = h[0]
	}
	h = h[:0]
	rm.atLeast(least, func(i int) {
		if v := rm.vals[i]; len(h) < k || v > h[0] {
			h = pushBest(h, v, k)
		}
	})
	if len(h) < k {
		return -math.MaxFloat32, h
	}
	return h[0], h
}

// atLeast calls visit with the index of every entry at or above least, in order.
func (rm *runMaxima) atLeast(least float32, visit func(i int)) {
	for r, m := range rm.maxima {
		if m < least {
			continue
		}
		for i := r * kernel.RunLen; i < min((r+1)*kernel.RunLen, len(rm.vals)); i++ {
			if rm.vals[i] >= least {
				visit(i)
			}
		}
	}
}
