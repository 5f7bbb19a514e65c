package motion

// prop is the transform property a track drives, and how a value in amplitudes becomes a Lottie value.
type prop int

const (
	turn    prop = iota // rotation about the pivot, degrees; the direction cw or ccw gives the sign
	shift               // position: the pivot moved along the direction, icon units
	grow                // scale of both axes about the pivot, percent added to 100
	flatten             // scale about the pivot toward it, percent added to 100: vertical (a blink closes to a line), across for a move left or right
	squash              // wider and lower about the pivot (a landing), percent
	fade                // opacity, share of full: the sequence motion
	rewind              // the share of the moving parts' strokes rewound, percent: they draw on again
	fillUp              // scale of a fill of the moving parts' shape from nothing, percent (fill.go)
)

// track is one animated property of a motion, with its gesture for each state. gain multiplies the
// amplitude (a secondary track, such as the squash of a bounce, moves less than the main one). A nil
// enter gesture leaves `in` to the draw alone.
type track struct {
	prop               prop
	gain               float64
	hover, loop, enter gesture
}

// pivotRule is where a motion turns or grows about when a choreography gives no pivot, on the box of
// the moving parts (or, for tick, of the parts that stay).
type pivotRule int

const (
	pivotCenter pivotRule = iota
	pivotTop
	pivotBottom
	pivotStill // the centre of the parts that do not move: a clock's face for its hands
	pivotHinge // the bottom end of the moving parts that stays down as they turn: a lid's hinge
	pivotFill  // where a fill grows from: a point inside the shape, or a level's edge (fill.go)
	pivotEdge  // the middle of the moving parts' edge the direction points to: a door's hinge
)

// Definition is one motion of the vocabulary: a small program over an icon's parts.
type definition struct {
	name    string
	summary string  // one line for the record's motions list
	amp     float64 // default amplitude, in unit
	maxAmp  float64
	unit    string
	whole   float64 // a given amplitude must be a multiple of it, for every part to end where it started (0: any)
	dir     string  // default direction ("" when the motion has none)
	turns   bool    // the direction is cw or ccw rather than a way across the canvas
	pivot   pivotRule
	tracks  []track
	// perPart plays the first track on each moving part in turn instead of on all of them at once.
	perPart bool
	// drawMovingFirst draws the moving parts on before the others, so that `in` never shows them apart
	// from the rest (a lock must not look open while it draws on).
	drawMovingFirst bool
	// fills: the moving parts stay still and a fill of their shape plays the tracks beneath them
	// (fill.go); a direction, which the motion may take or not, makes the fill a level rising that way.
	fills bool
	// rolls: the moving parts that are wheels turn about their hubs as the motion shifts them (wheels.go)
	rolls bool
}

// redraws reports whether the motion draws its parts on again rather than moving them (mark, write):
// nothing leaves its place, so it needs no room, and a filled shape, which has no stroke to draw, cannot
// play it.
func (d *definition) redraws() bool { return len(d.tracks) > 0 && d.tracks[0].prop == rewind }

// wholeRedraw is how far a redraw rewinds when it redraws every part: to a short stub, so that the icon
// never goes blank; wholeRegrow how far a filled file, which regrows its shapes instead, shrinks them
// then: to 60% of their size, a gentle breath rather than a vanishing.
const (
	wholeRedraw = 88
	wholeRegrow = 40
)

// Gestures shared by several motions.
var (
	// twice-damped swing: out, back past rest, and settling
	swingHover = gesture{{0, 0, snap}, {0.16, 1, smooth}, {0.38, -0.7, smooth}, {0.6, 0.4, smooth}, {0.8, -0.16, smooth}, {1, 0, steady}}
	swingEnter = gesture{{0, 0.6, smooth}, {0.45, -0.3, smooth}, {0.75, 0.1, smooth}, {1, 0, steady}}
	// a push with anticipation and a small recoil
	popHover = gesture{{0, 0, gather}, {0.25, -1, snap}, {0.6, 0.7, smooth}, {1, 0, steady}}
	popEnter = gesture{{0, -2, snap}, {0.7, 0.5, smooth}, {1, 0, steady}}
	// a double pulse: lub-dub
	beatHover = gesture{{0, 0, snap}, {0.22, 1, smooth}, {0.42, -0.1, snap}, {0.62, 0.6, smooth}, {1, 0, steady}}
	// a shake: quick alternating pushes that die away
	shakeHover = gesture{{0, 0, smooth}, {0.12, -1, smooth}, {0.3, 0.9, smooth}, {0.48, -0.6, smooth}, {0.68, 0.3, smooth}, {1, 0, steady}}
	// up, a moment held open, and down with a small rebound: a lid lifted or tipped open
	openAndShut = gesture{{0, 0, snap}, {0.3, 1, smooth}, {0.52, 1, gather}, {0.72, 0, snap}, {0.84, 0.12, gather}, {0.96, 0, steady}, {1, 0, steady}}
	// one sweep through the amplitude, easing in and out: a wheel's turn, a clock's hands winding round
	easedTurn = gesture{{0, 0, smooth}, {1, 1, steady}}
	// a rewind along the stroke and a fresh draw-on
	redrawHover = gesture{{0, 0, gather}, {0.35, 1, snap}, {0.9, 0, steady}, {1, 0, steady}}
	// forward, back past rest and settling: a vehicle rocking on its wheels
	driveHover = gesture{{0, 0, smooth}, {0.35, 1, smooth}, {0.72, -0.4, smooth}, {1, 0, steady}}
	// a fill grows to the whole shape, holds a moment and drains away
	fillHover = gesture{{0, 0, smooth}, {0.4, 1, steady}, {0.62, 1, gather}, {1, 0, steady}}
	// steps through the amplitude (a clock's hands' turns), each a quick move and a stop
	tickSteps = func(steps int) gesture {
		n := float64(steps)
		g := gesture{{0, 0, steady}}
		for i := 1; i <= steps; i++ {
			from, to := float64(i-1)/n, float64(i)/n
			g = append(g, key{from + 0.55/n, from, snap}, key{to, to, steady})
		}
		return g
	}
)

// usesPivot reports whether the motion turns or scales about its pivot (a move or a fade has none).
func (d *definition) usesPivot() bool {
	for _, tk := range d.tracks {
		if tk.prop == turn || tk.prop == grow || tk.prop == flatten || tk.prop == squash || tk.prop == fillUp {
			return true
		}
	}
	return false
}

// vocabulary is every motion the build can give an icon, by name.
var vocabulary = map[string]*definition{
	"draw": {name: "draw", summary: "Strokes draw on along their paths, one part after another."},
	"spin": {name: "spin", summary: "Turns a full circle about its centre, like a wheel or a gear.",
		amp: 360, maxAmp: 720, unit: "degrees", dir: "cw", turns: true, pivot: pivotCenter,
		tracks: []track{{prop: turn, gain: 1,
			hover: easedTurn,
			loop:  gesture{{0, 0, steady}, {1, 2, steady}},
			enter: gesture{{0, -0.25, snap}, {1, 0, steady}}}}},
	"swing": {name: "swing", summary: "Swings from a pivot at its top and settles, like a ringing bell.",
		amp: 14, maxAmp: 45, unit: "degrees", dir: "cw", turns: true, pivot: pivotTop,
		tracks: []track{{prop: turn, gain: 1, hover: swingHover, loop: swingHover.withRest(0.6), enter: swingEnter}}},
	"beat": {name: "beat", summary: "Pulses twice, like a heartbeat.",
		amp: 16, maxAmp: 60, unit: "percent", pivot: pivotCenter,
		tracks: []track{{prop: grow, gain: 1,
			hover: beatHover,
			loop:  beatHover.withRest(0.45),
			enter: popEnter}}},
	"nudge": {name: "nudge", summary: "Pushes the way it points and springs back.",
		amp: 2.5, maxAmp: 6, unit: "icon units", dir: "right", pivot: pivotCenter,
		tracks: []track{{prop: shift, gain: 1,
			hover: gesture{{0, 0, snap}, {0.35, 1, smooth}, {0.7, -0.12, smooth}, {1, 0, steady}},
			loop:  gesture{{0, 0, snap}, {0.35, 1, smooth}, {0.7, -0.12, smooth}, {1, 0, steady}}.withRest(0.4),
			enter: gesture{{0, -1, snap}, {0.8, 0.08, smooth}, {1, 0, steady}}}}},
	"shake": {name: "shake", summary: "Shakes side to side, like a head saying no.",
		amp: 1.5, maxAmp: 4, unit: "icon units", dir: "right", pivot: pivotCenter,
		tracks: []track{{prop: shift, gain: 1, hover: shakeHover, loop: shakeHover.withRest(0.4)}}},
	"pop": {name: "pop", summary: "Gathers, pops out past its size and settles.",
		amp: 15, maxAmp: 60, unit: "percent", pivot: pivotCenter,
		tracks: []track{{prop: grow, gain: 1, hover: popHover, loop: popHover.withRest(0.35)}}},
	"bounce": {name: "bounce", summary: "Jumps, lands with a squash and settles.",
		amp: 3, maxAmp: 6, unit: "icon units", dir: "up", pivot: pivotBottom,
		tracks: []track{
			{prop: shift, gain: 1,
				hover: gesture{{0, 0, snap}, {0.32, 1, gather}, {0.6, 0, snap}, {0.75, 0.2, gather}, {0.88, 0, steady}, {1, 0, steady}},
				loop:  gesture{{0, 0, snap}, {0.32, 1, gather}, {0.6, 0, snap}, {0.75, 0.2, gather}, {0.88, 0, steady}, {1, 0, steady}}.withRest(0.45),
				enter: gesture{{0, 1.3, gather}, {0.5, 0, snap}, {0.7, 0.15, gather}, {0.85, 0, steady}, {1, 0, steady}}},
			{prop: squash, gain: 3, // percent per icon unit of jump
				hover: gesture{{0, 0, steady}, {0.58, 0, snap}, {0.66, 1, smooth}, {0.8, 0, steady}, {1, 0, steady}},
				loop:  gesture{{0, 0, steady}, {0.58, 0, snap}, {0.66, 1, smooth}, {0.8, 0, steady}, {1, 0, steady}}.withRest(0.45)}}},
	"float": {name: "float", summary: "Drifts up and down, weightless.",
		amp: 1.5, maxAmp: 4, unit: "icon units", dir: "up", pivot: pivotCenter,
		tracks: []track{{prop: shift, gain: 1,
			hover: gesture{{0, 0, smooth}, {0.5, 1, smooth}, {1, 0, steady}},
			loop:  gesture{{0, 0, smooth}, {0.25, 1, smooth}, {0.5, 0, smooth}, {0.75, 0.6, smooth}, {1, 0, steady}},
			enter: gesture{{0, 1, smooth}, {1, 0, steady}}}}},
	"sequence": {name: "sequence", summary: "Its parts light up one after another.",
		amp: 85, maxAmp: 100, unit: "percent", pivot: pivotCenter, perPart: true,
		tracks: []track{{prop: fade, gain: 1}}},
	"lift": {name: "lift", summary: "One part lifts away and drops back into place.",
		amp: 2.5, maxAmp: 6, unit: "icon units", dir: "up", pivot: pivotCenter, drawMovingFirst: true,
		tracks: []track{{prop: shift, gain: 1, hover: openAndShut, loop: openAndShut.withRest(0.5)}}},
	"tilt": {name: "tilt", summary: "Tips open about its hinge and falls shut, like a lid.",
		amp: 25, maxAmp: 70, unit: "degrees", dir: "ccw", turns: true, pivot: pivotHinge, drawMovingFirst: true,
		tracks: []track{{prop: turn, gain: 1, hover: openAndShut, loop: openAndShut.withRest(0.5)}}},
	"blink": {name: "blink", summary: "Closes and opens, like an eye blinking.",
		amp: 90, maxAmp: 100, unit: "percent", pivot: pivotCenter,
		tracks: []track{{prop: flatten, gain: -1,
			hover: gesture{{0, 0, steady}, {0.25, 0, gather}, {0.42, 1, snap}, {0.62, 0, steady}, {1, 0, steady}},
			loop:  gesture{{0, 0, steady}, {0.15, 0, gather}, {0.2, 1, snap}, {0.28, 0, steady}, {0.6, 0, gather}, {0.65, 1, snap}, {0.71, 0, gather}, {0.76, 1, snap}, {0.84, 0, steady}, {1, 0, steady}}}}},
	"open": {name: "open", summary: "Swings open on its hinge and shuts, as a door, a lid or a screen seen from the front: the moving parts narrow toward the hinge and widen back.",
		amp: 60, maxAmp: 90, unit: "percent", dir: "down", pivot: pivotEdge, drawMovingFirst: true,
		tracks: []track{{prop: flatten, gain: -1, hover: openAndShut, loop: openAndShut.withRest(0.5)}}},
	"mark": {name: "mark", summary: "Its mark draws on again (a slash, a check, a plus, a sign) while the rest stays still.",
		amp: 100, maxAmp: 100, unit: "percent",
		tracks: []track{{prop: rewind, gain: 1, hover: redrawHover, loop: redrawHover.withRest(0.5)}}},
	"write": {name: "write", summary: "Writes itself again, stroke by stroke, as a pen traces a letter or a logo.",
		amp: wholeRedraw, maxAmp: wholeRedraw, unit: "percent",
		tracks: []track{{prop: rewind, gain: 1, hover: redrawHover, loop: redrawHover.withRest(0.5)}}},
	"fill": {name: "fill", summary: "Fills up, as a liked heart does: a fill of its own shape grows from inside it (a battery's charge rises from its end), holds and drains away; the outline stays still.",
		amp: 100, maxAmp: 100, unit: "percent", pivot: pivotFill, fills: true,
		tracks: []track{{prop: fillUp, gain: 1, hover: fillHover, loop: fillHover.withRest(0.6)}}},
	"drive": {name: "drive", summary: "Drives a little forward and back, its wheels rolling as it goes.",
		amp: 2, maxAmp: 6, unit: "icon units", dir: "right", pivot: pivotCenter, rolls: true,
		tracks: []track{{prop: shift, gain: 1, hover: driveHover, loop: driveHover.withRest(wheelRest),
			enter: gesture{{0, -1, snap}, {0.8, 0.08, smooth}, {1, 0, steady}}}}},
	"tick": {name: "tick", summary: "Its hands go round the face like a clock's: they wind round on hover and tick round in the loop.",
		amp: 720, maxAmp: 1440, whole: 720, unit: "degrees", dir: "cw", turns: true, pivot: pivotStill,
		tracks: []track{{prop: turn, gain: 1, hover: easedTurn, loop: tickSteps(8)}}},
}
