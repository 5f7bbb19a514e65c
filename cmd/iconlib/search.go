package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/iconlib/iconlib/internal/contract"
	"github.com/iconlib/iconlib/internal/search"
)

func newSearchCmd() *cobra.Command {
	var publicDir string
	var semantic bool
	var o search.Options
	cmd := &cobra.Command{
		Use:   "search QUERY",
		Short: "Rank the icons of a built public/ for a query, as " + contract.SiteLinks.Icons + "?q= does",
		Long: "search ranks the icons of a built site for a name, a misspelt name or a plain-language need and\n" +
			"prints id, score, name and description, best first. --semantic ranks by meaning alone, as\n" +
			contract.SiteLinks.Search + " does.",
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			emb, err := search.LoadEmbedder(publicDir)
			if err != nil {
				return err
			}
			ix, err := search.Open(filepath.Join(publicDir, filepath.FromSlash(contract.IconIndexDir)), emb)
			if err != nil {
				return err
			}
			rank := ix.Search
			if semantic {
				rank = ix.Semantic
			}
			hits, err := rank(strings.Join(args, " "), o)
			if err != nil {
				return err
			}
			if len(hits) == 0 {
				fmt.Fprintln(cmd.OutOrStdout(), "no matches")
				return nil
			}
			tw := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 0, 2, ' ', 0)
			for _, h := range hits {
				d, _ := ix.Doc(h.ID)
				fmt.Fprintf(tw, "%s\t%.3f\t%s\t%s\n", h.ID, h.Score, d.Name, d.Text)
			}
			return tw.Flush()
		},
	}
	f := cmd.Flags()
	f.StringVar(&publicDir, "public", "public", "directory the build wrote")
	f.StringVar(&o.Group, "category", "", "only icons of this category id")
	f.IntVar(&o.Limit, "limit", 10, "at most this many results")
	f.BoolVar(&semantic, "semantic", false, "rank by semantic similarity alone")
	return cmd
}
