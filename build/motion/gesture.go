package motion

import (
	"math"

	"github.com/iconlib/iconlib/build/internal/lottie"
	"github.com/iconlib/iconlib/build/internal/svg"
)

// ease is a timing curve, cubic-bezier(x1, y1, x2, y2) as in CSS, from a key to the next. Every curve
// stays within 0–1, so Core Animation (lottie-ios) reads it exactly as the other players do; overshoot
// and settle are written as keys of their own, never as a curve that leaves 0–1.
type ease struct{ x1, y1, x2, y2 float64 }

var (
	smooth = ease{0.4, 0, 0.6, 1}   // ease in and out: swings, floats, returns
	snap   = ease{0.2, 0.9, 0.3, 1} // quick start, long settle: arrivals, pops
	gather = ease{0.6, 0, 0.8, 0.4} // slow start, fast end: falls, wind-ups
	steady = ease{0, 0, 1, 1}       // constant speed: continuous spins
)

// reversed is e played backwards in time: the curve of a key from b back to a that passes the values of
// one from a to b in mirrored order.
func (e ease) reversed() ease { return ease{1 - e.x2, 1 - e.y2, 1 - e.x1, 1 - e.y1} }

func (e ease) lottie() (out, in *lottie.Easing) {
	return &lottie.Easing{X: e.x1, Y: e.y1}, &lottie.Easing{X: e.x2, Y: e.y2}
}

// key is one pose of a gesture: at time u of the state (0 its first frame, 1 its last), the value is v
// amplitudes from rest; e shapes the way to the next key.
type key struct {
	u, v float64
	e    ease
}

// gesture is a movement over one state: keys in time order. Hover and loop gestures start and end at
// rest (v = 0), so a hover ends on the still icon and a loop repeats without a seam.
type gesture []key

// withRest plays g in the first share of a state and rests for the remainder: its last key holds (the
// rest needs no key of its own, which keeps files small).
func (g gesture) withRest(share float64) gesture {
	out := make(gesture, len(g))
	for i, k := range g {
		out[i] = key{k.u * share, k.v, k.e}
	}
	return out
}

// maxScaleStep is the most a scale may change between two keys, as a ratio: the stroke width keyed
// against it (width ÷ scale) is then off by at most 4% between them, where a straight line between the
// two keys' widths passes the true curve.
const maxScaleStep = 1.5

// refined splits the keys of g, halving each step whose scale (through at) changes by more than
// maxScaleStep, so that the width ÷ scale keyed at the same frames stays close to constant between keys.
// Each half keeps its share of the original curve, so the motion itself does not change.
func (g gesture) refined(at func(v float64) []float64) gesture {
	out := gesture{g[0]}
	for i := 1; i < len(g); i++ {
		out = append(out, split(g[i-1], g[i], at, 3)...)
	}
	return out
}

// split returns the keys after a up to b, with a's step halved (to depth) while its scale changes too much.
func split(a, b key, at func(v float64) []float64, depth int) []key {
	sa, sb := at(a.v)[0], at(b.v)[0]
	if depth == 0 || math.Min(sa, sb) <= 0 || math.Max(sa, sb)/math.Min(sa, sb) <= maxScaleStep {
		return []key{b}
	}
	left, right, mid, ok := a.e.halves()
	if !ok {
		return []key{b}
	}
	m := key{u: a.u + (b.u-a.u)*mid.X, v: a.v + (b.v-a.v)*mid.Y, e: right}
	a.e = left
	return append(split(a, m, at, depth-1), split(m, b, at, depth-1)...)
}

// halves splits the curve at its middle (de Casteljau) into two curves, each scaled back to the unit
// square, and returns the point it was split at; not ok where a half would be flat.
func (e ease) halves() (left, right ease, mid svg.Point, ok bool) {
	p0, p1, p2, p3 := svg.Point{}, svg.Point{X: e.x1, Y: e.y1}, svg.Point{X: e.x2, Y: e.y2}, svg.Point{X: 1, Y: 1}
	half := func(a, b svg.Point) svg.Point { return svg.Point{X: (a.X + b.X) / 2, Y: (a.Y + b.Y) / 2} }
	p01, p12, p23 := half(p0, p1), half(p1, p2), half(p2, p3)
	p012, p123 := half(p01, p12), half(p12, p23)
	mid = half(p012, p123)
	if mid.X <= 0 || mid.X >= 1 || mid.Y <= 0 || mid.Y >= 1 {
		return ease{}, ease{}, mid, false
	}
	norm := func(p, from, to svg.Point) (float64, float64) {
		return clamp01((p.X - from.X) / (to.X - from.X)), clamp01((p.Y - from.Y) / (to.Y - from.Y))
	}
	left.x1, left.y1 = norm(p01, p0, mid)
	left.x2, left.y2 = norm(p012, p0, mid)
	right.x1, right.y1 = norm(p123, mid, p3)
	right.x2, right.y2 = norm(p23, mid, p3)
	return left, right, mid, true
}

// clamp01 keeps a curve's control values within 0–1, where every player reads them alike.
func clamp01(x float64) float64 { return math.Min(1, math.Max(0, x)) }

// span is a state's frames, both ends included.
type span struct{ start, end int }

func (s span) frame(u float64) int { return s.start + int(math.Round(u*float64(s.end-s.start))) }

// timedValue is a value at a frame, before it becomes a Lottie keyframe.
type timedValue struct {
	frame int
	value []float64
	e     ease
	hold  bool
}

// place puts gesture g into span s, mapping each value through at. Keys that would land on the frame of
// the key before them are dropped, so frames strictly increase. The last key holds: the next state
// starts from its own first key.
func place(g gesture, s span, at func(v float64) []float64) []timedValue {
	out := make([]timedValue, 0, len(g))
	for _, k := range g {
		f := s.frame(k.u)
		if n := len(out); n > 0 && f <= out[n-1].frame {
			continue
		}
		out = append(out, timedValue{frame: f, value: at(k.v), e: k.e})
	}
	out[len(out)-1].hold = true
	return out
}

// keyframes turns the timed values of every state, in time order, into a Lottie property.
func keyframes(tv []timedValue) lottie.Property {
	keys := make([]lottie.Keyframe, len(tv))
	for i, t := range tv {
		k := lottie.Keyframe{Time: t.frame, Start: roundAll(t.value)}
		if t.hold || i == len(tv)-1 {
			k.Hold = 1
		} else {
			k.Out, k.In = t.e.lottie()
		}
		keys[i] = k
	}
	return lottie.Animate(keys)
}

// roundAll keeps one decimal of a keyed value: a tenth of a unit, a degree or a percent is finer than a
// pixel at any icon size, and short numbers keep files small.
func roundAll(v []float64) []float64 {
	out := make([]float64, len(v))
	for i, x := range v {
		out[i] = math.Round(x*10) / 10
		if out[i] == 0 {
			out[i] = 0 // no "-0"
		}
	}
	return out
}
