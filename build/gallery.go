package build

import (
	"slices"

	"github.com/iconlib/iconlib/build/motion"
	"github.com/iconlib/iconlib/internal/catalog"
)

// galleryIcons is how many icons the gallery shows per motion.
const galleryIcons = 6

// galleryMotion is one motion of the vocabulary on the gallery page, with icons that play it.
type galleryMotion struct {
	Name, Description string
	// In and Hover are the states the tiles play when they appear and on hover or focus.
	In, Hover string
	// Count is how many icons have it as their signature; every icon has draw.
	Count int
	Icons []catalog.Icon
}

// galleryToggle is a morph into another icon on the gallery's toggles row: the icon's own file plays
// There on hover, keyboard focus or a tap, and Back on the next tap or when left.
type galleryToggle struct {
	Icon, Target catalog.Icon
	There, Back  string
}

type gallery struct {
	Motions []galleryMotion
	Toggles []galleryToggle
}

// motionGallery picks, for draw and each motion of the vocabulary, its description and a few icons that
// play it: first those content/icons/gallery.txt lists (under their signature, and the first few under
// draw), then hand-described icons, then the rest.
func (m *model) motionGallery() gallery {
	byName := map[string]*galleryMotion{}
	var order []*galleryMotion
	for _, name := range append([]string{"draw"}, slices.DeleteFunc(motion.Names(), func(n string) bool { return n == "draw" })...) {
		gm := &galleryMotion{Name: name, In: "in-" + name, Hover: "hover-" + name}
		byName[name] = gm
		order = append(order, gm)
	}
	shown := map[string]map[string]bool{} // motion → icons on its row
	show := func(gm *galleryMotion, ic catalog.Icon) {
		if shown[gm.Name] == nil {
			shown[gm.Name] = map[string]bool{}
		}
		if len(gm.Icons) < galleryIcons && !shown[gm.Name][ic.ID] {
			gm.Icons = append(gm.Icons, ic)
			shown[gm.Name][ic.ID] = true
		}
	}
	byID := make(map[string]catalog.Icon, len(m.icons))
	for _, ic := range m.icons {
		byID[ic.ID] = ic
	}
	for _, id := range m.showcase {
		ic := byID[id]
		show(byName["draw"], ic)
		if gm := byName[ic.Signature()]; gm != nil {
			show(gm, ic)
		}
	}
	// Two passes: icons with a written description (the featured ones) first, then the rest; every icon is
	// counted once.
	for _, written := range []bool{true, false} {
		for _, ic := range m.icons {
			if m.edited[ic.ID] != written {
				continue
			}
			for _, mo := range ic.Motions {
				gm := byName[mo.Name]
				if gm == nil {
					continue
				}
				if gm.Description == "" {
					gm.Description = mo.Description
				}
				gm.Count++
				show(gm, ic)
			}
		}
	}
	g := gallery{Toggles: toggles(m.icons, byID)}
	for _, gm := range order {
		if len(gm.Icons) > 0 {
			g.Motions = append(g.Motions, *gm)
		}
	}
	return g
}

// toggles lists every pair of icons that morph into each other once, as the first of the two in icons
// (sorted by id) plays it: bell with bell-off, not bell-off with bell again.
func toggles(icons []catalog.Icon, byID map[string]catalog.Icon) []galleryToggle {
	var out []galleryToggle
	seen := map[[2]string]bool{}
	for _, ic := range icons {
		for _, s := range ic.States {
			pair := [2]string{min(ic.ID, s.TargetIcon), max(ic.ID, s.TargetIcon)}
			if s.TargetIcon == "" || s.MorphsBack() || seen[pair] {
				continue
			}
			seen[pair] = true
			out = append(out, galleryToggle{Icon: ic, Target: byID[s.TargetIcon], There: s.Name, Back: catalog.MorphBack(s.TargetIcon)})
		}
	}
	return out
}
