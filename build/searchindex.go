package build

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"

	"github.com/iconlib/iconlib/build/motion"
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

// addSearchIndex writes the search indexes of the icons and of the guide sections, and the word vector
// table the edge embeds queries with. Content without a vector table (a small test fixture) gets indexes
// that match words only.
func (b *builder) addSearchIndex() error {
	emb, err := b.addVectors()
	if err != nil {
		return err
	}
	if err := b.addIndex(contract.IconIndexDir, iconDocs(b.icons), emb); err != nil {
		return err
	}
	return b.addIndex(contract.GuideIndexDir, sectionDocs(b.sections), emb)
}

// addVectors copies the word vector table into public/ and returns the embedder built on it, or nil
// when the content has none.
func (b *builder) addVectors() (search.Embedder, error) {
	var emb search.Embedder
	raw, err := os.ReadFile(b.path(vectorsFile))
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if b.opts.Logger != nil {
			b.opts.Logger.Warn("no word vectors: the search index matches words only", "missing", b.path(vectorsFile))
		}
		return nil, nil
	case err != nil:
		return nil, err
	}
	table, err := wordvec.Parse(raw)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", b.path(vectorsFile), err)
	}
	emb = wordvec.NewEmbedder(table)
	if err := b.site.add(contract.VectorsFile, raw); err != nil {
		return nil, err
	}
	notice, err := os.ReadFile(b.path(vectorsNotice))
	if err != nil {
		return nil, fmt.Errorf("the word vectors need their licence: %w", err)
	}
	return emb, b.site.add(path.Dir(contract.VectorsFile)+"/"+wordvec.NoticeFile+".txt", notice)
}

// addIndex builds a search index of docs and writes it to dir/index.bin.
func (b *builder) addIndex(dir string, docs []search.Doc, emb search.Embedder) error {
	ix, err := search.NewIndex(docs, emb)
	if err != nil {
		return fmt.Errorf("search index %s: %w", dir, err)
	}
	var buf bytes.Buffer
	if _, err := ix.WriteTo(&buf); err != nil {
		return err
	}
	return b.site.add(dir+"/"+search.IndexFile, buf.Bytes())
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

// SearchDocs reads the icons of contentDir and returns the search documents a build would index, without
// building anything else: for evaluating the ranking and for choosing which word vectors to keep.
func SearchDocs(contentDir string) ([]search.Doc, error) {
	b := &builder{opts: Options{ContentDir: contentDir}, base: "http://localhost", site: newSite()}
	if err := b.load(); err != nil {
		return nil, err
	}
	icons := make([]catalog.Icon, len(b.sources))
	for i, src := range b.sources {
		rec, err := b.record(src, motion.Animation{}, nil)
		if err != nil {
			return nil, fmt.Errorf("icon %q: %w", src.ID, err)
		}
		icons[i] = rec
	}
	return iconDocs(icons), nil
}

// NewSearchIndex builds the icon search index a build of contentDir writes, from its search documents
// (SearchDocs) and emb, in memory: for evaluating the ranking.
func NewSearchIndex(contentDir string, docs []search.Doc, emb search.Embedder) (*search.Index, error) {
	return search.NewIndex(docs, emb)
}
