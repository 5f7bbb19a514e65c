// Package motion composes an icon's contours into a Lottie animation with named states.
package motion

import (
	"math"

	"github.com/iconlib/iconlib/internal/catalog"
	"github.com/iconlib/iconlib/internal/lottie"
	"github.com/iconlib/iconlib/internal/svg"
)

// Canvas and timing of every animation.
const (
	Size        = 24
	FrameRate   = 60
	Frames      = 200
	StrokeWidth = 2
)

// States are the named spans of every animation's timeline, written as Lottie markers. Both ends of a
// span belong to it: lottie-ios and lottie-android stop on a marker's last frame, lottie-web one frame
// before it, so every state holds its final picture for a few frames. in ends fully drawn, loop starts
// and ends empty so it repeats seamlessly, and hover (last) ends fully drawn, so the file's last frame
// shows the whole icon.
var States = []catalog.State{
	{Name: "in", StartFrame: 0, EndFrame: 40, Description: "Draws the icon on from nothing and ends fully drawn; play it when the icon appears."},
	{Name: "loop", StartFrame: 41, EndFrame: 160, Loop: true, Description: "Draws on, holds, then erases from the start; repeats seamlessly, e.g. while something is in progress."},
	{Name: "hover", StartFrame: 161, EndFrame: 199, Description: "A quick redraw for hover and focus; ends fully drawn."},
}

// Motions are the kinds of movement the states use.
var Motions = []catalog.Motion{
	{Name: "draw", Description: "Strokes draw on along their paths, one after another (Lottie trim paths)."},
}

// Paint says how a part of an icon is painted, as its SVG attributes say.
type Paint struct {
	Stroke  bool
	Fill    bool
	Opacity float64 // 0–1
}

// Part is a run of contours painted alike.
type Part struct {
	Paint    Paint
	Contours []svg.Contour
}

var black = [4]float64{0, 0, 0, 1}

// Animate returns the animation of an icon drawn from its parts, in SVG paint order.
func Animate(name string, parts []Part) lottie.Animation {
	groups := make([]lottie.Shape, 0, len(parts))
	// Lottie draws the first item on top; SVG draws the last element on top.
	for i := len(parts) - 1; i >= 0; i-- {
		groups = append(groups, group(parts[i]))
	}
	markers := make([]lottie.Marker, len(States))
	for i, s := range States {
		markers[i] = lottie.Marker{Time: s.StartFrame, Comment: s.Name, Duration: s.EndFrame - s.StartFrame}
	}
	return lottie.Animation{
		Version: lottie.Version, Name: name, FrameRate: FrameRate, OutPoint: Frames,
		Width: Size, Height: Size, Assets: []any{},
		Layers:  []lottie.Layer{lottie.NewShapeLayer("icon", Frames, groups)},
		Markers: markers,
	}
}

func group(p Part) lottie.Group {
	items := make([]lottie.Shape, 0, len(p.Contours)+4)
	for _, c := range p.Contours {
		items = append(items, lottie.NewPath(Bezier(c)))
	}
	items = append(items, drawOn())
	if p.Paint.Stroke {
		items = append(items, lottie.NewStroke(black, StrokeWidth))
	}
	if p.Paint.Fill {
		items = append(items, lottie.NewFill(black))
	}
	return lottie.NewGroup("paths", lottie.Round(p.Paint.Opacity*100), items...)
}

// Bezier converts a contour to Lottie's vertex and tangent form.
func Bezier(c svg.Contour) lottie.Bezier {
	n := len(c.Segments)
	closed := c.Closed
	b := lottie.Bezier{Closed: closed}
	pt := func(p svg.Point) [2]float64 { return [2]float64{lottie.Round(p.X), lottie.Round(p.Y)} }
	rel := func(a, from svg.Point) [2]float64 {
		return [2]float64{lottie.Round(a.X - from.X), lottie.Round(a.Y - from.Y)}
	}
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

func near(a, b svg.Point) bool {
	const eps = 1e-6
	return math.Abs(a.X-b.X) < eps && math.Abs(a.Y-b.Y) < eps
}
