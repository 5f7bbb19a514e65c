package main

import (
	"strings"

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
			"prints id, score, name and the text it was matched on (its description, or its name where the\n" +
			"description only says what the id does), best first. --semantic ranks by meaning alone, as\n" +
			contract.SiteLinks.Search + " does.",
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ix, err := search.OpenIcons(publicDir)
			if err != nil {
				return err
			}
			if err := ix.CheckOptions(o); err != nil {
				return err
			}
			return ix.WriteRanking(cmd.OutOrStdout(), strings.Join(args, " "), o, semantic)
		},
	}
	f := cmd.Flags()
	f.StringVar(&publicDir, "public", "public", "directory the build wrote")
	f.StringVar(&o.Group, "category", "", "only icons of this category id")
	f.IntVar(&o.Limit, "limit", 10, "at most this many results")
	f.BoolVar(&semantic, "semantic", false, "rank by semantic similarity alone")
	return cmd
}
