package motion

import (
	"cmp"
	"slices"

	"github.com/iconlib/iconlib/build/internal/svg"
)

// A clock's hands turn at their own speeds: the longest, the minute hand, goes round twice while the
// others, hour hands, go round once, so every hand ends where it started. Tabler often draws both hands
// as one path through the hub (M12 7v5l3 3); tick splits such a path at the hub into two parts of the
// drawing it moves, each turning on its own, and the record still numbers parts by SVG element.

// hubSlack is how near the hub, in icon units, a hand's vertex must be: Tabler puts it on the hub.
const hubSlack = 0.5

// hourVoice is a clock's hour hand: it turns half as far as the minute hand, a whole turn to its two.
var hourVoice = voice{gain: 0.5, says: "The hour hand (%s) goes round once while the minute hand goes round twice."}

// straightPolyline is the contour of a part drawn as one open run of straight strokes (a hand); ok is
// false for anything else.
func straightPolyline(p Part) (c svg.Contour, ok bool) {
	if len(p.Contours) != 1 || p.Contours[0].Closed || len(p.Contours[0].Segments) == 0 {
		return svg.Contour{}, false
	}
	c = p.Contours[0]
	for _, s := range c.Segments {
		if !straight(s) {
			return svg.Contour{}, false
		}
	}
	return c, true
}

// isHand reports whether part i is a hand about hub: a run of straight strokes one of whose vertices is
// the hub (a numeral, drawn with curves, is not; nor is a tick mark on the dial).
func isHand(fig Figure, i int, hub svg.Point) bool {
	c, ok := straightPolyline(fig[i])
	if !ok {
		return false
	}
	if distance(c.Start, hub) <= hubSlack {
		return true
	}
	return slices.ContainsFunc(c.Segments, func(s svg.Cubic) bool { return distance(s.P3, hub) <= hubSlack })
}

// splitHands returns the drawing with every moving hand that passes through the hub (a vertex at the hub
// with strokes on both sides) split there into two parts, each a hand of its own, and sets the move's
// parts, elements and voices to match; a drawing without such a hand comes back as it is. Only tick
// splits its hands.
func (m *move) splitHands(fig Figure) Figure {
	if m.def.pivot != pivotStill {
		return fig
	}
	out := make(Figure, 0, len(fig)+1)
	var moving []bool
	var elements, voiceOf []int
	keep := func(p Part, i int) {
		out, moving = append(out, p), append(moving, m.moving[i])
		elements, voiceOf = append(elements, m.elements[i]), append(voiceOf, m.voiceOf[i])
	}
	for i, p := range fig {
		c, ok := straightPolyline(p)
		at := slices.IndexFunc(c.Segments, func(s svg.Cubic) bool { return distance(s.P3, m.pivot) <= hubSlack })
		if !m.moving[i] || !ok || at < 0 || at == len(c.Segments)-1 {
			keep(p, i)
			continue
		}
		hub := c.Segments[at].P3
		keep(Part{Paint: p.Paint, Contours: []svg.Contour{{Start: c.Start, Segments: c.Segments[:at+1]}}}, i)
		keep(Part{Paint: p.Paint, Contours: []svg.Contour{{Start: hub, Segments: c.Segments[at+1:]}}}, i)
	}
	m.moving, m.elements, m.voiceOf, m.parts = moving, elements, voiceOf, nil
	for i, mv := range moving {
		if mv {
			m.parts = append(m.parts, i)
		}
	}
	return out
}

// hourHands are a clock's moving hands but the longest, the minute hand: none with fewer than two hands.
func (m move) hourHands(fig Figure) []int {
	if m.def.pivot != pivotStill || len(fig[0].Contours) == 0 {
		return nil
	}
	hands := slices.DeleteFunc(slices.Clone(m.parts), func(i int) bool { return !isHand(fig, i, m.pivot) })
	if len(hands) < 2 {
		return nil
	}
	longest := slices.MaxFunc(hands, func(a, b int) int {
		return cmp.Compare(length(sample(fig[a].Contours[0])), length(sample(fig[b].Contours[0])))
	})
	return slices.DeleteFunc(hands, func(i int) bool { return i == longest })
}

// dial is what a clock without hands redraws instead of turning: its dial, the parts on a circle about
// the face's centre (the ring or arc of the face, the dots of its hours), never its numerals.
func dial(fig Figure, face int) []int {
	hub := faceCentre(fig, face)
	var parts []int
	for i := range fig {
		if _, ok := onCircle(inkOf(fig, []int{i}).points, hub); ok {
			parts = append(parts, i)
		}
	}
	return parts
}
