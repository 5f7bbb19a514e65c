package main

import (
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"
)

// version is stamped at link time (-ldflags "-X main.version=…"): the Makefile stamps the latest v* tag
// as git describe gives it, or 0.0.0-dev+<commit> where there is none.
var version = ""

func newVersionCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the iconlib version",
		Args:  cobra.NoArgs,
		Run: func(cmd *cobra.Command, _ []string) {
			fmt.Fprintln(cmd.OutOrStdout(), "iconlib", buildVersion())
		},
	}
}

// buildVersion is the version the binary reports (iconlib version, MCP serverInfo, the server cards and
// the agent card), always a semantic version without a leading v: the stamped one; else the module's, as
// go install of a release or a go build in a checkout records it; else 0.0.0-dev, with the VCS revision
// as build metadata when Go recorded one (never Go's "(devel)", which the server-card schema refuses).
func buildVersion() string {
	if version != "" {
		return strings.TrimPrefix(version, "v")
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "0.0.0-dev"
	}
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return strings.TrimPrefix(v, "v")
	}
	rev, dirty := "", false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return "0.0.0-dev"
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if dirty {
		rev += ".dirty"
	}
	return "0.0.0-dev+" + rev
}
