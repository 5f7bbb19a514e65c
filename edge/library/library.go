// Package library is the icon library as the edge holds it: the catalog, the guides and the search seams,
// loaded from the files the build wrote into public/. Every protocol adapter (REST, MCP, A2A) calls these
// functions, so ranking and records are never assembled twice.
package library

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/go-json-experiment/json"
	"golang.org/x/sync/errgroup"

	"github.com/iconlib/iconlib/edge/internal/answers"
	"github.com/iconlib/iconlib/internal/catalog"
	"github.com/iconlib/iconlib/internal/contract"
	"github.com/iconlib/iconlib/internal/jsonfile"
)

// ErrSearchUnavailable means no search index could be loaded; everything else still works.
var ErrSearchUnavailable = errors.New("the search index could not be read")

// Library holds the catalog and guides in memory. It is read-only after Load and safe for concurrent use.
type Library struct {
	baseURL     contract.BaseURL
	records     *os.Root  // public/, kept open: each icon's record file, read when an answer carries it
	recordPath  string    // a record's path in records, "{id}" in place of its id
	summaries   []IconHit // what a result list shows of each icon, in catalog order, without a score
	hitJSON     []hitJSON // each summary's JSON, cut where the score goes
	byID        map[string]int
	iconAt      []int32 // per document of a positional icon index: its catalog position, or -1
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
	rankings    *answers.Cache
	about       catalog.About
}

// Guide is a guide's metadata and Markdown.
type Guide struct {
	catalog.Guide
	Markdown string
}

// Load reads catalog.json, the guides, the product's words (about.json) and the search indexes from
// publicDir, and keeps publicDir open for the icons' record files; the catalog and the indexes load at the
// same time.
func Load(publicDir string) (*Library, error) {
	l := &Library{}
	var g errgroup.Group
	g.Go(func() error { return l.loadCatalog(publicDir) })
	g.Go(func() error {
		l.icon, l.guide, l.searchErr = openIndexes(publicDir)
		return nil
	})
	if err := g.Wait(); err != nil {
		return nil, err
	}
	l.placeIcons()
	if err := l.loadGuides(publicDir); err != nil {
		return nil, err
	}
	if err := jsonfile.Read(filepath.Join(publicDir, contract.AboutFile), &l.about); err != nil {
		return nil, err
	}
	return l, nil
}

// About is the product's words as the build wrote them (about.json, from templates/words.tmpl): what the
// MCP servers and the A2A agent say of themselves.
func (l *Library) About() catalog.About { return l.about }

func (l *Library) loadCatalog(publicDir string) error {
	path := filepath.Join(publicDir, contract.CatalogFile)
	c, err := readCatalog(path)
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("public directory %s holds no build (run `iconlib build` first): %w", publicDir, err)
	}
	if err != nil {
		return fmt.Errorf("%s: unreadable catalog: %w", path, err)
	}
	if l.records, err = os.OpenRoot(publicDir); err != nil {
		return err
	}
	l.baseURL, l.recordPath, l.summaries, l.categories = c.base, c.recordPath, c.summaries, c.categories
	if l.hitJSON, err = encodeSummaries(c.summaries); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	l.byID = make(map[string]int, len(c.summaries))
	l.byCategory, l.members, l.bySlug = map[string]catalog.Category{}, map[string][]int{}, map[string]int{}
	for i, s := range c.summaries {
		l.byID[s.ID] = i
		l.members[""] = append(l.members[""], i)
		l.members[s.Category] = append(l.members[s.Category], i)
	}
	for _, cat := range c.categories {
		l.byCategory[cat.ID] = cat
	}
	return nil
}

// SearchErr says why a search index could not be loaded (search then answers "unavailable" while the
// rest works), or nil.
func (l *Library) SearchErr() error { return l.searchErr }

func (l *Library) loadGuides(publicDir string) error {
	var index []catalog.Guide
	if err := jsonfile.Read(filepath.Join(publicDir, contract.GuidesFile), &index); err != nil {
		return err
	}
	if err := jsonfile.Read(filepath.Join(publicDir, contract.SectionsFile), &l.sections); err != nil {
		return err
	}
	l.sectionByID = make(map[string]catalog.Section, len(l.sections))
	for _, s := range l.sections {
		l.sectionByID[s.ID()] = s
	}
	for i, g := range index {
		md, err := os.ReadFile(filepath.Join(publicDir, strings.TrimPrefix(contract.GuideMarkdown(g.Slug), "/")))
		if err != nil {
			return err
		}
		l.guides = append(l.guides, Guide{Guide: g, Markdown: string(md)})
		l.bySlug[g.Slug] = i
	}
	return nil
}

// BaseURL is the URL the build wrote into every link (catalog.json's base_url, checked when loaded).
func (l *Library) BaseURL() contract.BaseURL { return l.baseURL }

// Len is the number of icons.
func (l *Library) Len() int { return len(l.summaries) }

// ErrNoIcon is Icon's error for an id no icon has.
var ErrNoIcon = errors.New("no such icon")

// Has reports whether an icon has the id.
func (l *Library) Has(id string) bool {
	_, ok := l.byID[id]
	return ok
}

// Icon returns one icon's record, decoded; ErrNoIcon when no icon has the id.
func (l *Library) Icon(id string) (catalog.Icon, error) {
	var ic catalog.Icon
	i, ok := l.byID[id]
	if !ok {
		return ic, ErrNoIcon
	}
	b, err := l.record(i)
	if err != nil {
		return ic, err
	}
	if err := json.Unmarshal(b, &ic); err != nil {
		return ic, fmt.Errorf("icon %s: %w", id, err)
	}
	return ic, nil
}

// record reads the record at catalog position i.
func (l *Library) record(i int) ([]byte, error) {
	return l.appendRecord(nil, i)
}

// appendRecord appends the bytes of the record at catalog position i (its record file) to dst.
func (l *Library) appendRecord(dst []byte, i int) ([]byte, error) {
	id := l.summaries[i].ID
	f, err := l.records.Open(strings.ReplaceAll(l.recordPath, "{id}", id))
	if err != nil {
		return nil, fmt.Errorf("icon %s: %w", id, err)
	}
	defer f.Close()
	buf := bytes.NewBuffer(dst)
	if _, err := buf.ReadFrom(f); err != nil {
		return nil, fmt.Errorf("icon %s: %w", id, err)
	}
	return buf.Bytes(), nil
}

// Categories lists every category with its icon count, by id.
func (l *Library) Categories() []catalog.Category { return l.categories }

// HasCategory reports whether a category id exists.
func (l *Library) HasCategory(id string) bool {
	_, ok := l.byCategory[id]
	return ok
}

// AppendPage appends the records of one page of a category ("" for every icon), joined by commas, to dst
// (which a caller can reuse: a page of 100 records is 440 KB), and returns it with the category's size.
func (l *Library) AppendPage(dst []byte, category string, offset, limit int) (page []byte, total int, err error) {
	members := l.members[category]
	for i := offset; i >= 0 && i < len(members) && i < offset+limit; i++ {
		if i > offset {
			dst = append(dst, ',')
		}
		if dst, err = l.appendRecord(dst, members[i]); err != nil {
			return nil, 0, err
		}
	}
	return dst, len(members), nil
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
