package eval

import (
	"math"
	"strings"
	"testing"

	"github.com/iconlib/iconlib/internal/search"
)

// TestAscendClimbsToTheBestAllowedWeights: on an objective with its peak at Lex 0.8 and Name 0.1, where
// Lex above 0.7 is not allowed and Phrase would grow without end, the ascent stops near Lex 0.7 (not
// past it), near Name 0.1, with Phrase at most 1, and reports every change it keeps.
func TestAscendClimbsToTheBestAllowedWeights(t *testing.T) {
	score := func(w search.Weights) (float64, bool) {
		lex, name := float64(w.Lex), float64(w.Name)
		return -(lex-0.8)*(lex-0.8) - (name-0.1)*(name-0.1) + 0.01*float64(w.Phrase), w.Lex <= 0.7
	}
	start := search.DefaultWeights()
	start.Lex, start.Name = 0.3, 0.4
	var changes int
	got := ascend(start, score, func(tunable, search.Weights, float64) { changes++ })
	if got.Lex > 0.7 || got.Lex < 0.6 {
		t.Errorf("Lex = %v, want in [0.6, 0.7]: as near the allowed edge as the steps reach", got.Lex)
	}
	if math.Abs(float64(got.Name)-0.1) > 0.05 {
		t.Errorf("Name = %v, want about 0.1", got.Name)
	}
	if got.Phrase > 1 {
		t.Errorf("Phrase = %v, want at most 1", got.Phrase)
	}
	if s0, _ := score(start); func() bool { s, _ := score(got); return s <= s0 }() {
		t.Errorf("the ascent did not raise the objective: %v → %v", start, got)
	}
	if changes == 0 {
		t.Error("no change reported")
	}
	if unchanged := ascend(got, score, func(tunable, search.Weights, float64) { t.Error("a change from where the ascent stopped") }); unchanged != got {
		t.Errorf("ascending again moved %v to %v", got, unchanged)
	}
}

// TestDefaultWeightsAreWhereTheAscentStops: make tune on the real library changes no weight, so
// search.DefaultWeights are what the tuning half and the known first hits give, and a change to the
// ranking or to the labelled queries that moves the optimum says so here, with the weights to take.
func TestDefaultWeightsAreWhereTheAscentStops(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("indexes the whole library and ranks the tuning half about a hundred times; make test runs it " +
			"without the race detector, which would make it five times as long for code of one goroutine")
	}
	const sets = "../../internal/search/testdata/"
	var out strings.Builder
	got, err := Tune(&out, Options{ContentDir: "../../content", Sets: []string{sets + "eval.jsonl", sets + "holdout.jsonl"},
		Firsts: sets + "firsts.txt"})
	if err != nil {
		t.Fatal(err)
	}
	if got != search.DefaultWeights() {
		t.Errorf("make tune moves the weights to %s; take them into search.DefaultWeights (or see why):\n%s", goLiteral(got), out.String())
	}
}
