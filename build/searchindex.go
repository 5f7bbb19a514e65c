package build

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"

	"github.com/iconlib/iconlib/build/content"
	"github.com/iconlib/iconlib/build/motion"
	"github.com/iconlib/iconlib/internal/catalog"
	"github.com/iconlib/iconlib/internal/contract"
	"github.com/iconlib/iconlib/internal/search"
	"github.com/iconlib/iconlib/internal/wordvec"
)

// addSearchIndex writes the search indexes of the icons and of the guide sections, and the word vector
// table the edge embeds queries with (retrofitted to WordNet and the icons' tags, see searchwords.go).
// Content without a vector table (a small test fixture) gets indexes that match words only.
func (b *builder) addSearchIndex() error {
	docs := iconDocs(b.icons, b.popular)
	sw, err := prepareSearch(b.opts.ContentDir, docs)
	if err != nil {
		return err
	}
	var emb search.Embedder
	if sw.table == nil {
		if b.opts.Logger != nil {
			b.opts.Logger.Warn("no word vectors: the search index matches words only", "missing", b.path(vectorsFile))
		}
	} else {
		emb = wordvec.NewEmbedder(sw.table)
		if err := b.addVectors(sw.table); err != nil {
			return err
		}
	}
	if err := b.addIndex(contract.IconIndexDir, docs, emb, sw.th); err != nil {
		return err
	}
	return b.addIndex(contract.GuideIndexDir, sectionDocs(b.sections), emb, sw.th)
}

// addVectors writes the word vector table into public/ with its licence.
func (b *builder) addVectors(table *wordvec.Table) error {
	var buf bytes.Buffer
	if _, err := table.WriteTo(&buf); err != nil {
		return err
	}
	if err := b.site.add(contract.VectorsFile, buf.Bytes()); err != nil {
		return err
	}
	notice, err := os.ReadFile(b.path(vectorsNotice))
	if err != nil {
		return fmt.Errorf("the word vectors need their licence: %w", err)
	}
	if err := b.site.add(path.Dir(contract.VectorsFile)+"/"+wordvec.NoticeFile+".txt", notice); err != nil {
		return err
	}
	if notice, err = os.ReadFile(b.path(relationsNotice)); err == nil {
		return b.site.add(path.Dir(contract.VectorsFile)+"/"+wordvec.RelationsNotice+".txt", notice)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// addIndex builds a search index of docs and writes it to dir/index.bin.
func (b *builder) addIndex(dir string, docs []search.Doc, emb search.Embedder, th search.Thesaurus) error {
	ix, err := search.NewIndexWith(docs, emb, th)
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

// iconDocs turns icon records into search documents. An icon of the curated popular list gets a prior
// from its place in it: 1 for the first, falling to 0.5 for the last.
func iconDocs(icons []catalog.Icon, popular []content.Popular) []search.Doc {
	prior := map[string]float32{}
	for i, p := range popular {
		prior[p.ID] = 1 - 0.5*float32(i)/float32(max(len(popular)-1, 1))
	}
	docs := make([]search.Doc, len(icons))
	for i, ic := range icons {
		docs[i] = search.Doc{ID: ic.ID, Name: ic.Name, Group: ic.Category, Keywords: ic.Tags, Text: ic.Description,
			Prior: prior[ic.ID]}
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
	return iconDocs(icons, b.popular), nil
}

// NewSearchIndex builds the icon search index a build of contentDir writes, from its search documents
// (SearchDocs), in memory, and returns it with the Embedder the edge would load (nil without vectors): for
// evaluating the ranking.
func NewSearchIndex(contentDir string, docs []search.Doc) (*search.Index, search.Embedder, error) {
	sw, err := prepareSearch(contentDir, docs)
	if err != nil {
		return nil, nil, err
	}
	var emb search.Embedder
	if sw.table != nil {
		emb = wordvec.NewEmbedder(sw.table)
	}
	ix, err := search.NewIndexWith(docs, emb, sw.th)
	return ix, emb, err
}
