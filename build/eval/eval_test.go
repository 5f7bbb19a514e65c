package eval_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/iconlib/iconlib/build"
	"github.com/iconlib/iconlib/build/eval"
	"github.com/iconlib/iconlib/internal/search"
)

const fixture = "../testdata/content"

// TestRunReportsBothHalvesAndTheBaseline: a small set over the fixture's icons gives a table per half for
// both rankings, the misses when asked, and the word-matching baseline.
func TestRunReportsBothHalvesAndTheBaseline(t *testing.T) {
	set := writeSet(t, `{"query": "arrow-left", "kind": "exact", "relevant": ["arrow-left"]}
{"query": "zigzag", "kind": "exact", "relevant": ["zigzag"]}
{"query": "squre rounded", "kind": "typo", "relevant": ["square-rounded"]}
{"query": "a dot in a ring", "kind": "meaning", "relevant": ["circle-dot"], "avoid": ["zigzag"]}
`)
	var out strings.Builder
	if err := eval.Run(&out, eval.Options{ContentDir: fixture, Sets: []string{set}, Misses: true}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"4 queries from " + set, "4 icons", "tuning half:", "held-out half:",
		"fused", "semantic", "not in the top 10:", "word-matching baseline, all queries: MRR@10"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
}

// TestRunRefusesALabelNamingNoIcon: a mislabelled query stops the evaluation, naming the query and the id.
func TestRunRefusesALabelNamingNoIcon(t *testing.T) {
	set := writeSet(t, `{"query": "left", "kind": "meaning", "relevant": ["arrow-left"], "acceptable": ["arrow-lft"]}`+"\n")
	err := eval.Run(&strings.Builder{}, eval.Options{ContentDir: fixture, Sets: []string{set}})
	if err == nil || !strings.Contains(err.Error(), `query "left": no icon "arrow-lft"`) {
		t.Errorf("error %v, want one naming the query and the unknown id", err)
	}
}

func writeSet(t *testing.T, lines string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "set.jsonl")
	if err := os.WriteFile(p, []byte(lines), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestTuneKeepsTheKnownFirsts: tuning on the fixture names the known first hit that is not first at the
// start, reports the objective and the tuned weights, then both halves with them, and every known first
// hit that was first is still first with the weights it returns. (Whether the ascent keeps a first is
// TestAscendClimbsToTheBestAllowedWeights's: four icons leave the ascent little to break.)
func TestTuneKeepsTheKnownFirsts(t *testing.T) {
	set := writeSet(t, `{"query": "arrow-left", "kind": "exact", "relevant": ["arrow-left"]}
{"query": "zigzag", "kind": "exact", "relevant": ["zigzag"]}
{"query": "squre rounded", "kind": "typo", "relevant": ["square-rounded"]}
{"query": "a dot in a ring", "kind": "meaning", "relevant": ["circle-dot"], "avoid": ["zigzag"]}
`)
	firsts := filepath.Join(t.TempDir(), "firsts.txt")
	if err := os.WriteFile(firsts, []byte("zigzag: zigzag\nsquare: square-rounded # the only square\nleft: zigzag # wrong on purpose\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	o := eval.Options{ContentDir: fixture, Sets: []string{set}, Firsts: firsts}
	w, err := eval.Tune(&out, o)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`not first at the start, and free to stay so: ["left"]`, "objective on the tuning half", "tuned weights: search.Weights{Lex: ", "tuning half:", "held-out half:"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	ix, _, err := build.NewSearchIndex(fixture, mustDocs(t))
	if err != nil {
		t.Fatal(err)
	}
	tuned := ix.WithWeights(w)
	for q, want := range map[string]string{"zigzag": "zigzag", "square": "square-rounded"} {
		if hits, err := tuned.Search(q, search.Options{Limit: 1}); err != nil || len(hits) == 0 || hits[0].ID != want {
			t.Errorf("%q with the tuned weights: %v (%v), want %s first", q, hits, err, want)
		}
	}
	o.Firsts = filepath.Join(t.TempDir(), "missing.txt")
	if _, err := eval.Tune(&strings.Builder{}, o); err == nil {
		t.Error("tuned without the known firsts file it was given")
	}
}

func mustDocs(t *testing.T) []search.Doc {
	t.Helper()
	docs, err := build.SearchDocs(fixture)
	if err != nil {
		t.Fatal(err)
	}
	return docs
}
