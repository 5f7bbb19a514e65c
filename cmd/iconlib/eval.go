package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/iconlib/iconlib/build"
	"github.com/iconlib/iconlib/internal/search"
	"github.com/iconlib/iconlib/internal/wordvec"
)

func newEvalCmd() *cobra.Command {
	var contentDir, set string
	var misses bool
	cmd := &cobra.Command{
		Use:   "eval",
		Short: "Measure the search ranking on a labelled query set: MRR@10, hit@1 and hit@10 per kind",
		Long: "eval indexes the icons of --content in memory and ranks every query of --set (JSON lines of\n" +
			"{query, kind, relevant}) three ways: the fused ranking (/api/v1/icons?q=), semantic similarity alone\n" +
			"(/api/v1/search) and a plain word-matching baseline like Iconify's (every query word must be a word\n" +
			"of the icon's name).",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			docs, err := build.SearchDocs(contentDir)
			if err != nil {
				return err
			}
			table, err := wordvec.Load(filepath.Join(contentDir, "vectors", wordvec.FileName))
			if err != nil {
				return err
			}
			ix, err := search.NewIndex(docs, wordvec.NewEmbedder(table))
			if err != nil {
				return err
			}
			f, err := os.Open(set)
			if err != nil {
				return err
			}
			defer f.Close()
			qs, err := search.ReadEvalSet(f)
			if err != nil {
				return fmt.Errorf("%s: %w", set, err)
			}
			names := []string{"fused", "semantic", "baseline"}
			var results []map[string]*search.Metrics
			for _, rank := range []func(string, search.Options) ([]search.Hit, error){ix.Search, ix.Semantic, ix.WordMatch} {
				res, err := search.Evaluate(qs, rank)
				if err != nil {
					return err
				}
				results = append(results, res)
			}
			out := cmd.OutOrStdout()
			fmt.Fprintf(out, "%d queries from %s, %d icons\n\n", len(qs), set, ix.Len())
			if err := search.WriteEvalTable(out, names, results); err != nil {
				return err
			}
			if misses {
				for i, name := range names {
					fmt.Fprintf(out, "\n%s: not in the top 10: %q\n", name, results[i][search.Overall].Misses)
				}
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&contentDir, "content", "content", "content directory (icons and vectors)")
	f.StringVar(&set, "set", "internal/search/testdata/eval.jsonl", "labelled queries, one JSON object per line")
	f.BoolVar(&misses, "misses", false, "also list the queries each ranking misses")
	return cmd
}
