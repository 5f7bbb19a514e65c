package build

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path"

	"github.com/iconlib/iconlib/internal/catalog"
	"github.com/iconlib/iconlib/internal/contract"
	"github.com/iconlib/iconlib/internal/search"
	"github.com/iconlib/iconlib/internal/wordvec"
)

// The word vector table in content/ and its licence (written by `make import-vectors`).
const (
	vectorsFile   = "vectors/" + wordvec.FileName
	vectorsNotice = "vectors/" + wordvec.NoticeFile
)

// vectors are content's word vector table: its file, parsed, and the notice of its licence.
type vectors struct {
	raw, notice []byte
	table       *wordvec.Table
}

// readVectors reads the word vector table and its licence; content without a table (a small test
// fixture) gets search indexes that match words only.
func (b *sources) readVectors(log *slog.Logger) error {
	raw, err := os.ReadFile(b.path(vectorsFile))
	switch {
	case errors.Is(err, fs.ErrNotExist):
		log.Warn("no word vectors: the search index matches words only", "missing", b.path(vectorsFile))
		return nil
	case err != nil:
		return err
	}
	table, err := wordvec.Parse(raw)
	if err != nil {
		return fmt.Errorf("%s: %w", b.path(vectorsFile), err)
	}
	notice, err := os.ReadFile(b.path(vectorsNotice))
	if err != nil {
		return fmt.Errorf("the word vectors need their licence: %w", err)
	}
	b.vectors = &vectors{raw: raw, notice: notice, table: table}
	return nil
}

// addSearchIndex writes the search indexes of the icons and of the guide sections, and the word vector
// table the edge embeds queries with.
func (m *model) addSearchIndex(s *site) error {
	var emb search.Embedder
	if v := m.vectors; v != nil {
		emb = wordvec.NewEmbedder(v.table)
		if err := s.add(contract.VectorsFile, v.raw); err != nil {
			return err
		}
		if err := s.add(path.Dir(contract.VectorsFile)+"/"+wordvec.NoticeFile+".txt", v.notice); err != nil {
			return err
		}
	}
	if err := addIndex(s, contract.IconIndexDir, iconDocs(m.icons), emb); err != nil {
		return err
	}
	return addIndex(s, contract.GuideIndexDir, sectionDocs(m.sections), emb)
}

// addIndex builds a search index of docs and writes it to dir/index.bin.
func addIndex(s *site, dir string, docs []search.Doc, emb search.Embedder) error {
	ix, err := search.NewIndex(docs, emb)
	if err != nil {
		return fmt.Errorf("search index %s: %w", dir, err)
	}
	var buf bytes.Buffer
	if _, err := ix.WriteTo(&buf); err != nil {
		return err
	}
	return s.add(dir+"/"+search.IndexFile, buf.Bytes())
}

// sectionDocs turns guide sections into search documents named "slug#anchor", grouped by guide.
func sectionDocs(sections []catalog.Section) []search.Doc {
	docs := make([]search.Doc, len(sections))
	for i, s := range sections {
		docs[i] = search.Doc{ID: s.ID(), Name: s.Heading, Group: s.Slug,
			Keywords: []string{s.Guide}, Text: s.Text}
	}
	return docs
}

// iconDocs turns icon records into search documents.
func iconDocs(icons []catalog.Icon) []search.Doc {
	docs := make([]search.Doc, len(icons))
	for i, ic := range icons {
		docs[i] = search.Doc{ID: ic.ID, Name: ic.Name, Group: ic.Category, Keywords: ic.Tags, Text: ic.Description}
	}
	return docs
}

// SearchDocs reads the icons of contentDir and returns the search documents a build would index: their
// words (iconWords), which need neither animation nor URL. For evaluating the ranking and for choosing
// which word vectors to keep.
func SearchDocs(contentDir string) ([]search.Doc, error) {
	src, err := readSources(contentDir, slog.New(slog.DiscardHandler))
	if err != nil {
		return nil, err
	}
	words := make([]catalog.Icon, len(src.icons))
	for i, ic := range src.icons {
		words[i] = iconWords(ic, src.edits[ic.ID])
	}
	return iconDocs(words), nil
}
