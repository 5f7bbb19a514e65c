package kernel

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestDotRowsSameBitsAnyBatch: a row's dot product is the same bits whether it is computed alone or among
// others, at any position of a batch, in order or picked by index (DotRowsAt), so the few-document path
// (similarities) and the scan (cosines, blend) never disagree on a score; and it is the dot product, within
// rounding, for every length.
func TestDotRowsSameBitsAnyBatch(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, dim := range []int{0, 1, 3, 4, 7, 8, 12, 16, 50, 100, 101, 300} {
		const rows = 11
		m := make([]float32, rows*dim)
		v := make([]float32, dim)
		for i := range m {
			m[i] = rng.Float32()*2 - 1
		}
		for i := range v {
			v[i] = rng.Float32()*2 - 1
		}
		all := make([]float32, rows)
		DotRows(m, v, all)
		for start := range rows {
			for end := start + 1; end <= rows; end++ {
				part := make([]float32, end-start)
				DotRows(m[start*dim:], v, part)
				for i, got := range part {
					if math.Float32bits(got) != math.Float32bits(all[start+i]) {
						t.Fatalf("dim %d: row %d in rows %d–%d: %v, among all rows %v", dim, start+i, start, end, got, all[start+i])
					}
				}
			}
		}
		for n := range 2 * rows {
			at := make([]int32, n)
			for i := range at {
				at[i] = int32(rng.IntN(rows))
			}
			picked := make([]float32, n)
			DotRowsAt(m, at, v, picked)
			for i, got := range picked {
				if math.Float32bits(got) != math.Float32bits(all[at[i]]) {
					t.Fatalf("dim %d: row %d picked %d-th of %d: %v, among all rows %v", dim, at[i], i, n, got, all[at[i]])
				}
			}
		}
		inGo := make([]float32, rows)
		dotRowsGo(m, nil, v, inGo)
		for r := range rows {
			if math.Abs(float64(inGo[r]-all[r])) > 1e-5 {
				t.Errorf("dim %d: row %d: in Go %v, dotRows %v", dim, r, inGo[r], all[r])
			}
			var want float64
			for k := range dim {
				want += float64(m[r*dim+k]) * float64(v[k])
			}
			if math.Abs(float64(all[r])-want) > 1e-4 {
				t.Errorf("dim %d: row %d: %v, want %v", dim, r, all[r], want)
			}
		}
	}
}

// TestClosestIsTheHighest: the vectorised closest phrase is the highest value of each document's
// phrases, -1 for none, as the Go loop computes it.
func TestClosestIsTheHighest(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	vals := make([]float32, 300)
	for i := range vals {
		vals[i] = rng.Float32()*2 - 1
	}
	start := []int32{0}
	var of []int32
	for range 200 {
		for range rng.IntN(20) { // some documents without phrases, some with more than four
			of = append(of, int32(rng.IntN(len(vals))))
		}
		start = append(start, int32(len(of)))
	}
	got, want := make([]float32, len(start)-1), make([]float32, len(start)-1)
	Closest(of, start, vals, got)
	closestGo(of, start, vals, want)
	for d := range got {
		if got[d] != want[d] {
			t.Fatalf("document %d: %v, want %v", d, got[d], want[d])
		}
		if start[d+1] == start[d] && got[d] != -1 {
			t.Fatalf("document %d has no phrases: %v, want -1", d, got[d])
		}
	}
}

// BenchmarkDotRows measures one full similarity scan's worth of rows (the library's 5,233 documents and
// 11,437 phrases, 100 dimensions) in the kernel DotRows picks and in Go, and scattered rows (a random
// order) by DotRowsAt and one call a row, and reports the time per row.
func BenchmarkDotRows(b *testing.B) {
	const rows, dim = 5233 + 11437, 100
	rng := rand.New(rand.NewPCG(5, 6))
	m := make([]float32, rows*dim)
	for i := range m {
		m[i] = rng.Float32()*2 - 1
	}
	v := m[:dim:dim]
	out := make([]float32, rows)
	at := make([]int32, rows)
	for i, r := range rng.Perm(rows) {
		at[i] = int32(r)
	}
	for _, k := range []struct {
		name string
		dot  func()
	}{
		{"kernel", func() { DotRows(m, v, out) }},
		{"go", func() { dotRowsGo(m, nil, v, out) }},
		{"scattered", func() { DotRowsAt(m, at, v, out) }},
		{"scattered-one-a-call", func() {
			for i, r := range at {
				DotRows(m[int(r)*dim:int(r+1)*dim], v, out[i:i+1])
			}
		}},
	} {
		b.Run(k.name, func(b *testing.B) {
			for b.Loop() {
				k.dot()
			}
			reportPerRow(b, rows)
		})
	}
}

// reportPerRow reports a benchmark's time per row, for rows read an iteration.
func reportPerRow(b *testing.B, rows int) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(rows), "ns/row")
}

// TestRunMaxIsEachRunsHighest: the kernel RunMax picks writes each run's highest value, as the Go
// reference does, for any number of runs, the highest at either end of a run.
func TestRunMaxIsEachRunsHighest(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, runs := range []int{0, 1, 2, 7, 8, 9, 179} {
		vals := make([]float32, runs*RunLen)
		for i := range vals {
			vals[i] = rng.Float32()*2 - 1
		}
		for r := range runs {
			vals[r*RunLen+(r%2)*(RunLen-1)] = 2 + float32(r) // first or last of its run
		}
		got, want := make([]float32, runs), make([]float32, runs)
		RunMax(vals, got)
		runMaxGo(vals, want)
		for r := range runs {
			if got[r] != want[r] || got[r] != 2+float32(r) {
				t.Fatalf("%d runs: run %d: %v, Go %v, want %v", runs, r, got[r], want[r], 2+float32(r))
			}
		}
	}
}
