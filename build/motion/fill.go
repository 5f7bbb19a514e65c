package motion

import (
	"math"
	"slices"

	"github.com/iconlib/iconlib/build/internal/lottie"
	"github.com/iconlib/iconlib/build/internal/svg"
)

// Fill: the outline stays still while a fill of the stroke's colour grows inside it and drains away, as
// a liked heart or a saved bookmark fills (react-useanimations' heart). Without a direction the fill is
// the moving parts' own closed shape, grown from a point its shrunk copies stay within (growthCentre);
// with one it is a level, the box inside the moving parts clear of their stroke, rising that way from
// its far edge (a battery's charge). A fill cannot be trimmed in every player, so it only scales.

// closeSlack is how near its start, in icon units, an unclosed contour must end to be a closed shape:
// Tabler's heart ends 0.006 units from where it began.
const closeSlack = 0.1

// closedShape reports whether c encloses an area: closed, or ending where it began (closeSlack).
func closedShape(c svg.Contour) bool {
	return len(c.Segments) > 0 && (c.Closed || distance(c.Segments[len(c.Segments)-1].P3, c.Start) <= closeSlack)
}

// fillShape is what a fill motion grows for the moving parts of fig, as a filled figure, and the point it
// grows from; ok is false when there is nothing to fill (no closed contour, a ring, a thin stroke).
func (m move) fillShape(fig Figure) (shape Figure, from svg.Point, ok bool) {
	var closed []svg.Contour
	for _, i := range m.parts {
		for _, c := range fig[i].Contours {
			if closedShape(c) {
				closed = append(closed, c)
			}
		}
	}
	if len(closed) == 0 {
		return nil, svg.Point{}, false
	}
	shape = Figure{{Paint: Paint{Fill: true, Opacity: 1, Slot: slotOf(fig, m.parts)}, Contours: closed}}
	if m.dir != (svg.Point{}) {
		return m.level(shape)
	}
	from, ok = growthCentre(shape)
	return shape, from, ok
}

// levelGap is the least distance, in icon units, from a level's edge to the middle of the stroke round
// it: half the stroke and a unit of air, as Tabler draws a battery's bars.
const levelGap = StrokeWidth

// level is the box inside shape that stays levelGap clear of its contours, and the middle of its edge
// opposite the move's direction, where the level rises from; ok is false when no box is left.
func (m move) level(shape Figure) (Figure, svg.Point, bool) {
	a := newArea(shape)
	clear := func(p svg.Point) bool {
		for _, r := range a.rings {
			if toPolyline(p, slices.Concat(r.points, r.points[:1])) < levelGap-0.1 { // a tenth for the chords of sampled corners
				return false
			}
		}
		return a.covers(p)
	}
	b := box{min: svg.Point{X: a.box.min.X + levelGap, Y: a.box.min.Y + levelGap},
		max: svg.Point{X: a.box.max.X - levelGap, Y: a.box.max.Y - levelGap}}
	b = shrinkUntil(b, clear)
	if b.max.X-b.min.X < StrokeWidth || b.max.Y-b.min.Y < StrokeWidth {
		return nil, svg.Point{}, false
	}
	c := b.center()
	from := svg.Point{X: c.X - m.dir.X*(b.max.X-b.min.X)/2, Y: c.Y - m.dir.Y*(b.max.Y-b.min.Y)/2}
	return Figure{{Paint: Paint{Fill: true, Opacity: 1, Slot: shape[0].Paint.Slot}, Contours: []svg.Contour{boxContour(b)}}}, from, true
}

// shrinkUntil pulls the sides of b in, a quarter unit at a time, until every point along them is clear:
// each time the side with the most points not clear, so a wall along one side (a battery's end) moves
// that side, not the two it meets.
func shrinkUntil(b box, clear func(svg.Point) bool) box {
	const step = 0.25
	blocked := func(a, z svg.Point) float64 { // the share of points along a–z not clear
		n, bad := int(math.Ceil(distance(a, z)/step))+1, 0
		for i := range n {
			u := float64(i) / float64(max(n-1, 1))
			if !clear(svg.Point{X: a.X + (z.X-a.X)*u, Y: a.Y + (z.Y-a.Y)*u}) {
				bad++
			}
		}
		return float64(bad) / float64(n)
	}
	for b.min.X < b.max.X && b.min.Y < b.max.Y {
		tl, tr, br, bl := b.min, svg.Point{X: b.max.X, Y: b.min.Y}, b.max, svg.Point{X: b.min.X, Y: b.max.Y}
		sides := []struct {
			share float64
			pull  func()
		}{
			{blocked(tl, tr), func() { b.min.Y += step }}, {blocked(bl, br), func() { b.max.Y -= step }},
			{blocked(tl, bl), func() { b.min.X += step }}, {blocked(tr, br), func() { b.max.X -= step }},
		}
		worst := 0
		for i, s := range sides {
			if s.share > sides[worst].share {
				worst = i
			}
		}
		if sides[worst].share == 0 {
			return b
		}
		sides[worst].pull()
	}
	return b
}

// toPolyline is the distance from p to the nearest point of the polyline through points.
func toPolyline(p svg.Point, points []svg.Point) float64 {
	d := math.Inf(1)
	for i := 1; i < len(points); i++ {
		a, b := points[i-1], points[i]
		ab := svg.Point{X: b.X - a.X, Y: b.Y - a.Y}
		u := 0.0
		if l := ab.X*ab.X + ab.Y*ab.Y; l > 0 {
			u = math.Max(0, math.Min(1, ((p.X-a.X)*ab.X+(p.Y-a.Y)*ab.Y)/l))
		}
		d = math.Min(d, distance(p, svg.Point{X: a.X + ab.X*u, Y: a.Y + ab.Y*u}))
	}
	return d
}

// boxContour is the closed contour round b, clockwise on screen from its top left.
func boxContour(b box) svg.Contour {
	corners := []svg.Point{b.min, {X: b.max.X, Y: b.min.Y}, b.max, {X: b.min.X, Y: b.max.Y}, b.min}
	c := svg.Contour{Start: b.min, Closed: true}
	for i := 1; i < len(corners); i++ {
		p, q := corners[i-1], corners[i]
		third := svg.Point{X: (q.X - p.X) / 3, Y: (q.Y - p.Y) / 3}
		c.Segments = append(c.Segments, svg.Cubic{P0: p, C1: svg.Point{X: p.X + third.X, Y: p.Y + third.Y},
			C2: svg.Point{X: q.X - third.X, Y: q.Y - third.Y}, P3: q})
	}
	return c
}

// fillGroup is the group of a fill motion: the fill's shape painted in the slot of the parts it fills
// (its item named `fill`, so `**.fill.Color` recolours it too), scaled by the motion from nothing to
// whole and back.
func fillGroup(m move, t timeline) lottie.Group {
	items := make([]lottie.Shape, 0, len(m.fill[0].Contours)+1)
	for _, c := range m.fill[0].Contours {
		items = append(items, lottie.NewPath(Bezier(c)))
	}
	s := m.fill[0].Paint.Slot
	return slotGroup(s, motionTransform(m, t), append(items, slotFill(s))...)
}

// fillScale is the fill's scale, in percent, at v of the amplitude a: both axes from a point, or only
// the axis a level rises along.
func (m move) fillScale(a, v float64) []float64 {
	s := []float64{a * v, a * v}
	if m.dir.X == 0 && m.dir.Y != 0 {
		s[0] = 100
	}
	if m.dir.Y == 0 && m.dir.X != 0 {
		s[1] = 100
	}
	return s
}
