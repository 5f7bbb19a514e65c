package eval

import (
	"math"
	"testing"

	"github.com/iconlib/iconlib/internal/search"
)

// TestBootstrapIntervalBoundsTheMean checks the interval make eval prints beside MRR@10: none for a set
// whose every query scores alike, about ±1.96 standard errors around the mean otherwise, and the same
// interval for the same results every time.
func TestBootstrapIntervalBoundsTheMean(t *testing.T) {
	if lo, hi := bootstrapInterval([]float64{0.5, 0.5, 0.5}); lo != 0.5 || hi != 0.5 {
		t.Errorf("alike: interval %v–%v, want 0.5–0.5", lo, hi)
	}
	if lo, hi := bootstrapInterval(nil); lo != 0 || hi != 0 {
		t.Errorf("no queries: interval %v–%v, want 0–0", lo, hi)
	}
	half := make([]float64, 100) // 50 hits at 1, 50 misses: mean 0.5, standard error 0.05
	for i := range 50 {
		half[i] = 1
	}
	lo, hi := bootstrapInterval(half)
	if math.Abs(lo-0.402) > 0.02 || math.Abs(hi-0.598) > 0.02 {
		t.Errorf("half hits of 100: interval %.3f–%.3f, want about 0.402–0.598", lo, hi)
	}
	if lo2, hi2 := bootstrapInterval(half); lo2 != lo || hi2 != hi {
		t.Errorf("same results, another interval: %v–%v, then %v–%v", lo, hi, lo2, hi2)
	}
}

// TestEvaluateReportsTheIntervalOfEachKind checks that each kind's MRR@10 lies in its interval.
func TestEvaluateReportsTheIntervalOfEachKind(t *testing.T) {
	qs := []Query{
		{Query: "a", Kind: "exact", Relevant: []string{"a"}},
		{Query: "b", Kind: "exact", Relevant: []string{"b"}},
		{Query: "c", Kind: "meaning", Relevant: []string{"c"}},
		{Query: "d", Kind: "meaning", Relevant: []string{"d"}},
	}
	rank := func(q string, _ search.Options) ([]search.Hit, error) { // "a" and "c" first, "b" and "d" second
		if q == "a" || q == "c" {
			return []search.Hit{{ID: q}}, nil
		}
		return []search.Hit{{ID: "x"}, {ID: q}}, nil
	}
	res, err := Evaluate(qs, rank)
	if err != nil {
		t.Fatal(err)
	}
	for kind, m := range res {
		if lo, hi := m.MRRInterval(); m.MRR != 0.75 || lo != 0.5 || hi != 1 {
			t.Errorf("%s: MRR@10 %v in %v–%v, want 0.75 in 0.5–1", kind, m.MRR, lo, hi)
		}
	}
}
