package motion

import (
	"strings"

	"github.com/iconlib/iconlib/build/internal/lottie"
)

// A toggle between an icon and its -off form (bell and bell-off) is not a shape morph: the thing stays,
// and only the slash changes. The slash draws on (into -off) or off (out of it) along its length while
// the two bodies, which differ only by the gap the slash cuts, cross over in a short window as the slash
// passes, so no frame is a scribble of both.

// offToggle reports whether from and to are an icon and its -off form, either way round.
func offToggle(from, to string) bool {
	return from+"-off" == to || to+"-off" == from
}

// morphInto is the morph from ic into o within s: the toggle where o is ic's -off form or ic is o's,
// else a shape morph.
func morphInto(ic Icon, o Target, s span) []lottie.Shape {
	if offToggle(ic.Name, o.ID) {
		if shapes, ok := toggleMorph(strings.HasSuffix(ic.Name, "-off"), ic.Outline, o.Outline, s); ok {
			return shapes
		}
	}
	return pairMorph(ic.Outline, o.Outline, s)
}

// toggleMorph returns the groups that play the toggle from fig into other within s, hidden outside it:
// out of the -off form when fromOff, else into it. ok is false when the -off drawing has no slash.
func toggleMorph(fromOff bool, fig, other Figure, s span) (shapes []lottie.Shape, ok bool) {
	off, plain, into := other, fig, true
	if fromOff {
		off, plain, into = fig, other, false
	}
	cut, ok := slashPart(off)
	if !ok {
		return nil, false
	}
	moving := s.moving()
	at := func(u float64) int { return moving.start + int(float64(moving.end-moving.start)*u) }
	hidden := func(keys ...timedValue) *lottie.Property { // keys within s; nothing shows outside it
		tv := append([]timedValue{{frame: 0, value: []float64{0}, hold: true}}, keys...)
		return animated(append(tv, timedValue{frame: s.end + 1, value: []float64{0}, hold: true}))
	}
	fade := func(from, to float64) *lottie.Property {
		return hidden(timedValue{frame: s.start, value: []float64{from}, hold: true},
			timedValue{frame: at(0.3), value: []float64{from}, e: smooth},
			timedValue{frame: at(0.55), value: []float64{to}, hold: true})
	}
	body := func(f Figure, skip int, from, to float64) lottie.Shape {
		var items []lottie.Shape
		for i, p := range f {
			if i == skip {
				continue
			}
			for _, c := range p.Contours {
				items = append(items, lottie.NewPath(Bezier(c)))
			}
		}
		return lottie.NewGroup(lottie.GroupTransform{Opacity: fade(from, to)}, append(items, lottie.NewStroke(black, StrokeWidth))...)
	}
	drawn := func(from, to float64) lottie.Trim {
		return trimOf([]timedValue{{frame: s.start, value: []float64{from}, hold: true},
			{frame: at(0.1), value: []float64{from}, e: smooth},
			{frame: at(0.85), value: []float64{to}, hold: true}})
	}
	start, end := 0.0, 100.0 // the slash's drawn share
	plainFrom, offFrom := 100.0, 0.0
	if !into {
		start, end, plainFrom, offFrom = 100, 0, 0, 100
	}
	slashItems := []lottie.Shape{}
	for _, c := range off[cut].Contours {
		slashItems = append(slashItems, lottie.NewPath(Bezier(c)))
	}
	slashItems = append(slashItems, drawn(start, end), lottie.NewStroke(black, StrokeWidth))
	return []lottie.Shape{
		lottie.NewGroup(lottie.GroupTransform{Opacity: hidden(timedValue{frame: s.start, value: []float64{100}, hold: true})}, slashItems...),
		body(off, cut, offFrom, 100-offFrom),
		body(plain, -1, plainFrom, 100-plainFrom),
	}, true
}
