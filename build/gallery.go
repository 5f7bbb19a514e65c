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

type gallery struct {
	Motions []galleryMotion
}

// motionGallery picks, for draw and each motion of the vocabulary, its description and a few icons that
// play it, hand-described icons first.
func (b *builder) motionGallery() gallery {
	byName := map[string]*galleryMotion{}
	var order []*galleryMotion
	for _, name := range append([]string{"draw"}, slices.DeleteFunc(motion.Names(), func(n string) bool { return n == "draw" })...) {
		m := &galleryMotion{Name: name, In: "in-" + name, Hover: "hover-" + name}
		byName[name] = m
		order = append(order, m)
	}
	// Two passes: icons with a written description (the featured ones) first, then the rest; every icon is
	// counted once.
	for _, written := range []bool{true, false} {
		for _, ic := range b.icons {
			if _, ok := b.edits[ic.ID]; ok != written {
				continue
			}
			for _, mo := range ic.Motions {
				m := byName[mo.Name]
				if m == nil {
					continue
				}
				if m.Description == "" {
					m.Description = mo.Description
				}
				m.Count++
				if len(m.Icons) < galleryIcons {
					m.Icons = append(m.Icons, ic)
				}
			}
		}
	}
	var g gallery
	for _, m := range order {
		if len(m.Icons) > 0 {
			g.Motions = append(g.Motions, *m)
		}
	}
	return g
}
