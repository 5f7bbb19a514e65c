package kernel

import "slices"

// DotRows writes into out[r] the dot product of v with row r of m (len(out) rows of len(v) floats, one after
// the other). Every similarity of a query goes through it or DotRowsAt, whether a whole table (cosines,
// blend) or a few rows (similarities), so a document scores the same bits either way and skipping the scan
// changes no ranking. On amd64 with AVX2 and FMA it runs in a vectorised kernel (dot_amd64.s);
// elsewhere in Go.
func DotRows(m, v, out []float32) {
	if len(m) < len(out)*len(v) {
		panic("kernel: DotRows: matrix shorter than rows × len(v)")
	}
	dotRowsChecked(m, nil, v, out)
}

// DotRowsAt writes into out[i] the dot product of v with row at[i] of m (rows of len(v) floats), the same
// bits as DotRows gives that row. Four rows at a time share the kernel's loads and run as independent
// chains, so a batch of scattered rows costs far less than as many calls for one.
func DotRowsAt(m []float32, at []int32, v, out []float32) {
	if len(at) != len(out) {
		panic("kernel: DotRowsAt: one index per output")
	}
	if len(v) > 0 {
		rows := len(m) / len(v)
		for _, r := range at {
			if uint(r) >= uint(rows) {
				panic("kernel: DotRowsAt: row out of range")
			}
		}
	}
	dotRowsChecked(m, at, v, out)
}

func dotRowsChecked(m []float32, at []int32, v, out []float32) {
	if len(out) == 0 {
		return
	}
	if len(v) == 0 {
		clear(out)
		return
	}
	dotRowsKernel(m, at, v, out)
}

// dotRowsGo is DotRows in Go: per row, eight running sums over blocks of eight, folded to four, plus a block
// of four, then summed in pairs: the order of the vectorised kernel's additions, though without its fused
// multiply-adds the last bits may differ.
// The rows are at[0], at[1], … or, for an empty at, the first len(out) rows in order.
func dotRowsGo(m []float32, at []int32, v, out []float32) {
	dim := len(v)
	for i := range out {
		r := i
		if len(at) > 0 {
			r = int(at[i])
		}
		row := m[r*dim : (r+1)*dim]
		var l0, l1, l2, l3, l4, l5, l6, l7 float32
		k := 0
		for ; k+8 <= dim; k += 8 {
			a, b := v[k:k+8:k+8], row[k:k+8:k+8]
			l0 += a[0] * b[0]
			l1 += a[1] * b[1]
			l2 += a[2] * b[2]
			l3 += a[3] * b[3]
			l4 += a[4] * b[4]
			l5 += a[5] * b[5]
			l6 += a[6] * b[6]
			l7 += a[7] * b[7]
		}
		l0, l1, l2, l3 = l0+l4, l1+l5, l2+l6, l3+l7
		if k+4 <= dim {
			a, b := v[k:k+4:k+4], row[k:k+4:k+4]
			l0 += a[0] * b[0]
			l1 += a[1] * b[1]
			l2 += a[2] * b[2]
			l3 += a[3] * b[3]
			k += 4
		}
		s := (l0 + l1) + (l2 + l3)
		for ; k < dim; k++ {
			s += v[k] * row[k]
		}
		out[i] = s
	}
}

// Closest writes into best[d] the highest of vals[of[i]] for i in start[d]:start[d+1], and -1 for a group
// without members: each document's closest phrase, of the cosines of all phrases. of holds indexes into
// vals, start is non-decreasing and one longer than best. On amd64 with AVX2 it runs without a branch per
// member (maxGatherAVX), whose mispredictions would cost more than the cosines themselves; elsewhere in Go.
func Closest(of, start []int32, vals, best []float32) {
	if len(start) != len(best)+1 {
		panic("kernel: Closest: start must be one longer than best")
	}
	if len(best) == 0 {
		return
	}
	closestKernel(of, start, vals, best)
}

func closestGo(of, start []int32, vals, best []float32) {
	for d := range best {
		b := float32(-1)
		for _, p := range of[start[d]:start[d+1]] {
			b = max(b, vals[p])
		}
		best[d] = b
	}
}

// RunLen is the number of values RunMax summarizes by one maximum.
const RunLen = 64

// RunMax writes into maxima[r] the highest of vals[r×RunLen:(r+1)×RunLen]; vals must hold exactly
// len(maxima) runs.
func RunMax(vals, maxima []float32) {
	if len(vals) != len(maxima)*RunLen {
		panic("kernel: RunMax: vals must hold len(maxima) runs")
	}
	runMaxKernel(vals, maxima)
}

// runMaxGo is RunMax in Go.
func runMaxGo(vals, maxima []float32) {
	for r := range maxima {
		maxima[r] = slices.Max(vals[r*RunLen : (r+1)*RunLen])
	}
}
