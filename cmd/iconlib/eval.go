package main

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/iconlib/iconlib/build/eval"
)

func newEvalCmd() *cobra.Command {
	var o eval.Options
	var sets string
	var tune bool
	cmd := &cobra.Command{
		Use:   "eval",
		Short: "Measure the search ranking on labelled query sets: MRR@10, nDCG@10, P@5 and hit@k per kind, per half",
		Long: "eval indexes the icons of --content in memory and ranks every query of --set (comma-separated files of\n" +
			"JSON lines {query, kind, relevant, acceptable?, avoid?}) two ways: the fused ranking (/api/v1/icons?q=)\n" +
			"and semantic similarity alone (/api/v1/search), on the tuning half and the held-out half of the queries\n" +
			"(eval.Half); then, over all queries, a plain word-matching baseline like Iconify's (every query word\n" +
			"must be a word of the icon's name).\n\n" +
			"With --tune it first tunes the ranking's weights on the tuning half (coordinate ascent on fused MRR@10\n" +
			"+ 0.3 × semantic MRR@10, keeping every known first hit of --firsts first), prints each change and the\n" +
			"weights for search.DefaultWeights, and reports both halves with them.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			o.Sets = strings.Split(sets, ",")
			if tune {
				_, err := eval.Tune(cmd.OutOrStdout(), o)
				return err
			}
			return eval.Run(cmd.OutOrStdout(), o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.ContentDir, "content", "content", "content directory (icons and vectors)")
	f.StringVar(&sets, "set", "internal/search/testdata/eval.jsonl,internal/search/testdata/holdout.jsonl",
		"labelled queries, one JSON object per line; several files separated by commas")
	f.BoolVar(&o.Misses, "misses", false, "also list the queries each ranking misses")
	f.BoolVar(&tune, "tune", false, "tune the ranking's weights on the tuning half first, and report with them")
	f.StringVar(&o.Firsts, "firsts", "internal/search/testdata/firsts.txt",
		"known first hits (\"query: id\" lines) that --tune keeps first")
	return cmd
}
