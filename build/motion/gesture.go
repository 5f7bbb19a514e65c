package motion

import (
	"math"

	"github.com/iconlib/iconlib/build/internal/lottie"
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
