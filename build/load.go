package build

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/iconlib/iconlib/build/content"
	"github.com/iconlib/iconlib/internal/catalog"
)

// builder carries one build from content to files.
type builder struct {
	opts       Options
	base       string
	site       *site
	sources    []content.Icon
	edits      map[string]content.Edit
	popular    []content.Popular // the home page's popular icons, in order
	guides     []content.Guide
	icons      []catalog.Icon // records, sorted by id
	sections   []catalog.Section
	categories []catalog.Category
}

// load reads every icon set (content/icons/*.jsonl), the hand edits and the guides, and checks that they fit
// together.
func (b *builder) load() error {
	sets, err := filepath.Glob(b.path("icons", "*.jsonl"))
	if err != nil {
		return err
	}
	if len(sets) == 0 {
		return fmt.Errorf("no icon sets: want at least one %s", b.path("icons", "*.jsonl"))
	}
	from := map[string]string{}
	for _, set := range sets {
		icons, err := content.ReadIcons(set)
		if err != nil {
			return err
		}
		for _, ic := range icons {
			if other, dup := from[ic.ID]; dup {
				return fmt.Errorf("icon %q: duplicate id in %s and %s", ic.ID, other, set)
			}
			from[ic.ID] = set
		}
		b.sources = append(b.sources, icons...)
	}
	sort.Slice(b.sources, func(i, j int) bool { return b.sources[i].ID < b.sources[j].ID })
	editsPath := b.path("icons", "edits.yaml")
	if b.edits, err = content.ReadEdits(editsPath); err != nil {
		return err
	}
	nodes := make(map[string]int, len(b.sources))
	for _, src := range b.sources {
		nodes[src.ID] = len(src.Outline)
	}
	for id, e := range b.edits {
		if _, ok := from[id]; !ok {
			return fmt.Errorf("%s: icon %q does not exist", editsPath, id)
		}
		for _, other := range e.Morphs {
			if _, ok := from[other]; !ok || other == id {
				return fmt.Errorf("%s: icon %q: morphs: %q is not another icon", editsPath, id, other)
			}
		}
		if e.Motion != nil {
			if err := e.Motion.Check(nodes[id]); err != nil {
				return fmt.Errorf("%s: icon %q: motion: %w", editsPath, id, err)
			}
		}
		if strings.ContainsAny(e.Name, "\"<>\\") {
			return fmt.Errorf("%s: icon %q: a name may not contain quotes, angle brackets or backslashes", editsPath, id)
		}
	}
	if err := b.loadPopular(from); err != nil {
		return err
	}
	b.guides, err = content.ReadGuides(b.path("guides"))
	return err
}

// loadPopular reads the curated popular icons (content/icons/popular.txt), each of which must exist.
func (b *builder) loadPopular(exists map[string]string) error {
	path := b.path("icons", "popular.txt")
	list, err := content.ReadPopular(path)
	if err != nil {
		return err
	}
	for _, p := range list {
		if _, ok := exists[p.ID]; !ok {
			return fmt.Errorf("%s:%d: icon %q does not exist", path, p.Line, p.ID)
		}
	}
	b.popular = list
	return nil
}
