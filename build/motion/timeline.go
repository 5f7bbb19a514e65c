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
	toggles                     []toggle // the morphs into other icons and back, in the order of the icon's targets
	morph, morphBack            span     // zero without a filled form
	end                         int      // the file's last frame
}

// toggle is where a morph into another icon plays (there) and, right after it, the same morph played
// backwards (back): one file turns the icon into its target and back again.
type toggle struct{ there, back span }

// layout places the states of an icon whose signature is def: `in-draw` shares the frames of `in` when
// the signature adds nothing to the draw; `hover-draw` is the start of `loop-draw`, which then rests.
// Morphs into other icons come first, each followed by its way back, and with a filled form `morph` and
// `morph-back` come last, so the file always ends on the still outline.
func layout(def *definition, filled bool, targets int) timeline {
	t := timeline{in: inSpan, loop: loopSpan, hover: hoverSpan, inDraw: inSpan}
	next := extraFrom
	for range targets {
		g := toggle{there: span{next, next + morphLen - 1}, back: span{next + morphLen, next + 2*morphLen - 1}}
		t.toggles = append(t.toggles, g)
		next = g.back.end + 1
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

// states lists the markers of ic's outline file: in, loop and hover first (the names every integration
// knows), then the signature's by name (the filled file holds these six), each motion's own, and the
// morphs (into each of ic's targets and back, one per toggle of t.toggles). Styles are set by Animate.
func (t timeline) states(ic Icon, def *definition) []catalog.State {
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
	for i, o := range ic.Morphs {
		there, back := toggleWords(ic.Name, o.ID, stages(ic.Outline, o.Outline))
		for _, s := range []catalog.State{
			st(catalog.MorphInto(o.ID), "morph", t.toggles[i].there, false, there),
			st(catalog.MorphBack(o.ID), "morph", t.toggles[i].back, false, back),
		} {
			s.TargetIcon = o.ID
			states = append(states, s)
		}
	}
	if t.morph != (span{}) {
		states = append(states,
			st("morph", "morph", t.morph, false, "Turns the outline into the filled form: the fill grows from the centre inside the outline, which then gives way to it; ends on the filled icon."),
			st("morph-back", "morph", t.morphBack, false, "Turns the filled form back into the outline; ends on the still outline icon."))
	}
	return states
}

// toggleWords describe the morph of icon name into icon id (there) and its way back; staged is whether a
// morph that is no -off toggle plays by stages.
func toggleWords(name, id string, staged bool) (there, back string) {
	switch {
	case offToggle(name, id) && strings.HasSuffix(id, "-off"):
		return "Turns it off: the icon stays and its slash draws on; ends on " + id + ".",
			"Turns it on again from " + id + ": the icon stays and the slash draws off; ends on the still icon."
	case offToggle(name, id):
		return "Turns it back on: the icon stays and its slash draws off; ends on " + id + ".",
			"Turns it off again from " + id + ": the icon stays and the slash draws on; ends on the still icon."
	}
	there = "Morphs the icon into " + id + ": its strokes become the other icon's; ends on " + id + "."
	if staged {
		there = "Turns the icon into " + id + " by stages: its strokes rewind, then " + id + "'s draw on; ends on " + id + "."
	}
	return there, "Morphs " + id + " back into the icon: " + catalog.MorphInto(id) + " played backwards; ends on the still icon."
}
