package search

// closestAll writes into best[d] the highest of vals[of[i]] for i in start[d]:start[d+1], and -1 for a
// document without phrases (as phraseTable.closest reads them one document at a time). of holds indexes
// into vals, start is non-decreasing and one longer than best: the phrase table guarantees both. On amd64
// with AVX2 it runs without a branch per phrase (maxGatherAVX), whose mispredictions cost blend more than
// the phrase cosines themselves; elsewhere in Go.
func closestAll(of, start []int32, vals, best []float32) {
	if len(start) != len(best)+1 {
		panic("search: closestAll: start must be one longer than best")
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
