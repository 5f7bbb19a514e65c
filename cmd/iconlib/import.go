package main

import (
	"fmt"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/iconlib/iconlib/build/tabler"
)

func newImportCmd() *cobra.Command {
	var pkg, contentDir string
	cmd := &cobra.Command{
		Use:   "import-tabler",
		Short: "Import an unpacked @tabler/icons npm package into content/icons (hand edits are kept)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			n, err := tabler.Import(pkg, filepath.Join(contentDir, "icons"))
			if err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "imported %d Tabler icons into %s\n", n, filepath.Join(contentDir, "icons"))
			return nil
		},
	}
	cmd.Flags().StringVar(&pkg, "package", "", "folder of the unpacked npm package (the one holding package.json)")
	cmd.Flags().StringVar(&contentDir, "content", "content", "content directory")
	cmd.MarkFlagRequired("package")
	return cmd
}
