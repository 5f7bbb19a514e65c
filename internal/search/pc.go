package search

import "github.com/iconlib/iconlib/internal/wordvec"

// commonDirection returns the first principal direction (uncentred) of the rows of vecs, found by power
// iteration from a fixed start, so it is the same every time for the same vectors.
func commonDirection(vecs []float32, dim int) []float32 {
	u := make([]float32, dim)
	for k := range u {
		u[k] = 1
	}
	wordvec.Normalize(u)
	next := make([]float32, dim)
	for range 30 {
		clear(next)
		for i := 0; i+dim <= len(vecs); i += dim {
			row := vecs[i : i+dim]
			p := dot(row, u)
			for k := range next {
				next[k] += p * row[k]
			}
		}
		if wordvec.Normalize(next) == 0 {
			return nil
		}
		u, next = next, u
	}
	return u
}

// removeDirection subtracts v's component along the unit vector u and rescales v to unit length.
func removeDirection(v, u []float32) {
	if u == nil {
		return
	}
	p := dot(v, u)
	for k := range v {
		v[k] -= p * u[k]
	}
	wordvec.Normalize(v)
}
