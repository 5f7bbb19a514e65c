package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/iconlib/iconlib/build"
	"github.com/iconlib/iconlib/internal/search"
)

func newEvalCmd() *cobra.Command {
	var contentDir, sets string
	var misses bool
	cmd := &cobra.Command{
		Use:   "eval",
		Short: "Measure the search ranking on labelled query sets: MRR@10, nDCG@10, P@5 and hit@k per kind, per half",
		Long: "eval indexes the icons of --content in memory and ranks every query of --set (comma-separated files of\n" +
			"JSON lines {query, kind, relevant, acceptable?, avoid?}) two ways: the fused ranking (/api/v1/icons?q=)\n" +
			"and semantic similarity alone (/api/v1/search), on the tuning half and the held-out half of the queries\n" +
			"(search.Half); then, over all queries, a plain word-matching baseline like Iconify's (every query word\n" +
			"must be a word of the icon's name).",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			docs, err := build.SearchDocs(contentDir)
			if err != nil {
				return err
			}
			ix, _, err := build.NewSearchIndex(contentDir, docs)
			if err != nil {
				return err
			}
			var qs []search.EvalQuery
			for _, set := range strings.Split(sets, ",") {
				f, err := os.Open(set)
				if err != nil {
					return err
				}
				more, err := search.ReadEvalSet(f)
				f.Close()
				if err != nil {
					return fmt.Errorf("%s: %w", set, err)
				}
				qs = append(qs, more...)
			}
			for _, q := range qs {
				for _, id := range append(append(append([]string(nil), q.Relevant...), q.Acceptable...), q.Avoid...) {
					if _, ok := ix.Doc(id); !ok {
						return fmt.Errorf("query %q: no icon %q", q.Query, id)
					}
				}
			}
			out := cmd.OutOrStdout()
			tuning, heldOut := search.Split(qs)
			fmt.Fprintf(out, "%d queries from %s (%d tuning, %d held-out), %d icons\n", len(qs), sets, len(tuning), len(heldOut), ix.Len())
			names := []string{"fused", "semantic"}
			for _, half := range []struct {
				name string
				qs   []search.EvalQuery
			}{{search.Tuning, tuning}, {search.HeldOut, heldOut}} {
				var results []map[string]*search.Metrics
				for _, rank := range []func(string, search.Options) ([]search.Hit, error){ix.Search, ix.Semantic} {
					res, err := search.Evaluate(half.qs, rank)
					if err != nil {
						return err
					}
					results = append(results, res)
				}
				fmt.Fprintf(out, "\n%s half:\n", half.name)
				if err := search.WriteEvalTable(out, names, results); err != nil {
					return err
				}
				if misses {
					for i, name := range names {
						all := results[i][search.Overall]
						fmt.Fprintf(out, "%s, %s: not in the top 10: %q\n", half.name, name, all.Misses)
						fmt.Fprintf(out, "%s, %s: not first: %q\n", half.name, name, all.FirstMiss)
						fmt.Fprintf(out, "%s, %s: an answer to avoid in the top 5: %q\n", half.name, name, all.Trapped)
					}
				}
			}
			base, err := search.Evaluate(qs, ix.WordMatch)
			if err != nil {
				return err
			}
			fmt.Fprintf(out, "\nword-matching baseline, all queries: MRR@10 %.3f, nDCG@10 %.3f, P@5 %.3f, hit@10 %.3f\n",
				base[search.Overall].MRR, base[search.Overall].NDCG, base[search.Overall].P5, base[search.Overall].Hit10)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&contentDir, "content", "content", "content directory (icons and vectors)")
	f.StringVar(&sets, "set", "internal/search/testdata/eval.jsonl,internal/search/testdata/holdout.jsonl",
		"labelled queries, one JSON object per line; several files separated by commas")
	f.BoolVar(&misses, "misses", false, "also list the queries each ranking misses")
	return cmd
}
