package motion

import (
	"slices"
	"strings"

	"github.com/iconlib/iconlib/build/internal/lottie"
)

// Every morph into another icon plays there and back in one file (toggle): the way back is the way there
// mirrored in time, keyed on the same groups and paths, so it starts on the target's picture, passes
// through the same frames backwards and rests on the icon's still picture as the way there rests on
// the target's.

// change is when a morph's picture changes on the way there and, mirrored, on the way back.
type change struct{ there, back span }

// changeAt is the change from fraction u1 to u2 of the way there (of its moving frames), and its mirror
// on the way back: a frame so far from the start of the moving frames there is as far from their end back.
func (g toggle) changeAt(u1, u2 float64) change {
	there, back := g.there.moving(), g.back.moving()
	mirror := func(f int) int { return back.end - (f - there.start) }
	from, to := there.frame(u1), there.frame(u2)
	return change{span{from, to}, span{mirror(to), mirror(from)}}
}

// eased keys a value that is a until the change there, eases to b along e, holds b until the change back
// and eases to a again along e reversed, so the way back passes the same values in mirrored order.
func (c change) eased(e ease, a, b []float64) []timedValue {
	return []timedValue{
		{frame: c.there.start, value: a, e: e},
		{frame: c.there.end, value: b, hold: true},
		{frame: c.back.start, value: b, e: e.reversed()},
		{frame: c.back.end, value: a, hold: true},
	}
}

// stepped keys a value that is a until the change there, then b until the way back has passed the same
// point: from the frame after the change back, as the mirror of "from this frame on" is "up to this one".
func (c change) stepped(a, b []float64) []timedValue {
	return []timedValue{{frame: c.there.start, value: b, hold: true}, {frame: c.back.end + 1, value: a, hold: true}}
}

// reshaped is a path keyed through the change: shape a, eased into b, and back into a.
func (c change) reshaped(a, b lottie.Bezier) lottie.Path {
	shapes := [2]lottie.Bezier{a, b}
	keys := keyframes(c.eased(smooth, []float64{0}, []float64{1})).Value.([]lottie.Keyframe)
	for i, k := range keys {
		keys[i].Start = []lottie.Bezier{shapes[int(k.Start.([]float64)[0])]}
	}
	return lottie.NewMorphPath(keys)
}

// within keys an opacity that shows nothing outside g: first from g's first frame, then the keys' values.
func within(g toggle, first float64, keys ...timedValue) *lottie.Property {
	tv := append([]timedValue{{frame: 0, value: []float64{0}, hold: true}, {frame: g.there.start, value: []float64{first}, hold: true}}, keys...)
	return animated(append(tv, timedValue{frame: g.back.end + 1, value: []float64{0}, hold: true}))
}

// A toggle between an icon and its -off form (bell and bell-off) is not a shape morph: the thing stays,
// and only the slash changes. The slash draws on (into -off) or off (out of it) along its length while
// the two bodies, which differ only by the gap the slash cuts, cross over in a short window as the slash
// passes, so no frame is a scribble of both.

// offToggle reports whether from and to are an icon and its -off form, either way round.
func offToggle(from, to string) bool {
	return from+"-off" == to || to+"-off" == from
}

// morphInto is the morph from ic into o and back within g: the -off toggle where o is ic's -off form or
// ic is o's, else a staged morph where the two drawings have little in common, else a shape morph.
func morphInto(ic Icon, o Target, g toggle) []lottie.Shape {
	if offToggle(ic.Name, o.ID) {
		if shapes, ok := toggleMorph(strings.HasSuffix(ic.Name, "-off"), ic.Outline, o.Outline, g); ok {
			return shapes
		}
	}
	if stages(ic.Outline, o.Outline) {
		return stagedMorph(ic.Outline, o.Outline, g)
	}
	return pairMorph(ic.Outline, o.Outline, g)
}

// toggleMorph returns the groups that play the toggle from fig into other and back within g, hidden
// outside it: out of the -off form when fromOff, else into it. ok is false when the -off drawing has no
// slash.
func toggleMorph(fromOff bool, fig, other Figure, g toggle) (shapes []lottie.Shape, ok bool) {
	off, plain, into := other, fig, true
	if fromOff {
		off, plain, into = fig, other, false
	}
	cut, ok := slashPart(off)
	if !ok {
		return nil, false
	}
	cross, draw := g.changeAt(0.3, 0.55), g.changeAt(0.1, 0.85)
	body := func(f Figure, from, to float64) []lottie.Shape {
		var groups []lottie.Shape
		for _, part := range bySlot(f) { // a group per slot, faded alike
			fade := within(g, from, cross.eased(smooth, []float64{from}, []float64{to})...)
			s := part[0].Paint.Slot
			groups = append(groups, slotGroup(s, lottie.GroupTransform{Opacity: fade}, append(contourPaths(part), slotStroke(s))...))
		}
		return groups
	}
	start, end := 0.0, 100.0 // the slash's drawn share
	plainFrom, offFrom := 100.0, 0.0
	if !into {
		start, end, plainFrom, offFrom = 100, 0, 0, 100
	}
	s := off[cut].Paint.Slot
	slashItems := append(contourPaths(off[cut:cut+1]), trimOf(draw.eased(smooth, []float64{start}, []float64{end})), slotStroke(s))
	return slices.Concat([]lottie.Shape{slotGroup(s, lottie.GroupTransform{Opacity: within(g, 100)}, slashItems...)},
		body(slices.Delete(slices.Clone(off), cut, cut+1), offFrom, 100-offFrom),
		body(plain, plainFrom, 100-plainFrom),
	), true
}

// contourPaths are a Lottie path per contour of every part of f, in document order.
func contourPaths(f Figure) []lottie.Shape {
	var paths []lottie.Shape
	for _, p := range f {
		for _, c := range p.Contours {
			paths = append(paths, lottie.NewPath(Bezier(c)))
		}
	}
	return paths
}
