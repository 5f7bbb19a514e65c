package eval_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/iconlib/iconlib/build/eval"
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
