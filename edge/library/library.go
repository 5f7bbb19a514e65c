// Package library is the icon library as the edge holds it: the catalog, the guides and the search seams,
// loaded from the files the build wrote into public/. Every protocol adapter (REST, MCP, A2A) calls these
// functions, so ranking and records are never assembled twice.
package library

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/iconlib/iconlib/internal/catalog"
	"github.com/iconlib/iconlib/internal/jsonfile"
)

// ErrSearchUnavailable means no search index could be loaded; everything else still works.
var ErrSearchUnavailable = errors.New("the search index could not be read")

// Library holds the catalog and guides in memory. It is read-only after Load and safe for concurrent use.
type Library struct {
	baseURL     string
	icons       []catalog.Icon
	compact     [][]byte // each icon's record as compact JSON, in catalog order
	byID        map[string]int
	categories  []catalog.Category
	byCategory  map[string]catalog.Category
	members     map[string][]int // catalog positions per category id; "" holds every icon
	guides      []Guide
	bySlug      map[string]int
	sections    []catalog.Section
	sectionByID map[string]catalog.Section
	icon        Ranker // nil when no icon index could be read
	guide       Ranker // nil when no guide index could be read
	searchErr   error  // why an index could not be read
}

// Guide is a guide's metadata and Markdown.
type Guide struct {
	catalog.Guide
	Markdown string
}

// Load reads catalog.json and the guides from publicDir.
func Load(publicDir string) (*Library, error) {
	path := filepath.Join(publicDir, catalog.CatalogFile)
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("public directory %s holds no build (run `iconlib build` first): %w", publicDir, err)
	}
	var c catalog.Catalog
	if err := json.Unmarshal(b, &c); err != nil || c.BaseURL == "" {
		return nil, fmt.Errorf("%s: unreadable catalog: %v", path, err)
	}
	l := &Library{baseURL: c.BaseURL, icons: c.Icons, compact: make([][]byte, len(c.Icons)),
		byID: map[string]int{}, categories: c.Categories, byCategory: map[string]catalog.Category{},
		members: map[string][]int{}, bySlug: map[string]int{}}
	for i, ic := range c.Icons {
		if l.compact[i], err = json.Marshal(ic); err != nil {
			return nil, err
		}
		l.byID[ic.ID] = i
		l.members[""] = append(l.members[""], i)
		l.members[ic.Category] = append(l.members[ic.Category], i)
	}
	for _, cat := range c.Categories {
		l.byCategory[cat.ID] = cat
	}
	if err := l.loadGuides(publicDir); err != nil {
		return nil, err
	}
	l.icon, l.guide, l.searchErr = openIndexes(publicDir)
	return l, nil
}

// SearchErr says why a search index could not be loaded (search then answers "unavailable" while the
// rest works), or nil.
func (l *Library) SearchErr() error { return l.searchErr }

func (l *Library) loadGuides(publicDir string) error {
	var index []catalog.Guide
	if err := jsonfile.Read(filepath.Join(publicDir, catalog.GuidesFile), &index); err != nil {
		return err
	}
	if err := jsonfile.Read(filepath.Join(publicDir, catalog.SectionsFile), &l.sections); err != nil {
		return err
	}
	l.sectionByID = make(map[string]catalog.Section, len(l.sections))
	for _, s := range l.sections {
		l.sectionByID[s.ID()] = s
	}
	for i, g := range index {
		md, err := os.ReadFile(filepath.Join(publicDir, strings.TrimPrefix(catalog.GuideMarkdown(g.Slug), "/")))
		if err != nil {
			return err
		}
		l.guides = append(l.guides, Guide{Guide: g, Markdown: string(md)})
		l.bySlug[g.Slug] = i
	}
	return nil
}

// BaseURL is the URL the build wrote into every link.
func (l *Library) BaseURL() string { return l.baseURL }

// Len is the number of icons.
func (l *Library) Len() int { return len(l.icons) }

// Icon returns one icon's record.
func (l *Library) Icon(id string) (catalog.Icon, bool) {
	i, ok := l.byID[id]
	if !ok {
		return catalog.Icon{}, false
	}
	return l.icons[i], true
}

// Categories lists every category with its icon count, by id.
func (l *Library) Categories() []catalog.Category { return l.categories }

// HasCategory reports whether a category id exists.
func (l *Library) HasCategory(id string) bool {
	_, ok := l.byCategory[id]
	return ok
}

// Page returns the compact JSON records of the icons at [offset, offset+limit) of a category ("" for
// every icon), in id order, and how many icons the whole list holds.
func (l *Library) Page(category string, offset, limit int) (records [][]byte, total int) {
	members := l.members[category]
	for i := offset; i >= 0 && i < len(members) && i < offset+limit; i++ {
		records = append(records, l.compact[members[i]])
	}
	return records, len(members)
}

// Guides lists every guide, by slug.
func (l *Library) Guides() []Guide { return l.guides }

// Guide returns one guide.
func (l *Library) Guide(slug string) (Guide, bool) {
	i, ok := l.bySlug[slug]
	if !ok {
		return Guide{}, false
	}
	return l.guides[i], true
}
