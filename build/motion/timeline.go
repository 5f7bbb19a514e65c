package motion

import (
	"strings"

	"github.com/iconlib/iconlib/internal/catalog"
)

// The signature states keep the frames they have always had, so integrations that play them by frame
// number keep working; the states of each motion on its own follow. Both ends of a span belong to it:
// lottie-ios and lottie-android stop on a marker's last frame and lottie-web one before it, so every
// state rests on its final picture for its last few frames (settle).
var (
	inSpan    = span{0, 40}
	loopSpan  = span{41, 160}
	hoverSpan = span{161, 199}
)

const (
	settle   = 4  // frames a non-looping state rests on its final picture
	hoverLen = 39 // frames of a hover
	loopLen  = 120
	morphLen = 40
	// signatureStates is how many states come first in states: in, loop, hover and the same three by the
	// signature's name; the filled file holds exactly these.
	signatureStates = 6
	inLen           = 41
	extraFrom       = 200 // first frame after the signature states
)

// moving is the part of a span where a non-looping state moves: all of it but the final rest.
func (s span) moving() span { return span{s.start, s.end - settle} }

// timeline places every state of one file.
type timeline struct {
	in, loop, hover             span // the signature's
	inDraw, hoverDraw, loopDraw span
	pairs                       []span // the morphs into other icons, in the order of the icon's targets
	morph, morphBack            span   // zero without a filled form
	end                         int    // the file's last frame
}

// layout places the states of an icon whose signature is def: `in-draw` shares the frames of `in` when
// the signature adds nothing to the draw; `hover-draw` is the start of `loop-draw`, which then rests.
// Morphs into other icons come first, and with a filled form `morph` and `morph-back` come last, so the
// file always ends on the still outline.
func layout(def *definition, filled bool, pairs int) timeline {
	t := timeline{in: inSpan, loop: loopSpan, hover: hoverSpan, inDraw: inSpan}
	next := extraFrom
	for range pairs {
		t.pairs = append(t.pairs, span{next, next + morphLen - 1})
		next += morphLen
	}
	if def.hasEnter() {
		t.inDraw = span{next, next + inLen - 1}
		next += inLen
	}
	t.hoverDraw = span{next, next + hoverLen - 1}
	t.loopDraw = span{next, next + loopLen - 1}
	t.end = t.loopDraw.end
	if filled {
		t.morph = span{t.end + 1, t.end + morphLen}
		t.morphBack = span{t.morph.end + 1, t.morph.end + morphLen}
		t.end = t.morphBack.end
	}
	return t
}

func (d *definition) hasEnter() bool {
	for _, tr := range d.tracks {
		if tr.enter != nil {
			return true
		}
	}
	return false
}

// states lists the markers of the outline file: in, loop and hover first (the names every integration
// knows), then the signature's by name (the filled file holds these six), each motion's own, and the
// morphs (into targets, one per span of t.pairs). Styles are set by Animate.
func (t timeline) states(name string, def *definition, targets []string) []catalog.State {
	sig := def.name
	in := "Draws the icon on, one part after another, and settles; ends on the still icon. Play it when the icon appears."
	if def.hasEnter() {
		in = "Draws the icon on while it settles with its " + sig + " motion; ends on the still icon. Play it when the icon appears."
	}
	loop := "Repeats the " + sig + " motion seamlessly, for something in progress or waiting for attention."
	hover := "Plays the " + sig + " motion once, from the still icon back to it: for hover and focus."
	st := func(name, motion string, s span, loop bool, desc string) catalog.State {
		return catalog.State{Name: name, StartFrame: s.start, EndFrame: s.end, Loop: loop, Description: desc, Motion: motion}
	}
	states := []catalog.State{
		st("in", sig, t.in, false, in),
		st("loop", sig, t.loop, true, loop),
		st("hover", sig, t.hover, false, hover),
		st("in-"+sig, sig, t.in, false, "The frames of in, by the name of its motion."),
		st("loop-"+sig, sig, t.loop, true, "The frames of loop, by the name of its motion."),
		st("hover-"+sig, sig, t.hover, false, "The frames of hover, by the name of its motion."),
		st("in-draw", "draw", t.inDraw, false, "Draws the icon on from nothing, one part after another; ends on the still icon."),
		st("hover-draw", "draw", t.hoverDraw, false, "Rewinds the strokes and draws them on again; starts and ends on the still icon."),
		st("loop-draw", "draw", t.loopDraw, true, "Rewinds and redraws the strokes, then rests; repeats seamlessly."),
	}
	for i, id := range targets {
		how := "Morphs the icon into " + id + ": its strokes become the other icon's; ends on " + id + "."
		switch {
		case offToggle(name, id) && strings.HasSuffix(id, "-off"):
			how = "Turns it off: the icon stays and its slash draws on; ends on " + id + "."
		case offToggle(name, id):
			how = "Turns it back on: the icon stays and its slash draws off; ends on " + id + "."
		}
		s := st("morph-"+id, "morph", t.pairs[i], false, how)
		s.TargetIcon = id
		states = append(states, s)
	}
	if t.morph != (span{}) {
		states = append(states,
			st("morph", "morph", t.morph, false, "Turns the outline into the filled form: the fill grows from the centre inside the outline, which then gives way to it; ends on the filled icon."),
			st("morph-back", "morph", t.morphBack, false, "Turns the filled form back into the outline; ends on the still outline icon."))
	}
	return states
}
