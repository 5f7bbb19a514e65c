package main

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/iconlib/iconlib/build/eval"
)

func newEvalCmd() *cobra.Command {
	var o eval.Options
	var sets string
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
			o.Sets = strings.Split(sets, ",")
			return eval.Run(cmd.OutOrStdout(), o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.ContentDir, "content", "content", "content directory (icons and vectors)")
	f.StringVar(&sets, "set", "internal/search/testdata/eval.jsonl,internal/search/testdata/holdout.jsonl",
		"labelled queries, one JSON object per line; several files separated by commas")
	f.BoolVar(&o.Misses, "misses", false, "also list the queries each ranking misses")
	return cmd
}
