package build

import (
	"cmp"
	"slices"
	"strings"

	"github.com/iconlib/iconlib/internal/catalog"
	"github.com/iconlib/iconlib/internal/search"
	"github.com/iconlib/iconlib/templates"
)

// relatedLimit is how many related icons an icon page links; familyLimit bounds the family's share, so
// the icons close in meaning always have room.
const (
	relatedLimit = 12
	familyLimit  = 6
)

// relatedFinder finds an icon page's related icons: the icons it morphs into, its family, then the icons
// closest in meaning.
type relatedFinder struct {
	ids   []string // every icon id, sorted
	icons []catalog.Icon
	byID  map[string]int // where an icon is in icons (not a copy of each record: a large library has many)
	ix    *search.Index
}

func newRelatedFinder(icons []catalog.Icon, ix *search.Index) relatedFinder {
	r := relatedFinder{icons: icons, byID: make(map[string]int, len(icons)), ix: ix}
	for i, ic := range icons {
		r.ids = append(r.ids, ic.ID)
		r.byID[ic.ID] = i
	}
	slices.Sort(r.ids)
	return r
}

// related lists up to relatedLimit icons for ic's page: every icon a state morphs into, its family (trash
// and trash-off beside trash-x) up to familyLimit, then the icons the search index ranks first
// for ic's description (its name when the description has no word to search for), the ranking the edge's
// 404 page suggests icons with.
func (r relatedFinder) related(ic catalog.Icon) []templates.Tile {
	picked := map[string]bool{ic.ID: true}
	var ids []string
	add := func(id string) {
		if _, ok := r.byID[id]; ok && !picked[id] && len(ids) < relatedLimit {
			picked[id] = true
			ids = append(ids, id)
		}
	}
	for _, s := range ic.States {
		add(s.TargetIcon)
	}
	for _, id := range r.family(ic.ID) {
		if len(ids) >= familyLimit {
			break
		}
		add(id)
	}
	for _, id := range r.closest(ic, relatedLimit+len(picked)) {
		add(id)
	}
	tiles := make([]templates.Tile, len(ids))
	for i, id := range ids {
		tiles[i] = tileOf(r.icons[r.byID[id]])
	}
	return tiles
}

// family is the icons that share id's root, the longest start of id before a "-" that is an icon of its
// own (trash for trash-x), or id itself: the root first, then the icons that extend it, fewest words first.
func (r relatedFinder) family(id string) []string {
	root := id
	for i := strings.LastIndexByte(id, '-'); i > 0; i = strings.LastIndexByte(id[:i], '-') {
		if _, ok := r.byID[id[:i]]; ok {
			root = id[:i]
			break
		}
	}
	prefix := root + "-"
	from, _ := slices.BinarySearch(r.ids, prefix)
	var kin []string
	for _, x := range r.ids[from:] {
		if !strings.HasPrefix(x, prefix) {
			break
		}
		kin = append(kin, x)
	}
	slices.SortStableFunc(kin, func(a, b string) int { return cmp.Compare(strings.Count(a, "-"), strings.Count(b, "-")) })
	return append([]string{root}, kin...)
}

// closest is the ids of the icons the search index ranks first for ic's description, or its name.
func (r relatedFinder) closest(ic catalog.Icon, limit int) []string {
	var ids []string
	for _, q := range []string{ic.Description, ic.Name} {
		hits, err := r.ix.Search(q, search.Options{Limit: limit})
		if err != nil || len(hits) == 0 {
			continue
		}
		for _, h := range hits {
			ids = append(ids, h.ID)
		}
		return ids
	}
	return ids
}

// tileOf is an icon as a grid shows it.
func tileOf(ic catalog.Icon) templates.Tile {
	return templates.Tile{ID: ic.ID, Name: ic.Name, Description: ic.Description, Styles: ic.Styles}
}
