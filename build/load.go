package build

import (
	"fmt"
	"log/slog"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/iconlib/iconlib/build/content"
)

// sources are what content/ holds, read and checked to fit together: the first phase of a build.
type sources struct {
	dir     string // content/
	icons   []content.Icon
	edits   map[string]content.Edit
	popular []content.Popular // the home page's popular icons, in order
	common  []content.Popular // icons apps commonly use beyond the popular ones, for the search prior
	// concepts are the metaphors and concepts people ask icons for, which the search reads as keywords
	// of the icons they name (content/search/concepts.tsv).
	concepts []content.Concept
	gallery  []content.Popular // the icons that show their motion best, for the motion gallery, in order
	guides   []content.Guide
	lexicon  *lexicon // what content knows of words (searchwords.go)
	// drawings is the drawings' licence notice (content/icons/LICENSE.tabler), published with them.
	drawings drawingsNotice
}

// readSources reads every icon set (content/icons/*.jsonl), the hand edits, the popular icons, the guides,
// the drawings' licence and the word vectors of dir, and checks that they fit together.
func readSources(dir string, log *slog.Logger) (*sources, error) {
	b := &sources{dir: dir}
	if err := b.readIcons(); err != nil {
		return nil, err
	}
	var err error
	if b.guides, err = content.ReadGuides(b.path("guides")); err != nil {
		return nil, err
	}
	if err := b.readDrawingsNotice(); err != nil {
		return nil, err
	}
	b.lexicon, err = readLexicon(dir, log)
	return b, err
}

func (b *sources) path(parts ...string) string {
	return filepath.Join(append([]string{b.dir}, parts...)...)
}

// readIcons reads the icon sets, the hand edits, the popular and common icons and the gallery's.
func (b *sources) readIcons() error {
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
		b.icons = append(b.icons, icons...)
	}
	sort.Slice(b.icons, func(i, j int) bool { return b.icons[i].ID < b.icons[j].ID })
	editsPath := b.path("icons", "edits.yaml")
	if b.edits, err = content.ReadEdits(editsPath); err != nil {
		return err
	}
	nodes := make(map[string]int, len(b.icons))
	for _, src := range b.icons {
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
	if b.popular, err = readList(b.path("icons", "popular.txt"), from, nil); err != nil {
		return err
	}
	if b.common, err = readList(b.path("icons", "common.txt"), from, b.popular); err != nil {
		return err
	}
	if b.gallery, err = readList(b.path("icons", "gallery.txt"), from, nil); err != nil {
		return err
	}
	b.concepts, err = readConcepts(b.path("search", "concepts.tsv"), from)
	return err
}

// readConcepts reads the concept table (content.ReadConcepts), every icon of which must exist.
func readConcepts(path string, exists map[string]string) ([]content.Concept, error) {
	rows, err := content.ReadConcepts(path)
	if err != nil {
		return nil, err
	}
	for _, c := range rows {
		for _, id := range c.IDs {
			if _, ok := exists[id]; !ok {
				return nil, fmt.Errorf("%s:%d: %q names icon %q, which does not exist", path, c.Line, c.Phrase, id)
			}
		}
	}
	return rows, nil
}

// readList reads a curated list of icons (content.ReadPopular), each of which must exist and none of which
// may be on the list before.
func readList(path string, exists map[string]string, before []content.Popular) ([]content.Popular, error) {
	list, err := content.ReadPopular(path)
	if err != nil {
		return nil, err
	}
	for _, p := range list {
		if _, ok := exists[p.ID]; !ok {
			return nil, fmt.Errorf("%s:%d: icon %q does not exist", path, p.Line, p.ID)
		}
		if slices.ContainsFunc(before, func(b content.Popular) bool { return b.ID == p.ID }) {
			return nil, fmt.Errorf("%s:%d: icon %q is on the popular list already", path, p.Line, p.ID)
		}
	}
	return list, nil
}

// has reports whether the icon sets hold an icon of the given id.
func (b *sources) has(id string) bool {
	_, found := b.find(id)
	return found
}

// source returns the icon set's icon of the given id, which readIcons has checked exists.
func (b *sources) source(id string) content.Icon {
	i, _ := b.find(id)
	return b.icons[i]
}

// find is where id is, or would be, in the icons (sorted by id), and whether it is there.
func (b *sources) find(id string) (int, bool) {
	return slices.BinarySearchFunc(b.icons, id, func(ic content.Icon, id string) int { return strings.Compare(ic.ID, id) })
}
