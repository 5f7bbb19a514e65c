package build

import (
	"context"
	"sort"
	"sync"

	"github.com/yuin/goldmark/text"

	"github.com/iconlib/iconlib/build/content"
	"github.com/iconlib/iconlib/internal/catalog"
	"github.com/iconlib/iconlib/internal/search"
)

// model is the library one build publishes, assembled once from the sources: the second phase of a
// build. Renderers (render.go) read it, each writing its own files, and none changes it, so they run in
// parallel.
type model struct {
	base       string
	icons      []catalog.Icon // the records, sorted by id, without their snippets (Code): only icon pages need them
	categories []catalog.Category
	guides     []content.Guide // with their placeholders filled in
	sections   []catalog.Section
	popular    []content.Popular // the home page's popular icons, in order
	showcase   []string          // the icons the motion gallery shows first, in order (content/icons/gallery.txt)
	// edited holds the icons with a hand edit, which the motion gallery (and, without a curated popular
	// list, the home page) shows first.
	edited map[string]bool
	// iconDocs are the icons' search documents, and searchWords the thesaurus and word vectors they are
	// indexed with; notices are the licence notices of the lexicon (public/search/ file name → text).
	iconDocs    []search.Doc
	searchWords searchWords
	notices     map[string][]byte
	// iconIndex is the icons' search index, built once for the renderers that use it.
	iconIndex func() (*search.Index, error)
	// license is every record's license; drawings the drawings' notice, which LICENSE.txt carries.
	license  catalog.License
	drawings drawingsNotice
}

// assemble makes the model of src at base: every icon's record (its files stored in s, and counted on p,
// as they are made), the categories, and the guides with their sections.
func assemble(ctx context.Context, src *sources, base string, s *site, p *progress) (*model, error) {
	m := &model{base: base, popular: src.popular, edited: map[string]bool{}, notices: src.lexicon.notices,
		license: iconLicense(src.drawings, base), drawings: src.drawings}
	for _, p := range src.gallery {
		m.showcase = append(m.showcase, p.ID)
	}
	var err error
	if m.icons, err = animateIcons(ctx, src, base, m.license, s, p); err != nil {
		return nil, err
	}
	m.categories = countCategories(m.icons)
	m.iconDocs = iconDocs(m.icons, src.popular, src.common, src.concepts)
	m.searchWords = src.lexicon.prepare(m.iconDocs)
	m.iconIndex = sync.OnceValues(m.newIconIndex)
	for id := range src.edits {
		m.edited[id] = true
	}
	fill := guidePlaceholders(base)
	m.guides = make([]content.Guide, len(src.guides))
	for i, g := range src.guides {
		g.Body = fill.Replace(g.Body)
		m.guides[i] = g
		source := []byte(g.Body)
		m.sections = append(m.sections, guideSections(&g, source, markdown.Parser().Parse(text.NewReader(source)), base)...)
	}
	return m, nil
}

// countCategories lists the categories of icons, with how many icons each holds, by id.
func countCategories(icons []catalog.Icon) []catalog.Category {
	byID := map[string]*catalog.Category{}
	for _, ic := range icons {
		c, ok := byID[ic.Category]
		if !ok {
			c = &catalog.Category{ID: ic.Category, Name: ic.CategoryName}
			byID[ic.Category] = c
		}
		c.Count++
	}
	out := make([]catalog.Category, 0, len(byID))
	for _, c := range byID {
		out = append(out, *c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}
