package motion

import (
	"fmt"

	"github.com/iconlib/iconlib/internal/catalog"
	"github.com/iconlib/iconlib/internal/lottie"
	"github.com/iconlib/iconlib/internal/svg"
)

// Animation is an icon's animation file and what its record says about it.
type Animation struct {
	File    lottie.Animation
	States  []catalog.State
	Motions []catalog.Motion
}

// Animate returns the animation of fig moved by ch, named name.
func Animate(name string, fig Figure, ch Choreography) (Animation, error) {
	if len(fig) == 0 {
		return Animation{}, fmt.Errorf("an icon needs at least one part")
	}
	m, err := ch.resolve(fig)
	if err != nil {
		return Animation{}, err
	}
	t := layout(m.def)
	states := t.states(m.def)
	markers := make([]lottie.Marker, len(states))
	for i, s := range states {
		markers[i] = lottie.Marker{Time: s.StartFrame, Comment: s.Name, Duration: s.EndFrame - s.StartFrame}
	}
	frames := t.end + 1
	file := lottie.Animation{
		Version: lottie.Version, Name: name, FrameRate: FrameRate, OutPoint: frames,
		Width: Size, Height: Size, Assets: []any{},
		Layers:  []lottie.Layer{lottie.NewShapeLayer("icon", frames, compose(fig, m, t))},
		Markers: markers,
	}
	motions := []catalog.Motion{
		{Name: "draw", Description: vocabulary["draw"].summary},
		m.describe(len(fig)),
	}
	return Animation{File: file, States: states, Motions: motions}, nil
}

// describe is the record's entry for the signature motion: what it does and how it fits this icon.
func (m move) describe(parts int) catalog.Motion {
	d := catalog.Motion{Name: m.def.name, Description: m.def.summary, Direction: m.def.dir}
	if len(m.parts) < parts {
		for _, i := range m.parts {
			d.Parts = append(d.Parts, i+1)
		}
	}
	if m.def.usesPivot() {
		d.Pivot = []float64{round2(m.pivot.X), round2(m.pivot.Y)}
	}
	switch {
	case m.def.turns && m.dir.X < 0:
		d.Direction = "ccw"
	case m.def.dir != "" && !m.def.turns:
		for name, v := range directions {
			if near(v, m.dir) {
				d.Direction = name
			}
		}
	}
	return d
}

// maxUnits is how many groups of parts draw on one after another: neighbouring parts that move alike
// and are painted alike draw together beyond it, which keeps files small for icons of many parts.
const maxUnits = 3

// unit is a run of neighbouring parts that draw on together and move alike: one Lottie group.
type unit struct {
	parts  []int
	moving bool
	order  int // the unit's place in a sequence, or -1
}

// units groups the parts of fig for drawing, in document order.
func units(fig Figure, m move) []unit {
	order := make([]int, len(fig))
	for i := range order {
		order[i] = -1
	}
	if m.def.perPart {
		for k, i := range m.parts {
			order[i] = k
		}
	}
	us := make([]unit, len(fig))
	for i := range fig {
		us[i] = unit{parts: []int{i}, moving: m.moving[i], order: order[i]}
	}
	for len(us) > maxUnits {
		best := -1
		for i := 0; i+1 < len(us); i++ {
			a, b := us[i], us[i+1]
			if a.moving != b.moving || a.order >= 0 || b.order >= 0 || fig[a.parts[0]].Paint != fig[b.parts[0]].Paint {
				continue
			}
			if best < 0 || len(a.parts)+len(b.parts) < len(us[best].parts)+len(us[best+1].parts) {
				best = i
			}
		}
		if best < 0 {
			break
		}
		us[best].parts = append(us[best].parts, us[best+1].parts...)
		us = append(us[:best+1], us[best+2:]...)
	}
	return us
}

// compose returns the layer's shapes: a group per unit (its paths, its draw trim, its paint), the moving
// units together in a group that carries the motion, in Lottie order (first on top).
func compose(fig Figure, m move, t timeline) []lottie.Shape {
	us := units(fig, m)
	rank := drawOrder(us, m)
	groups := make([]lottie.Group, len(us))
	for i, u := range us {
		p := fig[u.parts[0]]
		tr := lottie.GroupTransform{}
		if p.Paint.Opacity < 1 {
			tr.Opacity = static(100 * p.Paint.Opacity)
		}
		if u.order >= 0 {
			tr = sequenceTransform(p, u.order, len(m.parts), m, t)
		}
		var contours []svg.Contour
		for _, j := range u.parts {
			contours = append(contours, fig[j].Contours...)
		}
		groups[i] = lottie.NewGroup(tr, unitItems(contours, p.Paint, drawTrim(rank[i], len(us), t))...)
	}
	// SVG paints later elements on top, Lottie earlier items: walk the units backwards.
	var shapes, moving []lottie.Shape
	top := -1 // index in shapes where the moving group goes: the place of its topmost unit
	for i := len(us) - 1; i >= 0; i-- {
		if us[i].moving && !m.def.perPart {
			if top < 0 {
				top = len(shapes)
				shapes = append(shapes, nil)
			}
			moving = append(moving, groups[i])
			continue
		}
		shapes = append(shapes, groups[i])
	}
	if top >= 0 {
		shapes[top] = lottie.NewGroup(motionTransform(m, t), moving...)
	}
	return shapes
}

// drawOrder gives each unit its turn to draw on: document order, or the moving units first when the
// motion asks for it.
func drawOrder(us []unit, m move) []int {
	rank := make([]int, len(us))
	next := 0
	for _, first := range []bool{true, false} {
		for i, u := range us {
			if (u.moving && m.def.drawMovingFirst) == first {
				rank[i] = next
				next++
			}
		}
	}
	return rank
}

// unitItems are a unit's paths followed by its trim and its paint.
func unitItems(contours []svg.Contour, paint Paint, trim lottie.Trim) []lottie.Shape {
	items := make([]lottie.Shape, 0, len(contours)+3)
	for _, c := range contours {
		items = append(items, lottie.NewPath(Bezier(c)))
	}
	items = append(items, trim)
	if paint.Stroke {
		items = append(items, lottie.NewStroke(black, StrokeWidth))
	}
	if paint.Fill {
		items = append(items, lottie.NewFill(black))
	}
	return items
}

func static(v ...float64) *lottie.Property {
	p := lottie.Static(roundAll(v))
	if len(v) == 1 {
		p = lottie.Static(round2(v[0]))
	}
	return &p
}

func animated(tv []timedValue) *lottie.Property {
	p := keyframes(tv)
	return &p
}
