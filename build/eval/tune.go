package eval

import (
	"fmt"
	"io"
	"math"
	"os"
	"strings"

	"github.com/iconlib/iconlib/internal/search"
)

// tunable is a weight the tuner varies, and the most it may be: a share or a discount is at most 1; the
// late similarity's share at most what search can afford (maxLate).
type tunable struct {
	name  string
	field func(*search.Weights) *float32
	most  float32
}

// maxLate is the most share of the late similarity the tuner may give semantic search: the higher it is,
// the less late's bound of a score prunes, and at 0.375 (where the ascent went) a semantic query cost 26%
// more (p50 of BenchmarkSemanticLoadMix) for 0.008–0.021 of MRR@10 on the tuning halves.
const maxLate = 0.25

var tunables = []tunable{
	{"Lex", func(w *search.Weights) *float32 { return &w.Lex }, math.MaxFloat32},
	{"Name", func(w *search.Weights) *float32 { return &w.Name }, math.MaxFloat32},
	{"Sem", func(w *search.Weights) *float32 { return &w.Sem }, math.MaxFloat32},
	{"Prior", func(w *search.Weights) *float32 { return &w.Prior }, math.MaxFloat32},
	{"Tag", func(w *search.Weights) *float32 { return &w.Tag }, 1},
	{"Phrase", func(w *search.Weights) *float32 { return &w.Phrase }, 1},
	{"Keyword", func(w *search.Weights) *float32 { return &w.Keyword }, 1},
	{"Late", func(w *search.Weights) *float32 { return &w.Late }, maxLate},
	{"SemPrior", func(w *search.Weights) *float32 { return &w.SemPrior }, math.MaxFloat32},
	{"Antonym", func(w *search.Weights) *float32 { return &w.Antonym }, 1},
}

// Coordinate ascent: each round tries every tunable weight times each step, and keeps the best change
// that raises the objective by more than minGain; rounds of coarse steps (at most coarseRounds) until one
// changes nothing, then fine ones until one changes nothing, maxRounds in all.
var (
	coarseSteps = []float32{0.6, 0.8, 0.9, 1.1, 1.25, 1.5}
	fineSteps   = []float32{0.85, 0.93, 1.07, 1.15}
)

const (
	coarseRounds = 2
	maxRounds    = 6
	minGain      = 0.001
	// semanticShare weighs semantic search alone's MRR@10 against the fused ranking's in the objective:
	// most weights serve both, and the fused ranking is what most searches use.
	semanticShare = 0.3
)

// ascend returns the weights coordinate ascent reaches from start, where score gives the objective of
// weights and whether they are allowed; a change is kept only to allowed weights. step is told of each
// kept change.
func ascend(start search.Weights, score func(search.Weights) (float64, bool), step func(t tunable, w search.Weights, objective float64)) search.Weights {
	best, _ := score(start)
	cur, fine := start, false
	for round := range maxRounds {
		steps := coarseSteps
		if fine {
			steps = fineSteps
		}
		changed := false
		for _, t := range tunables {
			was := *t.field(&cur)
			for _, f := range steps {
				try := cur
				if *t.field(&try) = was * f; *t.field(&try) > t.most {
					continue
				}
				if s, ok := score(try); ok && s > best+minGain {
					best, cur, changed = s, try, true
				}
			}
			if *t.field(&cur) != was {
				step(t, cur, best)
			}
		}
		switch {
		case !changed && fine:
			return cur
		case !changed || round+1 >= coarseRounds:
			fine = true
		}
	}
	return cur
}

// Tune tunes the index's weights on the tuning half of o.Sets by coordinate ascent (ascend) on fused
// MRR@10 + semanticShare × semantic MRR@10, never letting a known first hit of o.Firsts fall from first
// (one that is not first at the start may stay so). It writes each kept change, the weights as Go for
// search.DefaultWeights, and the report of both halves with them, and returns them.
func Tune(w io.Writer, o Options) (search.Weights, error) {
	ix, qs, err := load(o)
	if err != nil {
		return search.Weights{}, err
	}
	firsts, err := readFirsts(o.Firsts)
	if err != nil {
		return search.Weights{}, err
	}
	tuning, _ := Split(qs)
	misses, err := NotFirst(firsts, ix.Search)
	if err != nil {
		return search.Weights{}, err
	}
	if len(misses) > 0 {
		fmt.Fprintf(w, "not first at the start, and free to stay so: %q\n", misses)
	}
	score := func(ws search.Weights) (float64, bool) {
		tx := ix.WithWeights(ws)
		notFirst, err := NotFirst(firsts, tx.Search)
		if err != nil || len(notFirst) > len(misses) {
			return 0, false
		}
		fused, err := Evaluate(tuning, tx.Search)
		if err != nil {
			return 0, false
		}
		sem, err := Evaluate(tuning, tx.Semantic)
		if err != nil {
			return 0, false
		}
		return fused[Overall].MRR + semanticShare*sem[Overall].MRR, true
	}
	start, _ := score(ix.Weights())
	fmt.Fprintf(w, "objective on the tuning half (fused MRR@10 + %.1f × semantic): %.4f\n", semanticShare, start)
	tuned := ascend(ix.Weights(), score, func(t tunable, ws search.Weights, objective float64) {
		fmt.Fprintf(w, "%s = %.4g: %.4f\n", t.name, *t.field(&ws), objective)
	})
	if tuned == ix.Weights() {
		fmt.Fprintln(w, "no change: the weights are where the ascent stops")
	}
	fmt.Fprintf(w, "\ntuned weights: %s\n", goLiteral(tuned))
	return tuned, report(w, ix.WithWeights(tuned), qs, o)
}

// goLiteral writes ws as Go, each weight to four significant digits (float32 prints 0.44 as 0.44000003).
func goLiteral(ws search.Weights) string {
	var b strings.Builder
	b.WriteString("search.Weights{")
	for i, t := range tunables {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s: %.4g", t.name, *t.field(&ws))
	}
	b.WriteString("}")
	return b.String()
}

// readFirsts reads the known first hits at path; none without one.
func readFirsts(path string) ([]First, error) {
	if path == "" {
		return nil, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fs, err := ReadFirsts(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return fs, nil
}
