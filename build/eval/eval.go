// Package eval measures the search ranking a build of content/ publishes, on labelled query sets: MRR@10,
// nDCG@10, P@5 and hit@k per kind of query, for the fused ranking (/api/v1/icons?q=) and semantic
// similarity alone (/api/v1/search), on the tuning half and on the held-out half of the queries
// (Half), with a plain word-matching baseline beside them.
package eval

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/iconlib/iconlib/build"
	"github.com/iconlib/iconlib/internal/search"
)

// Options choose what to measure.
type Options struct {
	ContentDir string   // content/: the icons, their words and the lexicon
	Sets       []string // JSON-lines files of labelled queries (ReadSet)
	Misses     bool     // also list the queries each ranking misses
	Firsts     string   // known first hits (ReadFirsts), which Tune keeps first
}

// Run indexes the icons of o.ContentDir in memory as a build does, ranks every query of o.Sets and writes
// the report to w. A label naming no icon is an error.
func Run(w io.Writer, o Options) error {
	ix, qs, err := load(o)
	if err != nil {
		return err
	}
	return report(w, ix, qs, o)
}

// load indexes the icons of o.ContentDir as a build does and reads the labelled queries of o.Sets,
// refusing a label that names no icon.
func load(o Options) (*search.Index, []Query, error) {
	ix, err := indexContent(o.ContentDir)
	if err != nil {
		return nil, nil, err
	}
	qs, err := readSets(o.Sets)
	if err != nil {
		return nil, nil, err
	}
	return ix, qs, checkLabels(ix, qs)
}

// indexContent indexes the icons of the content directory dir in memory as a build does.
func indexContent(dir string) (*search.Index, error) {
	docs, err := build.SearchDocs(dir)
	if err != nil {
		return nil, err
	}
	ix, _, err := build.NewSearchIndex(dir, docs)
	return ix, err
}

// report writes the tables of both halves for both rankings of ix, and the word-matching baseline.
func report(w io.Writer, ix *search.Index, qs []Query, o Options) error {
	tuning, heldOut := Split(qs)
	fmt.Fprintf(w, "%d queries from %s (%d tuning, %d held-out), %d icons\n",
		len(qs), strings.Join(o.Sets, ","), len(tuning), len(heldOut), ix.Len())
	for _, half := range []struct {
		name string
		qs   []Query
	}{{Tuning, tuning}, {HeldOut, heldOut}} {
		if err := reportHalf(w, ix, half.name, half.qs, o.Misses); err != nil {
			return err
		}
	}
	base, err := Evaluate(qs, ix.WordMatch)
	if err != nil {
		return err
	}
	all := base[Overall]
	fmt.Fprintf(w, "\nword-matching baseline, all queries: MRR@10 %.3f, nDCG@10 %.3f, P@5 %.3f, hit@10 %.3f\n",
		all.MRR, all.NDCG, all.P5, all.Hit10)
	return nil
}

// readSets reads the labelled queries of every file, in order.
func readSets(paths []string) ([]Query, error) {
	var qs []Query
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return nil, err
		}
		more, err := ReadSet(f)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		qs = append(qs, more...)
	}
	return qs, nil
}

// checkLabels refuses a query whose labels name an icon the index lacks.
func checkLabels(ix *search.Index, qs []Query) error {
	for _, q := range qs {
		for _, ids := range [][]string{q.Relevant, q.Acceptable, q.Avoid} {
			for _, id := range ids {
				if _, ok := ix.Doc(id); !ok {
					return fmt.Errorf("query %q: no icon %q", q.Query, id)
				}
			}
		}
	}
	return nil
}

// reportHalf writes the table of one half for both rankings, and with misses the queries each misses.
func reportHalf(w io.Writer, ix *search.Index, half string, qs []Query, misses bool) error {
	names := []string{"fused", "semantic"}
	var results []map[string]*Metrics
	for _, rank := range []func(string, search.Options) ([]search.Hit, error){ix.Search, ix.Semantic} {
		res, err := Evaluate(qs, rank)
		if err != nil {
			return err
		}
		results = append(results, res)
	}
	fmt.Fprintf(w, "\n%s half:\n", half)
	if err := WriteTable(w, names, results); err != nil {
		return err
	}
	if !misses {
		return nil
	}
	for i, name := range names {
		all := results[i][Overall]
		fmt.Fprintf(w, "%s, %s: not in the top 10: %q\n", half, name, all.Misses)
		fmt.Fprintf(w, "%s, %s: not first: %q\n", half, name, all.FirstMiss)
		fmt.Fprintf(w, "%s, %s: an answer to avoid in the top 5: %q\n", half, name, all.Trapped)
	}
	return nil
}
