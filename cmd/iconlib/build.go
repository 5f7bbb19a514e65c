package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/iconlib/iconlib/build"
	"github.com/iconlib/iconlib/internal/contract"
)

func newBuildCmd() *cobra.Command {
	opts := build.Options{BaseURL: contract.MustParseBaseURL("http://localhost:8080"), Host: contract.HostFull}
	cmd := &cobra.Command{
		Use:   "build",
		Short: "Build the static site from content/ into a new snapshot, and point public/ at it",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			opts.Logger = logger()
			opts.Progress = cmd.ErrOrStderr()
			opts.Generator = "iconlib " + buildVersion()
			r, err := build.Run(cmd.Context(), opts)
			if err != nil {
				return err
			}
			_, err = fmt.Fprintln(cmd.OutOrStdout(), r.Summary(opts.OutDir))
			return err
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.ContentDir, "content", "content", "content directory (icons and guides)")
	f.StringVar(&opts.OutDir, "out", "public", "output path: a link to the live snapshot in <out>.snapshots/")
	f.Var(&opts.BaseURL, "base-url", "absolute http(s) URL the site is served from")
	f.Var(&opts.Host, "host", "what serves the output: full (the edge, alone or behind nginx or Caddy) or pages "+
		"(a static host such as Cloudflare Pages or Netlify in front of an edge serving the full build)")
	f.Var(&opts.EdgeURL, "edge-url", "with --host pages: the edge's absolute http(s) URL, where _redirects send the edge's paths")
	f.BoolVar(&opts.Prune, "prune", false, "remove every snapshot but the live one and the one before it now, "+
		"rather than an hour after it was replaced (only when no edge still serves an older one)")
	return cmd
}
