package motion

import (
	"math"

	"github.com/iconlib/iconlib/build/internal/lottie"
	"github.com/iconlib/iconlib/build/internal/svg"
)

const morphSummary = "Turns the icon into another form: its filled form (the fill grows from the centre inside the outline) and back, its -off form (the slash draws on), or another icon, stroke by stroke (or, with little in common, its strokes rewinding and the other's drawing on)."

// filledWhole is the record's word on a filled file whose drawing has no shape of its own for the parts
// the outline moves (a filled clock's hands are cut out of its face); filledRegrown the same for a mark,
// which a filled shape, having no stroke to draw, plays by shrinking a little and growing back.
const (
	filledWhole   = "The filled drawing has no shape of its own for the moving parts, so all of it plays the motion."
	filledRegrown = "The filled drawing has no shape of its own for the marked parts, so all of it shrinks a little and grows back."
)

// fit carries a move over to another drawing of the same icon (its filled form), whose elements differ
// from the outline's: a part moves when the outline part nearest to it moves, in that part's voice (a
// filled bell's clapper trails too), and lights up in a sequence in that part's turn. Pivot and
// direction are the same on the shared grid; the amplitude is the filled parts' own, fitted to the room
// they leave.
func (m move) fit(outline, other Figure) move {
	if m.def.fills {
		return popped(other)
	}
	order := make([]int, len(outline))
	for i := range order {
		order[i] = -1
	}
	for k, i := range m.parts {
		order[i] = k
	}
	fm := move{def: m.def, moving: make([]bool, len(other)), pivot: m.pivot, dir: m.dir, amp: m.amp, given: m.given,
		voices: m.voices, voiceOf: make([]int, len(other)), fig: other, elements: make([]int, len(other))}
	turn := make([]int, len(other))
	for j := range other {
		fm.elements[j] = j
		best := nearestPart(outline, other, j)
		fm.moving[j], fm.voiceOf[j] = m.moving[best], m.voiceOf[best]
		if m.voices[fm.voiceOf[j]].radius > 0 {
			fm.voiceOf[j] = 0 // a filled wheel is a disc, which shows no turn: it moves with the body
		}
		turn[j] = order[best]
	}
	for k := 0; k < len(m.parts); k++ { // the sequence order of the outline, carried over
		for j := range other {
			if fm.moving[j] && turn[j] == k {
				fm.parts = append(fm.parts, j)
			}
		}
	}
	// A filled drawing is often one shape with holes where the outline had parts: when none of its
	// parts stands for a moving one, or only a detail much smaller than the outline's moving parts (a dot
	// left in a cut-out glyph), the whole shape moves, and a sequence that has fewer than two parts to
	// light pops instead.
	if len(fm.parts) == 0 || (m.def.perPart && len(fm.parts) < 2) ||
		other.bounds(fm.parts).diagonal() < outline.bounds(m.parts).diagonal()/2 {
		fm.parts = fm.parts[:0]
		for j := range other {
			fm.moving[j], fm.voiceOf[j] = true, 0
			fm.parts = append(fm.parts, j)
		}
		fm.pivot = fm.defaultPivot(other) // the whole shape's, not the part's it stands for
	}
	if m.def.perPart && len(fm.parts) < 2 {
		fm.def, fm.given = vocabulary["pop"], false
	}
	if !fm.given { // the filled parts' own size, not the outline's: a badge's gain would blow up the whole shape
		fm.amp = fm.def.gained(other.bounds(fm.parts))
	}
	fm.amp = fm.fitted(other)
	if fm.def.redraws() && len(fm.parts) == len(other) {
		fm.amp = min(fm.amp, wholeRegrow)
	}
	return fm
}

// saysWhole is the record's word on fm, the filled file's move, where the outline's move m moves some
// parts and fm, with the same motion, all of its drawing; "" elsewhere.
func (fm move) saysWhole(m move) string {
	switch {
	case fm.def != m.def || len(fm.parts) < len(fm.fig) || len(m.parts) == len(m.fig):
		return ""
	case fm.def.redraws():
		return filledRegrown
	}
	return filledWhole
}

// popped is how a filled drawing plays a fill: it is full already, so it pops.
func popped(fig Figure) move {
	m, err := Choreography{Motion: "pop"}.resolve(fig)
	if err != nil {
		panic(err) // pop with its defaults fits any drawing
	}
	return m
}

func distance(a, b svg.Point) float64 { return math.Hypot(a.X-b.X, a.Y-b.Y) }

// nearestPart is the part of outline whose box's centre is nearest that of part j of other (the same
// icon's filled drawing): the part j stands for.
func nearestPart(outline, other Figure, j int) int {
	c := other.bounds([]int{j}).center()
	best, dist := 0, math.Inf(1)
	for i := range outline {
		if d := distance(c, outline.bounds([]int{i}).center()); d < dist {
			best, dist = i, d
		}
	}
	return best
}

// revealed composes a filled drawing: a group per unit that grows in during `in` when grow is set (in the
// outline file, where the filled form only appears in a morph, it stands still), the moving units
// together in a group that carries the motion.
func revealed(fig Figure, m move, t timeline, grow bool) []lottie.Shape {
	us := units(fig, m)
	groups := make([]lottie.Group, len(us))
	for i, u := range us {
		var contours []svg.Contour
		for _, j := range u.parts {
			contours = append(contours, fig[j].Contours...)
		}
		tr := lottie.GroupTransform{}
		if u.order >= 0 {
			tr = sequenceTransform(fig[u.parts[0]], u.order, len(m.parts), m, t)
		}
		if grow {
			// a fill has no stroke to draw on again: under mark and write it grows in again instead
			c := fig.bounds(u.parts).center()
			growIn(&tr, c, growth(fig, u.parts, c, 108), i, len(us), t.in, squared(m.redrawKeys(u.moving, t)))
		}
		items := make([]lottie.Shape, 0, len(contours)+1)
		for _, c := range contours {
			items = append(items, lottie.NewPath(Bezier(c)))
		}
		s := fig[u.parts[0]].Paint.Slot
		groups[i] = slotGroup(s, tr, append(items, slotFill(s))...)
	}
	return stack(groups, us, m, t)
}

// growIn scales a unit from nothing about its centre c, past its size and back, one unit after another
// within s: a filled shape cannot be drawn on, so it grows in, up to most percent. later are the scale's
// keys after s.
func growIn(tr *lottie.GroupTransform, c svg.Point, most float64, i, n int, s span, later []timedValue) {
	dur, delay := stagger(n, 32, 26, 16)
	from := s.start + int(math.Round(float64(i)*delay))
	to := from + int(math.Round(dur))
	size := func(v float64) []float64 { return []float64{v, v} }
	at := []float64{c.X, c.Y}
	tr.Anchor, tr.Position = static(at...), static(at...)
	tr.Scale = animated(append([]timedValue{
		{frame: from, value: size(0), e: snap},
		{frame: from + (to-from)*3/5, value: size(most), e: smooth},
		{frame: to, value: size(100), hold: true},
	}, later...))
}

// morph puts the outline shapes and the filled form together for the morph states. Where the filled
// shape grows within itself from a point c (growthCentre), the fill grows from c inside the still
// outline, and once it is whole the outline gives way to it in one frame; back, the outline returns at
// once and the fill shrinks away into it. Where it does not (a filled check, three bars), a growing
// copy would paint where neither form does, so the outline gives way to the fill in one frame halfway.
// Nothing fades, so no frame is a grey blend of the two. Outside the morphs the filled form is hidden.
func morph(outline, filled []lottie.Shape, c svg.Point, grows bool, t timeline) []lottie.Shape {
	whole, gone := t.morph.end-settle-6, t.morphBack.end-settle-6
	swap, back := whole, t.morphBack.start+4
	if !grows {
		swap, back = (t.morph.start+whole)/2, (t.morphBack.start+gone)/2
	}
	step := func(keys ...timedValue) *lottie.Property {
		for i := range keys {
			keys[i].hold = true
		}
		return animated(keys)
	}
	line := lottie.GroupTransform{Opacity: animated(append(hiddenDuring(t.toggles),
		timedValue{frame: t.morph.start, value: []float64{100}, hold: true},
		timedValue{frame: swap, value: []float64{0}, hold: true},
		timedValue{frame: back, value: []float64{100}, hold: true}))}
	if !grows {
		fill := lottie.GroupTransform{Opacity: step(timedValue{frame: 0, value: []float64{0}},
			timedValue{frame: swap, value: []float64{100}}, timedValue{frame: back, value: []float64{0}})}
		return []lottie.Shape{lottie.NewGroup(line, outline...), lottie.NewGroup(fill, filled...)}
	}
	at := []float64{c.X, c.Y}
	size := func(v float64) []float64 { return []float64{v, v} }
	fill := lottie.GroupTransform{Anchor: static(at...), Position: static(at...),
		Opacity: step(timedValue{frame: 0, value: []float64{0}}, timedValue{frame: t.morph.start, value: []float64{100}}),
		Scale: animated([]timedValue{
			{frame: t.morph.start + 4, value: size(0), e: smooth},
			{frame: whole, value: size(100), hold: true},
			{frame: t.morphBack.start + 4, value: size(100), e: smooth},
			{frame: gone, value: size(0), hold: true}})}
	return []lottie.Shape{lottie.NewGroup(line, outline...), lottie.NewGroup(fill, filled...)}
}

// hiddenDuring keys an opacity that hides the still drawing while the morphs into other icons and back
// play (layout puts them one after another).
func hiddenDuring(toggles []toggle) []timedValue {
	if len(toggles) == 0 {
		return nil
	}
	return []timedValue{{frame: 0, value: []float64{100}, hold: true}, // before a first key, players show its value
		{frame: toggles[0].there.start, value: []float64{0}, hold: true},
		{frame: toggles[len(toggles)-1].back.end + 1, value: []float64{100}, hold: true}}
}
