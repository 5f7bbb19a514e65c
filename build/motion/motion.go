// Package motion turns an icon's drawing and its choreography into a Lottie animation with named states.
//
// A choreography names one motion of the vocabulary (vocabulary.go) and fits it to the drawing: which
// parts move, about which pivot, in which direction, how far. Every file carries the motion `draw`
// (strokes draw on) and the icon's signature motion; the states `in`, `hover` and `loop` play the
// signature, and `<state>-<motion>` states play each motion on its own (timeline.go).
package motion

import (
	"math"

	"github.com/iconlib/iconlib/build/internal/lottie"
	"github.com/iconlib/iconlib/build/internal/svg"
)

// Canvas of every animation.
const (
	Size        = 24
	FrameRate   = 60
	StrokeWidth = 2
)

// Paint says how a part of an icon is painted, as its SVG attributes say.
type Paint struct {
	Stroke  bool
	Fill    bool
	Opacity float64 // 0–1
	Slot    Slot    // the colour slot (slots.go): secondary for the accent of the icon's meaning
}

// Part is one SVG element of an icon: the unit a motion moves.
type Part struct {
	Paint    Paint
	Contours []svg.Contour
}

// Figure is an icon's drawing: its parts in SVG document order (later parts paint on top).
type Figure []Part

// bounds is the box around the given parts (every part when none are given).
func (f Figure) bounds(parts []int) box {
	var cs []svg.Contour
	if len(parts) == 0 {
		for _, p := range f {
			cs = append(cs, p.Contours...)
		}
	}
	for _, i := range parts {
		cs = append(cs, f[i].Contours...)
	}
	lo, hi := svg.Bounds(cs)
	return box{lo, hi}
}

type box struct{ min, max svg.Point }

func (b box) diagonal() float64 { return math.Hypot(b.max.X-b.min.X, b.max.Y-b.min.Y) }

func (b box) center() svg.Point {
	return svg.Point{X: (b.min.X + b.max.X) / 2, Y: (b.min.Y + b.max.Y) / 2}
}

// Bezier converts a contour to Lottie's vertex and tangent form.
func Bezier(c svg.Contour) lottie.Bezier {
	n := len(c.Segments)
	closed := c.Closed
	b := lottie.Bezier{Closed: closed}
	pt := func(p svg.Point) [2]float64 { return [2]float64{round2(p.X), round2(p.Y)} }
	rel := func(a, from svg.Point) [2]float64 { return [2]float64{round2(a.X - from.X), round2(a.Y - from.Y)} }
	b.Vertices = append(b.Vertices, pt(c.Start))
	b.In = append(b.In, [2]float64{})
	b.Out = append(b.Out, [2]float64{})
	for i, s := range c.Segments {
		b.Out[len(b.Out)-1] = rel(s.C1, s.P0)
		if closed && i == n-1 && near(s.P3, c.Start) {
			// Lottie closes a path through its first vertex, so the closing segment gives that vertex's in tangent.
			b.In[0] = rel(s.C2, s.P3)
			break
		}
		b.Vertices = append(b.Vertices, pt(s.P3))
		b.In = append(b.In, rel(s.C2, s.P3))
		b.Out = append(b.Out, [2]float64{})
	}
	return b
}

// round2 keeps two decimals of icon units: 0.005 units is 0.02 px at 96 px, and files stay small.
func round2(x float64) float64 {
	r := math.Round(x*100) / 100
	if r == 0 {
		return 0 // no "-0" in the output
	}
	return r
}

func near(a, b svg.Point) bool {
	const eps = 1e-6
	return math.Abs(a.X-b.X) < eps && math.Abs(a.Y-b.Y) < eps
}
