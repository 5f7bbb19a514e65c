package main

import (
	"fmt"
	"log/slog"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:           "iconlib",
		Short:         "Build and serve the iconlib library of animated icons",
		SilenceUsage:  true,
		SilenceErrors: true,
		PersistentPreRunE: func(cmd *cobra.Command, _ []string) error {
			return applyEnv(cmd.Flags())
		},
	}
	// A flag it does not know shows how the command is used, after the error.
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error {
		return fmt.Errorf("%w\n\n%s", err, strings.TrimRight(cmd.UsageString(), "\n"))
	})
	root.AddCommand(newBuildCmd(), newServeCmd(), newSearchCmd(), newKeysCmd(), newVersionCmd(),
		newImportCmd(), newImportVectorsCmd(), newImportWordNetCmd(), newEvalCmd())
	return root
}

// applyEnv fills every flag not given on the command line from ICONLIB_<FLAG> (dashes become underscores),
// so `--base-url` can also be set as ICONLIB_BASE_URL.
func applyEnv(flags *pflag.FlagSet) error {
	var err error
	flags.VisitAll(func(f *pflag.Flag) {
		name := "ICONLIB_" + strings.ToUpper(strings.ReplaceAll(f.Name, "-", "_"))
		v, ok := os.LookupEnv(name)
		if !ok || f.Changed || err != nil {
			return
		}
		if e := flags.Set(f.Name, v); e != nil {
			err = fmt.Errorf("environment variable %s: %w", name, e)
		}
	})
	return err
}

func logger() *slog.Logger {
	return slog.New(slog.NewTextHandler(os.Stderr, nil))
}

// boolVar defines a boolean flag that also takes on and off, as --rate-limits did when it was a word:
// `--rate-limits`, `--rate-limits=false` and `--rate-limits=off` all work.
func boolVar(f *pflag.FlagSet, p *bool, name string, value bool, usage string) {
	*p = value
	f.Var((*onOff)(p), name, usage)
	f.Lookup(name).NoOptDefVal = "true"
}

// onOff is a bool flag value that reads on and off besides what strconv.ParseBool reads.
type onOff bool

func (b *onOff) Set(s string) error {
	switch strings.ToLower(s) {
	case "on":
		*b = true
	case "off":
		*b = false
	default:
		v, err := strconv.ParseBool(s)
		if err != nil {
			return fmt.Errorf("want true or false (on or off), not %q", s)
		}
		*b = onOff(v)
	}
	return nil
}

func (b *onOff) String() string { return strconv.FormatBool(bool(*b)) }
func (b *onOff) Type() string   { return "bool" }
