package build

import (
	"bytes"
	"fmt"
	"log/slog"
	"path"
	"slices"
	"strings"

	"github.com/iconlib/iconlib/build/content"
	"github.com/iconlib/iconlib/internal/catalog"
	"github.com/iconlib/iconlib/internal/contract"
	"github.com/iconlib/iconlib/internal/search"
	"github.com/iconlib/iconlib/internal/wordvec"
)

// addSearchIndex writes the search indexes of the icons and of the guide sections, and the word vector
// table the edge embeds queries with (retrofitted to the icons' tags and WordNet's antonyms, see
// searchwords.go; in the form the edge maps, wordvec.Map) with the licence notices of the vectors and of
// WordNet. Content without a vector table (a small test fixture) gets indexes that match words only.
func (m *model) addSearchIndex(s *site) error {
	emb := m.searchWords.embedder()
	if table := m.searchWords.table; table != nil {
		var buf bytes.Buffer
		if _, err := table.WriteMappable(&buf); err != nil {
			return err
		}
		if err := s.add(contract.VectorsFile, buf.Bytes()); err != nil {
			return err
		}
		for name, notice := range m.notices {
			if err := s.add(searchNoticeFile(name), notice); err != nil {
				return err
			}
		}
	}
	icons, err := m.iconIndex()
	if err != nil {
		return err
	}
	if err := writeIndex(s, contract.IconIndexDir, icons); err != nil {
		return err
	}
	guides, err := search.NewIndexWith(sectionDocs(m.sections), emb, m.searchWords.th)
	if err != nil {
		return fmt.Errorf("search index %s: %w", contract.GuideIndexDir, err)
	}
	return writeIndex(s, contract.GuideIndexDir, guides)
}

// embedder is what the indexes embed documents and queries with: the word vectors, or nil for content
// without them.
func (w searchWords) embedder() search.Embedder {
	if w.table == nil {
		return nil
	}
	return wordvec.NewEmbedder(w.table)
}

// newIconIndex builds the icons' search index, which the build publishes and the icon pages find their
// related icons in (the same ranking the edge's 404 page suggests icons with).
func (m *model) newIconIndex() (*search.Index, error) {
	ix, err := search.NewIndexWith(m.iconDocs, m.searchWords.embedder(), m.searchWords.th)
	if err != nil {
		return nil, fmt.Errorf("search index %s: %w", contract.IconIndexDir, err)
	}
	return ix, nil
}

// searchNoticeFile is where the notice of the search's word data named name (as content/ names it) is
// published: beside the word vectors.
func searchNoticeFile(name string) string {
	return path.Dir(contract.VectorsFile) + "/" + name + ".txt"
}

// writeIndex writes a search index to dir/index.bin.
func writeIndex(s *site, dir string, ix *search.Index) error {
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

// commonPrior is the search prior of an icon of content/icons/common.txt: the popular list's last (tuned
// on the tuning half of make eval: 0.3 and 0.7 ranked worse).
const commonPrior = 0.5

// searchText is the text of an icon's search document: its description, or its name where the
// description is only its id's modifier pattern (describe). Those patterns open on the modifier's verbs
// ("Open the settings of a photo." for photo-cog), which match the verbs of queries about other things:
// "open the photo gallery" gave photo-cog first. The pattern of "off" stays: it names the state as people
// search for it (turned off, disabled, unavailable).
func searchText(ic catalog.Icon) string {
	if !strings.HasSuffix(ic.ID, "-off") {
		if text, ok := modifierPhrase(ic.ID); ok && text == ic.Description {
			return ic.Name
		}
	}
	return ic.Description
}

// iconDocs turns icons (their words are enough: iconWords) into search documents. An icon of the curated
// popular list gets a prior from its place in it: 1 for the first, falling to 0.5 for the last; one of the
// common list gets commonPrior. A concept of the concept table is a keyword of each icon it names, after
// the icon's tags (conceptKeywords).
func iconDocs(icons []catalog.Icon, popular, common []content.Popular, concepts []content.Concept) []search.Doc {
	prior := map[string]float32{}
	for i, p := range popular {
		prior[p.ID] = 1 - 0.5*float32(i)/float32(max(len(popular)-1, 1))
	}
	for _, c := range common {
		prior[c.ID] = commonPrior
	}
	extra := conceptKeywords(concepts)
	docs := make([]search.Doc, len(icons))
	for i, ic := range icons {
		keywords := ic.Tags
		if more := extra[ic.ID]; len(more) > 0 {
			keywords = append(slices.Clone(ic.Tags), more...)
		}
		docs[i] = search.Doc{ID: ic.ID, Name: ic.Name, Group: ic.Category, Keywords: keywords, Text: searchText(ic),
			Prior: prior[ic.ID]}
	}
	return docs
}

// conceptKeywords returns, by icon id, the phrases of the concept table that name the icon, in the table's
// order. They are search keywords only (the catalog's tags stay the set's): a keyword counts less than the
// id and name, so an icon a query names still comes before one it stands for as a concept, and its phrase
// also gives the icon a label the query's embedding is compared with ("eureka" near bulb).
func conceptKeywords(concepts []content.Concept) map[string][]string {
	out := map[string][]string{}
	for _, c := range concepts {
		for _, id := range c.IDs {
			out[id] = append(out[id], c.Phrase)
		}
	}
	return out
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
		words[i] = iconWords(src, ic)
	}
	return iconDocs(words, src.popular, src.common, src.concepts), nil
}

// NewSearchIndex builds the icon search index a build of contentDir writes, from its search documents
// (SearchDocs), in memory, and returns it with the Embedder the edge would load (nil without vectors): for
// evaluating the ranking.
func NewSearchIndex(contentDir string, docs []search.Doc) (*search.Index, search.Embedder, error) {
	lx, err := readLexicon(contentDir, slog.New(slog.DiscardHandler))
	if err != nil {
		return nil, nil, err
	}
	sw := lx.prepare(docs)
	var emb search.Embedder
	if sw.table != nil {
		emb = wordvec.NewEmbedder(sw.table)
	}
	ix, err := search.NewIndexWith(docs, emb, sw.th)
	return ix, emb, err
}
