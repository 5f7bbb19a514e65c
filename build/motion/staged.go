package motion

import "github.com/iconlib/iconlib/build/internal/lottie"

// A shape morph between two drawings that have little in common (copy into check, search into x) passes
// through shapes that are neither, a scribble. Such a pair morphs by stages instead: the icon's strokes
// rewind, then the target's draw on. Whether a pair is staged is measured on the shape morph it would
// otherwise play: how far its points travel to their partners.

// stagedTravel is the furthest, in icon units, the points of a shape morph travel on average before the
// pair is staged instead. It lies between menu-2 → x (4.8), which reads as a morph, and copy → check
// (6.1), search → x (7.7), sun → moon (7.5) and thumb-up → thumb-down (9.0), whose points cross the
// drawing to a contour of another shape (a rounded square to a tick, a ring to a stroke of the x) or
// turn it upside down, twisting or flattening it on the way.
const stagedTravel = 5.5

// stages reports whether the morph from fig into other plays by stages: when the points of their paired
// contours would travel further than stagedTravel on average.
func stages(fig, other Figure) bool {
	pairs, _, _ := pairUp(strokes(fig), strokes(other))
	return travel(pairs) > stagedTravel
}

// travel is how far, on average, a point of the paired contours moves to its partner in a shape morph.
func travel(pairs [][2]polyline) float64 {
	sum, n := 0.0, 0
	for _, p := range pairs {
		a, b := matched(p)
		sum += gap(a, b)
		n += len(a)
	}
	return sum / float64(max(n, 1))
}

// stagedMorph returns the groups that play the staged morph from fig into other and back within g,
// hidden outside it. fig's strokes rewind together in the first half of the moving frames, slowly and
// then fast, as hover-draw rewinds them; other's draw on together from a little before the half, fast
// and then settling, as in draws them. For two frames both show their ends, so no frame is blank; no
// path changes shape. Back, other rewinds and fig draws on again, the same frames mirrored.
func stagedMorph(fig, other Figure, g toggle) []lottie.Shape {
	var shapes []lottie.Shape
	drawing := func(f Figure, c change, e ease, from, to float64) {
		for _, part := range bySlot(f) { // a group per slot, keyed alike
			s := part[0].Paint.Slot
			items := append(contourPaths(part), trimOf(c.eased(e, []float64{from}, []float64{to})), slotStroke(s))
			shapes = append(shapes, slotGroup(s, lottie.GroupTransform{Opacity: within(g, 100)}, items...))
		}
	}
	drawing(fig, g.changeAt(0, 0.5), gather, 100, 0)
	drawing(other, g.changeAt(0.45, 1), snap, 0, 100)
	return shapes
}
