package motion

import (
	"math"

	"github.com/iconlib/iconlib/build/internal/lottie"
)

// motionTransform is the transform of a moving group (m as its voice plays it): anchored at the pivot,
// with a property per track of the motion, keyed in the signature's states.
func motionTransform(m move, t timeline) lottie.GroupTransform {
	pivot := []float64{m.pivot.X, m.pivot.Y}
	tr := lottie.GroupTransform{Type: "tr", Anchor: static(pivot...), Position: static(pivot...)}
	for _, tk := range m.def.tracks {
		tv := m.keyed(tk, t, m.valueOf(tk))
		switch tk.prop {
		case turn:
			tr.Rotation = animated(tv)
		case shift:
			tr.Position = animated(tv)
		case grow, flatten, squash, fillUp: // a motion has at most one scale track
			tr.Scale = animated(tv)
		}
	}
	return tr
}

// keyed places a track's gestures in the signature's states, its values mapped through at, m.lag frames
// late. A scale's gestures are refined first, so that the stroke width keyed against it stays close to
// constant between keys too.
func (m move) keyed(tk track, t timeline, at func(v float64) []float64) []timedValue {
	placed := func(g gesture, s span) []timedValue {
		g = g.lagged(m.lag, s.end-s.start)
		if tk.prop == grow || tk.prop == flatten || tk.prop == squash {
			g = g.refined(m.valueOf(tk))
		}
		return place(g, s, at)
	}
	var tv []timedValue
	if tk.enter != nil {
		tv = append(tv, placed(tk.enter, t.in.moving())...)
	}
	tv = append(tv, placed(tk.loop, t.loop)...)
	return append(tv, placed(tk.hover, t.hover.moving())...)
}

// strokeWidth is the stroke width of the moving parts (m as their voice plays it): keyed against the
// motion's scale so that strokes keep their width on screen while the parts grow or shrink (the width
// over the larger of the two scales), or StrokeWidth throughout when the motion does not scale.
func strokeWidth(m move, t timeline) lottie.Property {
	for _, tk := range m.def.tracks {
		if tk.prop != grow && tk.prop != flatten && tk.prop != squash {
			continue
		}
		scale := m.valueOf(tk)
		return keyframes(m.keyed(tk, t, func(v float64) []float64 {
			s := scale(v)
			return []float64{StrokeWidth * 100 / math.Max(s[0], s[1])}
		}))
	}
	return lottie.Static(StrokeWidth)
}

// valueOf maps a track's values, in amplitudes, to Lottie values for this move.
func (m move) valueOf(tk track) func(v float64) []float64 {
	a := m.amp * tk.gain
	switch tk.prop {
	case turn:
		return func(v float64) []float64 { return []float64{m.dir.X * a * v} }
	case shift:
		return func(v float64) []float64 {
			return []float64{m.pivot.X + m.dir.X*a*v, m.pivot.Y + m.dir.Y*a*v}
		}
	case grow:
		return func(v float64) []float64 { return []float64{100 + a*v, 100 + a*v} }
	case flatten:
		if m.dir.X != 0 { // across, toward a hinge at the side
			return func(v float64) []float64 { return []float64{100 + a*v, 100} }
		}
		return func(v float64) []float64 { return []float64{100, 100 + a*v} }
	case squash:
		// gain is percent per unit of the main amplitude, so a higher jump lands harder
		return func(v float64) []float64 { return []float64{100 + a*v, 100 - a*v} }
	case rewind:
		return func(v float64) []float64 { return []float64{100 - a*v} }
	case fillUp:
		return func(v float64) []float64 { return m.fillScale(a, v) }
	}
	return func(v float64) []float64 { return []float64{100 * v} }
}

// sequenceTransform lights part number k of n in turn: the first stays lit (so the icon never goes
// blank), the others dim together and come back one after another.
func sequenceTransform(p Part, k, n int, m move, t timeline) lottie.GroupTransform {
	full := 100 * p.Paint.Opacity
	tr := lottie.GroupTransform{Type: "tr"}
	if full < 100 {
		tr.Opacity = static(full)
	}
	if k == 0 || n < 2 {
		return tr
	}
	dim := 1 - m.amp/100
	light := 0.22 + 0.6*float64(k-1)/float64(n-1)
	g := gesture{{0, 1, gather}, {0.14, dim, steady}, {light, dim, snap}, {light + 0.16, 1, steady}, {1, 1, steady}}
	at := func(v float64) []float64 { return []float64{full * v} }
	tv := place(g.withRest(0.55), t.loop, at)
	tv = append(tv, place(g, t.hover.moving(), at)...)
	tr.Opacity = animated(tv)
	return tr
}

// drawKeys are how much of part i of n is drawn, in percent, over the file: drawn on in `in` (and
// `in-draw`), one part after another, the signature's keys (a mark's redraw in `loop` and `hover`), and
// rewound and redrawn in `hover-draw`; elsewhere the part is whole. A stroke's trim plays them; a fill,
// which no player trims alike, grows to them.
func drawKeys(i, n int, t timeline, signature []timedValue) []timedValue {
	tv := append(drawOn(i, n, t.in), signature...)
	if t.inDraw != t.in {
		tv = append(tv, drawOn(i, n, t.inDraw)...)
	}
	return append(tv, redraw(i, n, t.hoverDraw)...)
}

// trimOf is the trim that draws a part as far as keys say.
func trimOf(keys []timedValue) lottie.Trim {
	return lottie.Trim{Type: "tm", Start: lottie.Static(0), End: keyframes(keys), Offset: lottie.Static(0),
		Mode: lottie.TrimSimultaneously}
}

// squared turns keys of how much of a part is drawn (percent) into keys of a scale of both axes, so that a
// fill covers that share of its area as a stroke would of its length: a redraw's 12% stub is a fill at a
// third of its size, never a speck.
func squared(keys []timedValue) []timedValue {
	out := make([]timedValue, len(keys))
	for i, k := range keys {
		v := 10 * math.Sqrt(math.Max(0, k.value[0]))
		out[i] = k
		out[i].value = []float64{v, v}
	}
	return out
}

// redrawKeys are the trim keys of the signature's states for a unit: a redrawing motion's gestures on
// the moving units, none elsewhere.
func (m move) redrawKeys(moving bool, t timeline) []timedValue {
	if !moving || !m.def.redraws() {
		return nil
	}
	tk := m.def.tracks[0]
	return m.keyed(tk, t, m.valueOf(tk))
}

// stagger spreads n parts over a window: each takes dur frames and starts delay frames after the last.
func stagger(n, window, longest, shortest int) (dur, delay float64) {
	if n == 1 {
		return float64(longest), 0
	}
	dur = math.Max(float64(shortest), float64(longest)-5*float64(n-1))
	return dur, (float64(window) - dur) / float64(n-1)
}

// drawOn draws part i on within s: hidden from the state's first frame, drawn by frame 32 of it.
func drawOn(i, n int, s span) []timedValue {
	dur, delay := stagger(n, 32, 28, 12)
	from := s.start + int(math.Round(float64(i)*delay))
	var tv []timedValue
	if from > s.start && s.start > 0 { // before a property's first key, players show that key's value
		tv = append(tv, timedValue{frame: s.start, value: []float64{0}, hold: true})
	}
	return append(tv,
		timedValue{frame: from, value: []float64{0}, e: snap},
		timedValue{frame: from + int(math.Round(dur)), value: []float64{100}, hold: true})
}

// redraw rewinds part i to a short stub and draws it on again within s, never leaving it blank.
func redraw(i, n int, s span) []timedValue {
	_, delay := stagger(n, 8, 8, 0)
	from := s.start + int(math.Round(float64(i)*delay))
	return []timedValue{
		{frame: from, value: []float64{100}, e: gather},
		{frame: from + 10, value: []float64{12}, e: snap},
		{frame: from + 28, value: []float64{100}, hold: true},
	}
}
