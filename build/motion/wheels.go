package motion

import (
	"math"

	"github.com/iconlib/iconlib/build/internal/lottie"
	"github.com/iconlib/iconlib/build/internal/svg"
)

// A vehicle drives a little forward and back while its wheels roll: each wheel, a voice of its own about
// its own hub, turns with the distance it travels (wheelSpin times as far as a true roll), so it turns
// back as the body comes back and rests where it started. A round wheel turning looks still, so a notch
// opens in its tyre while it rolls and closes as it stops, and the notch is what the eye sees go round.

// wheel is a part of a drawing that rolls: a round stroked contour about hub.
type wheel struct {
	part   int
	hub    svg.Point
	radius float64
}

// wheels are the moving parts of a rolling motion that are wheels: one closed stroked contour, round
// about the centre of its box (onCircle: no dot of a hub), with that centre below the middle of the drawing (a bicycle rider's head
// is round too, but up top). None for other motions.
func (m move) wheels(fig Figure) []wheel {
	if !m.def.rolls {
		return nil
	}
	middle := fig.bounds(nil).center().Y
	var out []wheel
	for _, i := range m.parts {
		p := fig[i]
		if !p.Paint.Stroke || p.Paint.Fill || len(p.Contours) != 1 || !closedShape(p.Contours[0]) {
			continue
		}
		hub := fig.bounds([]int{i}).center()
		if r, ok := onCircle(inkOf(fig, []int{i}).points, hub); ok && hub.Y > middle {
			out = append(out, wheel{part: i, hub: hub, radius: r})
		}
	}
	return out
}

// wheelRest is the share of the loop a drive rests for after it moves.
const wheelRest = 0.5

// wheelSpin is how many times further a wheel turns than rolling the distance would turn it: a true roll
// of a 2-unit nudge turns Tabler's small wheels under 60°, which barely shows at 24 px; three times that
// reads as wheels spinning as the vehicle goes.
const wheelSpin = 3

// notch is the gap, in icon units, that shows in a rolling tyre between its round caps, the same on every
// wheel whatever its size.
const notch = 1.5

// notched opens a notch in a tyre of radius r while it rolls, shut at rest: its trim shortens the tyre by
// the notch and the stroke's two round caps.
func notched(r float64) *breath {
	g := gesture{{0, 0, smooth}, {0.2, 1, steady}, {0.72, 1, smooth}, {0.95, 0, steady}, {1, 0, steady}}
	return &breath{depth: 100 * (notch + StrokeWidth) / (2 * math.Pi * r), hover: g, loop: g.withRest(wheelRest)}
}

// voice is how w plays the move: on time with the body, turning about its own hub as it goes.
func (w wheel) voice() voice {
	return voice{gain: 1, breath: notched(w.radius), hub: w.hub, radius: w.radius,
		says: "Its wheels (%s) roll as it goes, each turning about its own hub, forward and back with the body."}
}

// rollTransform turns a wheel (m as its voice plays it) about its hub, as far as rolled says for the
// move's shift, which the group it rides in carries.
func rollTransform(m move, t timeline) lottie.GroupTransform {
	hub := []float64{m.pivot.X, m.pivot.Y}
	tr := lottie.GroupTransform{Anchor: static(hub...), Position: static(hub...)}
	for _, tk := range m.def.tracks {
		if tk.prop == shift {
			tr.Rotation = animated(m.keyed(tk, t, m.rolled(tk)))
		}
	}
	return tr
}

// rolled maps the shift track's values to the turn, in degrees, of a wheel of radius m.rolls that has
// travelled that far along the ground: wheelSpin times a true roll, clockwise on screen going right.
func (m move) rolled(tk track) func(v float64) []float64 {
	a := m.amp * tk.gain
	return func(v float64) []float64 { return []float64{wheelSpin * m.dir.X * a * v / m.rolls * 180 / math.Pi} }
}
