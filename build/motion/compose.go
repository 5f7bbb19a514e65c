package motion

import (
	"fmt"
	"slices"

	"github.com/iconlib/iconlib/build/internal/lottie"
	"github.com/iconlib/iconlib/build/internal/svg"
	"github.com/iconlib/iconlib/internal/catalog"
)

// Icon is what Animate needs of an icon: its drawing in each style and its choreography.
type Icon struct {
	Name    string
	Outline Figure
	Filled  Figure // nil when the icon has no filled style
	Motion  Choreography
	Morphs  []Target // icons it morphs into
	// Accent are the parts (SVG elements of the outline, numbered from 1) painted in the secondary
	// colour slot: the accent of the icon's meaning (Accent finds them); none paints all in primary.
	Accent []int
}

// Animation is an icon's animation files and what its record says about them.
type Animation struct {
	Outline lottie.Animation
	Filled  *lottie.Animation // nil without a filled drawing
	States  []catalog.State   // every marker of the outline file, each with the styles whose files hold it
	Motions []catalog.Motion
	Slots   []catalog.ColorSlot // the colour slots the files paint, and the outline's parts in each
}

// Animate returns the animation files of ic: the outline drawn on and moved by its choreography, with a
// morph into its filled form when it has one, and the filled form grown in and moved alike.
func Animate(ic Icon) (Animation, error) {
	if len(ic.Outline) == 0 {
		return Animation{}, fmt.Errorf("an icon needs at least one part")
	}
	var err error
	if ic, err = ic.painted(); err != nil {
		return Animation{}, err
	}
	m, err := ic.Motion.resolve(ic.Outline)
	if err != nil {
		return Animation{}, err
	}
	t := layout(m.def, ic.Filled != nil, len(ic.Morphs))
	states := t.states(ic, m.def)
	for i, s := range states {
		if slices.ContainsFunc(states[:i], func(o catalog.State) bool { return o.Name == s.Name }) {
			return Animation{}, fmt.Errorf("morphs: two states would be named %s", s.Name)
		}
	}
	shapes := compose(m.fig, m, t)
	filledMotion := m.def.name
	a := Animation{Motions: []catalog.Motion{{Name: "draw", Description: vocabulary["draw"].summary}, m.describe(len(ic.Outline))}}
	switch {
	case ic.Filled != nil:
		fm := m.fit(m.fig, ic.Filled)
		filledMotion = fm.def.name
		a.Motions[1].Filled = fm.saysWhole(m)
		c, grows := growthCentre(ic.Filled)
		shapes = morph(shapes, revealed(ic.Filled, fm, t, false), c, grows, t)
		filled := file(ic.Name, t.hover.end, revealed(ic.Filled, fm, t, true), states[:signatureStates])
		a.Filled = &filled
	case len(t.toggles) > 0:
		shapes = []lottie.Shape{lottie.NewGroup(lottie.GroupTransform{Opacity: animated(hiddenDuring(t.toggles))}, shapes...)}
	}
	for i, o := range ic.Morphs {
		shapes = append(morphInto(ic, o, t.toggles[i]), shapes...)
	}
	if ic.Filled != nil || len(ic.Morphs) > 0 {
		a.Motions = append(a.Motions, catalog.Motion{Name: "morph", Description: morphSummary})
	}
	a.Outline = file(ic.Name, t.end, shapes, states)
	files, styles := map[string][]lottie.Shape{"outline": shapes}, []string{"outline"}
	if a.Filled != nil {
		files["filled"], styles = a.Filled.Layers[0].Shapes, append(styles, "filled")
	}
	a.Slots = colorSlots(ic.Outline, files, styles)
	for i := range states {
		states[i].Styles = []string{"outline"}
		if i < signatureStates && ic.Filled != nil { // the signature's states are in both files
			states[i].Styles = []string{"outline", "filled"}
			if filledMotion != m.def.name {
				states[i].FilledMotion = filledMotion
			}
		}
	}
	a.States = states
	return a, nil
}

// file is a Lottie file of one shape layer whose last frame is last, with a marker per state.
func file(name string, last int, shapes []lottie.Shape, states []catalog.State) lottie.Animation {
	markers := make([]lottie.Marker, len(states))
	for i, s := range states {
		markers[i] = lottie.Marker{Time: s.StartFrame, Comment: s.Name, Duration: s.EndFrame - s.StartFrame}
	}
	return lottie.Animation{
		Version: lottie.Version, Name: name, FrameRate: FrameRate, OutPoint: last + 1,
		Width: Size, Height: Size, Assets: []any{},
		Layers:  []lottie.Layer{lottie.NewShapeLayer("icon", last+1, shapes)},
		Markers: markers, Slots: slotValues(shapes),
	}
}

// painted is ic with every drawing painted in its colour slots: the outline's accent secondary, the
// filled drawing's parts as the outline parts nearest them, each morph target's accent secondary.
func (ic Icon) painted() (Icon, error) {
	var err error
	if ic.Outline, err = accented(ic.Outline, ic.Accent); err != nil {
		return ic, err
	}
	if ic.Filled != nil {
		ic.Filled = slotsByPosition(ic.Outline, ic.Filled)
	}
	ic.Morphs = slices.Clone(ic.Morphs)
	for i, o := range ic.Morphs {
		if ic.Morphs[i].Outline, err = accented(o.Outline, o.Accent); err != nil {
			return ic, fmt.Errorf("morph into %s: %w", o.ID, err)
		}
	}
	return ic, nil
}

// describe is the record's entry for the signature motion: what it does and how it fits this icon.
func (m move) describe(parts int) catalog.Motion {
	d := catalog.Motion{Name: m.def.name, Description: m.def.summary, Direction: m.def.dir}
	if more := m.voiceSentences(); more != "" {
		d.Description += " " + more
	}
	// a sequence lists its order even when all move
	if nums := m.elementNumbers(m.parts); len(nums) < parts || !slices.IsSorted(nums) {
		d.Parts = nums
	}
	if m.def.usesPivot() {
		d.Pivot = []float64{round2(m.pivot.X), round2(m.pivot.Y)}
	}
	switch {
	case m.def.turns && m.dir.X < 0:
		d.Direction = "ccw"
	case (m.def.dir != "" || m.def.fills) && !m.def.turns:
		for name, v := range directions {
			if near(v, m.dir) {
				d.Direction = name
			}
		}
	}
	return d
}

// maxUnits is how many groups of parts draw on one after another: neighbouring parts that move alike
// and are painted alike (in one colour slot too) draw together beyond it. Each group costs its own trim
// keys, stroke and transform; two (plus any the motion needs apart, such as a lid or a sequence, or an
// accent in its own slot) keep the median file near 3 KB.
const maxUnits = 2

// unit is a run of neighbouring parts that draw on together and move alike: one Lottie group.
type unit struct {
	parts  []int
	moving bool
	voice  int // how its parts play the motion, when they move
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
		us[i] = unit{parts: []int{i}, moving: m.moving[i], voice: m.voiceOf[i], order: order[i]}
	}
	for len(us) > maxUnits {
		best := -1
		for i := 0; i+1 < len(us); i++ {
			a, b := us[i], us[i+1]
			// Filled parts keep groups of their own: in one group, a shape inside another (an arrow drawn
			// over its own outline, as Tabler's filled icons do) would cut a hole where SVG fills twice.
			if a.moving != b.moving || a.voice != b.voice || a.order >= 0 || b.order >= 0 ||
				fig[a.parts[0]].Paint != fig[b.parts[0]].Paint || fig[a.parts[0]].Paint.Fill {
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
		width := lottie.Static(StrokeWidth)
		if u.moving && !m.def.perPart {
			width = strokeWidth(m.voiced(m.voices[u.voice]), t)
		}
		end, start := m.breathKeys(u, fig, t)
		keys := drawKeys(rank[i], len(us), t, append(m.redrawKeys(u.moving, t), end...))
		var trim *lottie.Trim
		if p.Paint.Fill {
			// lottie-ios's Core Animation renderer cannot trim a fill (it falls back to its main-thread
			// renderer): a filled part grows in about its centre instead.
			c := fig.bounds(u.parts).center()
			tr.Anchor, tr.Position, tr.Scale = static(c.X, c.Y), static(c.X, c.Y), animated(squared(keys))
		} else {
			tm := trimOf(keys)
			if start != nil {
				tm.Start = keyframes(start)
			}
			trim = &tm
		}
		groups[i] = slotGroup(p.Paint.Slot, tr, unitItems(contours, p.Paint, width, trim)...)
	}
	shapes := stack(groups, us, m, t)
	if m.fill != nil { // beneath the still outline it fills
		shapes = append(shapes, fillGroup(m, t))
	}
	return shapes
}

// stack orders unit groups for Lottie (first on top; SVG paints later elements on top) and gathers the
// moving ones of each voice into a group that plays the motion as that voice does, at the place of the
// voice's topmost unit. A wheel rides in the main voice's group, in a group of its own that only turns
// it about its hub (rollTransform), so the shift is keyed once.
func stack(groups []lottie.Group, us []unit, m move, t timeline) []lottie.Shape {
	var shapes []lottie.Shape
	top := make([]int, len(m.voices)) // by voice: the place of its group in shapes, or -1
	moving := make([][]lottie.Shape, len(m.voices))
	for v := range top {
		top[v] = -1
	}
	for i := len(us) - 1; i >= 0; i-- {
		v := us[i].voice
		if us[i].moving && !m.def.perPart && !m.def.fills {
			g := groups[i]
			if m.voices[v].radius > 0 {
				g, v = lottie.NewGroup(rollTransform(m.voiced(m.voices[v]), t), g), 0
			}
			if top[v] < 0 {
				top[v] = len(shapes)
				shapes = append(shapes, nil)
			}
			moving[v] = append(moving[v], g)
			continue
		}
		shapes = append(shapes, groups[i])
	}
	for v, at := range top {
		if at >= 0 {
			shapes[at] = lottie.NewGroup(motionTransform(m.voiced(m.voices[v]), t), moving[v]...)
		}
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

// unitItems are a unit's paths followed by its trim (if any) and its paint, its strokes of the given width.
func unitItems(contours []svg.Contour, paint Paint, width lottie.Property, trim *lottie.Trim) []lottie.Shape {
	items := make([]lottie.Shape, 0, len(contours)+3)
	for _, c := range contours {
		items = append(items, lottie.NewPath(Bezier(c)))
	}
	if trim != nil {
		items = append(items, *trim)
	}
	if paint.Stroke {
		stroke := slotStroke(paint.Slot)
		stroke.Width = width
		items = append(items, stroke)
	}
	if paint.Fill {
		items = append(items, slotFill(paint.Slot))
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
