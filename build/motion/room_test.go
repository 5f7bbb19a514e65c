package motion

import (
	"math"
	"slices"
	"testing"

	"github.com/iconlib/iconlib/build/internal/lottie"
	"github.com/iconlib/iconlib/build/internal/svg"
)

// The tests here read the Lottie the package writes as a player would (keys interpolated, group
// transforms composed), independently of how room.go chose the amplitudes.

// valueAt is a property's value at frame f: its static value, or its keys interpolated linearly (the
// eases of the files stay within 0–1, so a value between two keys lies between them).
func valueAt(p *lottie.Property, f float64, rest []float64) []float64 {
	if p == nil {
		return rest
	}
	keys, ok := p.Value.([]lottie.Keyframe)
	if !ok {
		switch v := p.Value.(type) {
		case []float64:
			return v
		case float64:
			return []float64{v}
		}
		return rest
	}
	i, u := keyAt(keys, f)
	a := keys[i].Start.([]float64)
	if u == 0 {
		return a
	}
	b := keys[i+1].Start.([]float64)
	out := make([]float64, len(a))
	for j := range a {
		out[j] = a[j] + (b[j]-a[j])*u
	}
	return out
}

// shapeAt is a path's shape at frame f: its static shape, or its keys' shapes interpolated linearly,
// vertex by vertex.
func shapeAt(p lottie.Property, f float64) lottie.Bezier {
	keys, ok := p.Value.([]lottie.Keyframe)
	if !ok {
		return p.Value.(lottie.Bezier)
	}
	i, u := keyAt(keys, f)
	a := keys[i].Start.([]lottie.Bezier)[0]
	if u == 0 {
		return a
	}
	b := keys[i+1].Start.([]lottie.Bezier)[0]
	mix := func(x, y [][2]float64) [][2]float64 {
		out := make([][2]float64, len(x))
		for j := range x {
			out[j] = [2]float64{x[j][0] + (y[j][0]-x[j][0])*u, x[j][1] + (y[j][1]-x[j][1])*u}
		}
		return out
	}
	return lottie.Bezier{Closed: a.Closed, Vertices: mix(a.Vertices, b.Vertices), In: mix(a.In, b.In), Out: mix(a.Out, b.Out)}
}

// keyAt finds frame f among keys: the key i in effect and how far (u, 0 when held) it has gone towards
// the next. On a key's own frame its value shows.
func keyAt(keys []lottie.Keyframe, f float64) (i int, u float64) {
	for i+1 < len(keys) && f >= float64(keys[i+1].Time) {
		i++
	}
	if i+1 == len(keys) || f <= float64(keys[i].Time) || keys[i].Hold == 1 {
		return i, 0
	}
	return i, (f - float64(keys[i].Time)) / float64(keys[i+1].Time-keys[i].Time)
}

// affine is a 2-D transform: x' = a·x + c·y + e, y' = b·x + d·y + f.
type affine struct{ a, b, c, d, e, f float64 }

var identity = affine{a: 1, d: 1}

func (m affine) apply(x, y float64) (float64, float64) {
	return m.a*x + m.c*y + m.e, m.b*x + m.d*y + m.f
}

// then is m followed by n.
func (m affine) then(n affine) affine {
	return affine{
		a: n.a*m.a + n.c*m.b, b: n.b*m.a + n.d*m.b,
		c: n.a*m.c + n.c*m.d, d: n.b*m.c + n.d*m.d,
		e: n.a*m.e + n.c*m.f + n.e, f: n.b*m.e + n.d*m.f + n.f,
	}
}

// groupAt is a group transform at frame f, as Lottie composes it: minus the anchor, scale, rotate, plus
// the position. It also returns the larger of the two scales.
func groupAt(tr lottie.GroupTransform, f float64) (affine, float64) {
	an := valueAt(tr.Anchor, f, []float64{0, 0})
	po := valueAt(tr.Position, f, []float64{0, 0})
	sc := valueAt(tr.Scale, f, []float64{100, 100})
	ro := valueAt(tr.Rotation, f, []float64{0})[0] * math.Pi / 180
	sin, cos := math.Sincos(ro)
	m := affine{a: 1, d: 1, e: -an[0], f: -an[1]}.
		then(affine{a: sc[0] / 100, d: sc[1] / 100}).
		then(affine{a: cos, b: sin, c: -sin, d: cos}).
		then(affine{a: 1, d: 1, e: po[0], f: po[1]})
	return m, math.Max(math.Abs(sc[0]), math.Abs(sc[1])) / 100
}

// walk walks the shapes a player draws at frame f (not those of a group at no opacity, nor paths
// trimmed to nothing) and calls visit with every group's paths, as points on screen along each (whole,
// however far they are trimmed), its stroke's on-screen width (its width times the scales above it; 0
// without a stroke) and how much of each path its trim draws (percent; 100 untrimmed).
func walk(shapes []lottie.Shape, f float64, m affine, scale float64, visit func(paths [][][2]float64, width, drawn float64)) {
	for _, s := range shapes {
		g, ok := s.(lottie.Group)
		if !ok {
			continue
		}
		tr := g.Items[len(g.Items)-1].(lottie.GroupTransform)
		if valueAt(tr.Opacity, f, []float64{100})[0] == 0 {
			continue // draws nothing at f
		}
		gm, gs := groupAt(tr, f)
		inner, innerScale := gm.then(m), scale*gs
		width, drawn := 0.0, 100.0
		var paths [][][2]float64
		for _, it := range g.Items {
			switch it := it.(type) {
			case lottie.Path:
				var points [][2]float64
				for _, p := range onCurve(shapeAt(it.Bezier, f)) {
					x, y := inner.apply(p[0], p[1])
					points = append(points, [2]float64{x, y})
				}
				paths = append(paths, points)
			case lottie.Trim:
				drawn = valueAt(&it.End, f, []float64{100})[0] - valueAt(&it.Start, f, []float64{0})[0]
				if drawn == 0 {
					paths = nil // drawn to nothing at f
				}
			case lottie.Stroke:
				width = valueAt(&it.Width, f, []float64{StrokeWidth})[0] * innerScale
			}
		}
		if len(paths) > 0 {
			visit(paths, width, drawn)
		}
		walk(g.Items, f, inner, innerScale, visit)
	}
}

// onCurve samples a Lottie contour: eight points along each of its cubics.
func onCurve(b lottie.Bezier) [][2]float64 {
	n := len(b.Vertices)
	last := n - 1
	if b.Closed {
		last = n
	}
	var out [][2]float64
	for i := 0; i < last; i++ {
		j := (i + 1) % n
		p0, p3 := b.Vertices[i], b.Vertices[j]
		c1 := [2]float64{p0[0] + b.Out[i][0], p0[1] + b.Out[i][1]}
		c2 := [2]float64{p3[0] + b.In[j][0], p3[1] + b.In[j][1]}
		for k := 0; k <= 8; k++ {
			t := float64(k) / 8
			u := 1 - t
			a, bb, c, d := u*u*u, 3*u*u*t, 3*u*t*t, t*t*t
			out = append(out, [2]float64{a*p0[0] + bb*c1[0] + c*c2[0] + d*p3[0], a*p0[1] + bb*c1[1] + c*c2[1] + d*p3[1]})
		}
	}
	if n == 1 {
		out = append(out, b.Vertices[0])
	}
	return out
}

// edgeFigures are drawings whose parts touch the artboard's edges or sit in its corners, where a motion
// at its default amplitude would leave the artboard.
func edgeFigures(t *testing.T) map[string]struct {
	fig Figure
	c   Choreography
} {
	full := pathPart(t, "M3 3h18v18h-18z")
	badge := []Part{pathPart(t, "M4 4h10v10h-10z"), pathPart(t, "M16 19h6"), pathPart(t, "M19 16v6")}
	return map[string]struct {
		fig Figure
		c   Choreography
	}{
		"beat, whole":      {Figure{full}, Choreography{Motion: "beat"}},
		"pop, badge":       {badge, Choreography{Motion: "pop", Parts: []int{2, 3}}},
		"nudge, to edge":   {Figure{pathPart(t, "M5 12h16"), pathPart(t, "M15 6l6 6l-6 6")}, Choreography{Motion: "nudge"}},
		"bounce, tall":     {Figure{pathPart(t, "M12 2v20"), pathPart(t, "M8 18h8")}, Choreography{Motion: "bounce"}},
		"swing, wide":      {Figure{pathPart(t, "M2 4h20v14h-20z")}, Choreography{Motion: "swing", Amplitude: 40}},
		"spin, off centre": {Figure{pathPart(t, "M12 3a9 9 0 1 1 -9 9"), pathPart(t, "M3 8v4h4")}, Choreography{Motion: "spin"}},
		"shake, wide":      {Figure{pathPart(t, "M2 12h20")}, Choreography{Motion: "shake"}},
		"float, high":      {Figure{pathPart(t, "M6 2h12v8h-12z")}, Choreography{Motion: "float"}},
		"beat, sharp tip": {Figure{pathPart(t, "M12 10.94c2.33 -3.31 .17 -7.82 -1 -8.94c0 3.4 -2.24 5.3 -3.67 6.71c-1.43 1.41 -2.33 3.29 -2.33 5.59c0 3.7 3.13 6.71 7 6.71c3.87 0 7 -3 7 -6.71c0 -1.71 -1.23 -4.4 -2.33 -5.59c-2.08 3.35 -3.26 3.35 -4.67 2.24")},
			Choreography{Motion: "beat", Pivot: []float64{12, 21}, Amplitude: 12}}, // Tabler's flame: its tip is a vertex between samples
		"swing, a long clapper trailing": {Figure{pathPart(t, "M10 2h4v14h-4z"), pathPart(t, "M10.5 16v3a1.5 1.5 0 0 0 3 0v-3")},
			Choreography{Motion: "swing", Amplitude: 45}}, // the clapper, swinging further, reaches the edge first
		"tilt, wide lid": {Figure{pathPart(t, "M2 5h20"), pathPart(t, "M4 5v15h16v-15")}, Choreography{Motion: "tilt", Parts: []int{1}, Amplitude: 60}},
	}
}

// TestEveryStateStaysInTheArtboard: at every frame of every state, the ink of every file (outline and
// filled) stays inside 24×24 for drawings that touch the edges, and the motion still moves.
func TestEveryStateStaysInTheArtboard(t *testing.T) {
	for name, tc := range edgeFigures(t) {
		filled := Figure{{Paint: Paint{Fill: true, Opacity: 1}, Contours: tc.fig[0].Contours}}
		a, err := Animate(Icon{Name: name, Outline: tc.fig, Filled: filled, Motion: tc.c})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, file := range []lottie.Animation{a.Outline, *a.Filled} {
			worst, at := 0.0, 0
			for f := 0; f <= file.OutPoint; f++ {
				walk(file.Layers[0].Shapes, float64(f), identity, 1, func(paths [][][2]float64, width, _ float64) {
					for _, p := range slices.Concat(paths...) {
						out := math.Max(math.Max(-p[0], p[0]-Size), math.Max(-p[1], p[1]-Size)) + width/2
						if out > worst {
							worst, at = out, f
						}
					}
				})
			}
			// Anything past the edge by more than the keys' rounding (a tenth of a unit) is a fault.
			if worst > 0.06 {
				t.Errorf("%s (%s): frame %d draws %.2f units outside the artboard", name, a.Motions[1].Name, at, worst)
			}
		}
	}
}

// TestScalingKeepsTheStrokeWidth: where a motion scales its parts (pop, beat, bounce), no stroke grows
// wider on screen than 10% past its width at any frame.
func TestScalingKeepsTheStrokeWidth(t *testing.T) {
	for _, c := range []Choreography{{Motion: "pop"}, {Motion: "beat", Amplitude: 40}, {Motion: "bounce"}, {Motion: "pop", Parts: []int{2}}} {
		a, err := Animate(Icon{Name: c.Motion, Outline: bell(t), Motion: c})
		if err != nil {
			t.Fatal(err)
		}
		lo, hi := math.Inf(1), 0.0
		scaled := false
		for f := 0; f <= a.Outline.OutPoint; f++ {
			walk(a.Outline.Layers[0].Shapes, float64(f), identity, 1, func(_ [][][2]float64, width, _ float64) {
				if width > 0 {
					lo, hi = math.Min(lo, width), math.Max(hi, width)
				}
			})
		}
		for _, s := range a.Outline.Layers[0].Shapes {
			if g, ok := s.(lottie.Group); ok {
				if tr := g.Items[len(g.Items)-1].(lottie.GroupTransform); tr.Scale != nil {
					scaled = true
				}
			}
		}
		if !scaled {
			t.Errorf("%+v: no group scales, so the test checks nothing", c)
		}
		if hi > 1.1*StrokeWidth || lo < 0.5*StrokeWidth {
			t.Errorf("%+v: strokes are %.2f–%.2f units wide on screen, want at most %g + 10%%", c, lo, hi, float64(StrokeWidth))
		}
	}
}

// TestNoFillIsTrimmed: no group that fills a shape also trims it, in any motion, outline or filled file
// (lottie-ios's Core Animation renderer cannot trim a fill); a filled part grows in instead, and its
// `in` starts from nothing.
func TestNoFillIsTrimmed(t *testing.T) {
	dot := Part{Paint: Paint{Stroke: true, Fill: true, Opacity: 1}, Contours: contours(t, svg.Element{Name: "circle", Attrs: map[string]string{"cx": "12", "cy": "12", "r": "1"}})}
	fig := Figure{pathPart(t, "M4 4h16v16h-16z"), dot}
	filled := Figure{{Paint: Paint{Fill: true, Opacity: 1}, Contours: fig[0].Contours}}
	var check func(shapes []lottie.Shape, where string) int
	check = func(shapes []lottie.Shape, where string) (fills int) {
		for _, s := range shapes {
			g, ok := s.(lottie.Group)
			if !ok {
				continue
			}
			var fill, trim bool
			for _, it := range g.Items {
				switch it.(type) {
				case lottie.Fill:
					fill = true
				case lottie.Trim:
					trim = true
				}
			}
			if fill && trim {
				t.Errorf("%s: a group both fills and trims", where)
			}
			if fill {
				fills++
			}
			fills += check(g.Items, where)
		}
		return fills
	}
	for _, c := range []Choreography{{Motion: "pop"}, {Motion: "mark", Parts: []int{2}}, {Motion: "write"}, {Motion: "nudge"}, {Motion: "fill", Parts: []int{1}}} {
		a, err := Animate(Icon{Name: "dot", Outline: fig, Filled: filled, Motion: c})
		if err != nil {
			t.Fatal(err)
		}
		if check(a.Outline.Layers[0].Shapes, c.Motion+" outline") == 0 || check(a.Filled.Layers[0].Shapes, c.Motion+" filled") == 0 {
			t.Errorf("%s: no fill found, so the test checks nothing", c.Motion)
		}
		if c.Motion == "fill" {
			continue // its fill's own group is empty while the icon is still
		}
		// The dot has no trim to hide it: at frame 0 it is a point, and by the end of `in` whole again.
		if least := leastSpread(a.Outline, 0); least > 0.01 {
			t.Errorf("%s: at frame 0 every group spans %.2f units or more; want the dot grown from nothing", c.Motion, least)
		}
		if least := leastSpread(a.Outline, 40); least < 1.5 {
			t.Errorf("%s: at the end of in a group spans only %.2f units; want the dot whole", c.Motion, least)
		}
	}
}

// leastSpread is the smallest box diagonal, on screen, of a group's paths at frame f.
func leastSpread(a lottie.Animation, f float64) float64 {
	least := math.Inf(1)
	walk(a.Layers[0].Shapes, f, identity, 1, func(paths [][][2]float64, _, _ float64) {
		lo, hi := [2]float64{math.Inf(1), math.Inf(1)}, [2]float64{math.Inf(-1), math.Inf(-1)}
		for _, p := range slices.Concat(paths...) {
			lo = [2]float64{math.Min(lo[0], p[0]), math.Min(lo[1], p[1])}
			hi = [2]float64{math.Max(hi[0], p[0]), math.Max(hi[1], p[1])}
		}
		least = math.Min(least, math.Hypot(hi[0]-lo[0], hi[1]-lo[1]))
	})
	return least
}

// TestFillGrowsFromAPointInsideItself: the outline→filled morph grows a fill from a point its shrunk
// copies stay within: a disc's centre; for an L, whose box's centre lies outside it, a point inside it;
// for a ring, none (its morph swaps in one frame instead).
func TestFillGrowsFromAPointInsideItself(t *testing.T) {
	filled := func(d string) Figure {
		return Figure{{Paint: Paint{Fill: true, Opacity: 1}, Contours: contours(t, svg.Element{Name: "path", Attrs: map[string]string{"d": d}})}}
	}
	disc := filled("M12 2a10 10 0 1 1 0 20a10 10 0 1 1 0 -20z")
	if c, ok := growthCentre(disc); !ok || distance(c, svg.Point{X: 12, Y: 12}) > 0.01 {
		t.Errorf("disc: grows from %v (%v), want its centre", c, ok)
	}
	ell := filled("M2 2h6v14h14v6h-20z") // an L: the centre of its box is not in it
	if c, ok := growthCentre(ell); !ok || !newArea(ell).covers(c) {
		t.Errorf("an L: grows from %v (%v), want a point inside it", c, ok)
	}
	ring := filled("M12 2a10 10 0 1 1 0 20a10 10 0 1 1 0 -20z M12 5a7 7 0 1 0 0 14a7 7 0 1 0 0 -14z")
	if c, ok := growthCentre(ring); ok {
		t.Errorf("ring: grows from %v, want no point", c)
	}
}
