package motion

import (
	"math"
	"slices"
	"strings"

	"github.com/iconlib/iconlib/build/internal/svg"
)

// The rules choose an icon's signature motion from its meaning when no hand edit does: the words of
// its id, then its tags, then its category. Each table says what a word means in motion.

// wordMotions are words that name a thing whose own movement is known: a bell rings, a gear turns.
var wordMotions = map[string]string{
	"bell": "swing", "bells": "swing", "lamp": "swing", "alarm": "swing", "pendulum": "swing", "hanger": "swing",
	"heart": "beat", "hearts": "beat", "heartbeat": "beat", "activity": "beat", "pulse": "beat", "flame": "beat",
	"microphone": "beat", "bulb": "beat",
	"loader": "spin", "refresh": "spin", "reload": "spin", "rotate": "spin", "settings": "spin", "cog": "spin",
	"fan": "spin", "propeller": "spin", "wheel": "spin", "tornado": "spin", "hurricane": "spin", "recycle": "spin",
	"sun": "spin", "windmill": "spin", "disc": "spin", "vinyl": "spin", "snowflake": "spin", "aperture": "spin",
	"hourglass": "spin", "360": "spin", "replace": "spin", "repeat": "spin", "steering": "spin",
	"alert": "shake", "exclamation": "shake", "x": "mark", "ban": "shake", "cancel": "shake", "forbid": "shake",
	"bug": "shake", "phone": "shake", "vibration": "shake", "urgent": "shake", "siren": "shake",
	"check": "mark", "checks": "mark", "plus": "mark", "minus": "mark", "star": "pop", "stars": "pop", "sparkles": "pop",
	"confetti": "pop", "trophy": "pop", "award": "pop", "crown": "pop", "thumb": "pop", "click": "pop", "gift": "pop",
	"pin": "bounce", "pinned": "bounce", "location": "bounce", "map": "bounce", "ball": "bounce", "basketball": "bounce",
	"cloud": "float", "balloon": "float", "rocket": "float", "feather": "float", "ghost": "float", "bubble": "float",
	"parachute": "float", "drone": "float", "ufo": "float", "kite": "float", "moon": "float", "planet": "float",
	"music": "float", "butterfly": "float", "leaf": "float",
	"wifi": "sequence", "volume": "sequence", "antenna": "sequence", "rss": "sequence", "broadcast": "sequence",
	"dots": "sequence", "menu": "sequence", "list": "sequence", "chart": "sequence", "battery": "sequence",
	"signal": "sequence", "cell": "sequence", "access": "sequence", "radar": "sequence",
	"trash": "lift", "archive": "lift", "package": "lift",
	"eye": "blink", "eyes": "blink",
	"clock": "tick", "stopwatch": "tick", "time": "tick",
}

// pointing are the words of icons that point somewhere: they nudge that way.
var pointing = map[string]bool{
	"arrow": true, "arrows": true, "chevron": true, "chevrons": true, "caret": true, "corner": true,
	"download": true, "upload": true, "send": true, "logout": true, "login": true, "external": true,
	"navigation": true, "pointer": true, "cursor": true, "direction": true, "sign": true,
}

// ways are the direction words of ids, and the way each means.
var ways = map[string]string{
	"up": "up", "down": "down", "left": "left", "right": "right", "back": "left", "forward": "right",
	"top": "up", "bottom": "down", "download": "down", "upload": "up", "logout": "right", "login": "right",
	"send": "up-right", "external": "up-right", "pointer": "up-left", "cursor": "up-left", "navigation": "up",
}

// modifiers are the last words of compound ids ("bell-check") whose glyph, a badge or a mark inside a
// container, carries the motion instead of the whole icon. Thin glyphs (a minus, pause bars) bounce:
// scaling a short line barely changes it.
var modifiers = map[string]string{
	"check": "mark", "checks": "mark", "plus": "mark", "minus": "mark", "x": "mark", "exclamation": "mark",
	"question": "mark", "equal": "mark", "slash": "mark", "star": "fill", "heart": "fill", "bolt": "pop", "search": "mark", "cog": "spin",
	"settings": "spin", "pause": "bounce", "play": "pop", "dollar": "mark", "code": "mark", "cancel": "mark",
	"edit": "pop", "pencil": "pop", "spark": "pop", "share": "nudge", "up": "nudge",
	"down": "nudge", "left": "nudge", "right": "nudge", "clock": "pop", "lock": "pop", "bell": "swing",
}

// tagMotions are tags strong enough to choose a motion when the id says nothing.
var tagMotions = map[string]string{
	"loading": "spin", "spinner": "spin", "sync": "spin", "love": "beat", "like": "beat", "warning": "shake",
	"error": "shake", "danger": "shake", "weather": "float", "notification": "swing",
}

// categoryMotions are the fallbacks of a whole category; others pop.
var categoryMotions = map[string]string{
	"Arrows": "nudge", "Weather": "float", "Vehicles": "drive", "Mood": "bounce",
	"Sport": "bounce", "Charts": "sequence", "Zodiac": "float", "Animals": "bounce", "Nature": "float",
	"Gestures": "swing",
}

// levels are the words of things drawn empty whose fill is a level: an empty battery (one part, no bars)
// charges, its level rising along its length.
var levels = map[string]bool{"battery": true}

// wordsOnly are categories whose ids name glyphs, not things (letter-x is the letter, not a "no"): they
// write themselves again, in their stroke order.
var wordsOnly = map[string]bool{"Brand": true, "Letters": true, "Numbers": true}

// containers are the first words of ids whose drawing is a frame holding a glyph (circle-dot,
// file-music, shield-lock): the glyph moves and the frame stays.
var containers = map[string]bool{
	"square": true, "circle": true, "shield": true, "file": true, "folder": true, "hexagon": true,
	"octagon": true, "pentagon": true, "triangle": true, "badge": true, "message": true, "clipboard": true,
	"browser": true, "calendar": true,
}

// Choose returns the signature choreography the rules give an icon. A turn of a drawing that looks the
// same at every angle (a plain circle) shows nothing, so such an icon pops instead.
func Choose(id string, tags []string, category string, fig Figure) Choreography {
	c := choose(id, tags, category, fig)
	if def := vocabulary[c.Motion]; def.turns && def.name != "swing" && round(fig) {
		return Choreography{Motion: "pop"}
	}
	return c
}

// round reports whether every point of the drawing lies on one circle about its centre.
func round(fig Figure) bool {
	c := fig.bounds(nil).center()
	r := -1.0
	for _, p := range fig {
		for _, ct := range p.Contours {
			for _, s := range ct.Segments {
				d := distance(c, s.P3)
				if r < 0 {
					r = d
				}
				if math.Abs(d-r) > 0.05 {
					return false
				}
			}
		}
	}
	return r > 0
}

func choose(id string, tags []string, category string, fig Figure) Choreography {
	words := strings.Split(id, "-")
	if wordsOnly[category] {
		return Choreography{Motion: "write"}
	}
	if words[len(words)-1] == "off" {
		return Choreography{Motion: "mark", Parts: slash(fig)}
	}
	if slices.ContainsFunc(words, func(w string) bool { return pointing[w] }) {
		return pointed(words, nil)
	}
	if last := words[len(words)-1]; len(words) > 1 && modifiers[last] != "" {
		parts := glyph(fig)
		if modifiers[last] == "nudge" {
			return pointed(words, parts)
		}
		return Choreography{Motion: modifiers[last], Parts: parts}
	}
	if len(words) > 1 && containers[words[0]] {
		if c, ok := contained(words[1:], fig); ok {
			return c
		}
	}
	if c, ok := level(words, fig); ok {
		return c
	}
	for _, w := range words {
		if mo := wordMotions[w]; mo != "" {
			return Choreography{Motion: mo}
		}
	}
	for _, t := range tags {
		if mo := tagMotions[t]; mo != "" {
			return Choreography{Motion: mo}
		}
	}
	if mo := categoryMotions[category]; mo == "nudge" {
		return pointed(words, nil)
	} else if mo != "" {
		return Choreography{Motion: mo}
	}
	// Nothing says how the thing moves: its details (every part but the largest, the outline they sit
	// in) draw on again; a drawing of one part pops, or hops if it is a dot.
	if c, ok := contained(nil, fig); ok {
		return c
	}
	if fig.bounds(nil).diagonal() < 4 {
		return Choreography{Motion: "bounce"}
	}
	return Choreography{Motion: "pop"}
}

// level is the choreography of an empty thing whose fill is a level (levels): of one part, it fills up
// along its length, rightwards when it lies (Tabler's battery), upwards when it stands.
func level(words []string, fig Figure) (Choreography, bool) {
	if !levels[words[0]] || len(fig) != 1 {
		return Choreography{}, false
	}
	if b := fig.bounds(nil); b.max.X-b.min.X > b.max.Y-b.min.Y {
		return Choreography{Motion: "fill", Direction: "right"}, true
	}
	return Choreography{Motion: "fill", Direction: "up"}, true
}

// pointed nudges the given parts the way the id's words point: two ways together are a diagonal
// ("arrow-up-right"), opposite ways a shake along their axis ("arrows-left-right"), else the first way.
func pointed(words []string, parts []int) Choreography {
	var found []string
	for _, w := range words {
		if way := ways[w]; way != "" {
			found = append(found, way)
		}
	}
	c := Choreography{Motion: "nudge", Parts: parts, Direction: "right"}
	if len(found) == 0 {
		return c
	}
	c.Direction = found[0]
	for i := 0; i+1 < len(found); i++ {
		a, b := found[i], found[i+1]
		switch {
		case (a == "up" || a == "down") && (b == "left" || b == "right"):
			c.Direction = a + "-" + b
			return c
		case (a == "left" || a == "right") && (b == "up" || b == "down"):
			c.Direction = b + "-" + a
			return c
		case a == "left" && b == "right", a == "right" && b == "left":
			return Choreography{Motion: "shake", Parts: parts, Direction: "right"}
		case a == "up" && b == "down", a == "down" && b == "up":
			return Choreography{Motion: "shake", Parts: parts, Direction: "down"}
		}
	}
	return c
}

// glyph finds the parts of a compound icon's modifier, numbered from 1: the parts (not dots) that sit
// wholly in the lower right quarter (a badge, in the Tabler grid, wherever it comes in the document), or
// else the last part (a mark inside a container). An icon of one part has no separate glyph: nil, all parts move.
func glyph(fig Figure) []int {
	if len(fig) < 2 {
		return nil
	}
	if b := badge(fig); len(b) > 0 {
		return b
	}
	return []int{len(fig)}
}

// badge finds the parts of a compound icon's badge, numbered from 1: those (not dots) that sit wholly in
// the lower right quarter; none when no part or every part does.
func badge(fig Figure) []int {
	var parts []int
	for i := range fig {
		// a dot in that corner (a card's pip, a server's light) is a detail of the icon, not a badge
		if b := fig.bounds([]int{i}); b.min.X >= 12.5 && b.min.Y >= 12.5 && b.diagonal() >= 1 {
			parts = append(parts, i+1)
		}
	}
	if len(parts) == len(fig) {
		return nil
	}
	return parts
}

// slash finds the slash of an -off icon, numbered from 1: the part slashPart finds, else the last part.
func slash(fig Figure) []int {
	if i, ok := slashPart(fig); ok {
		return []int{i + 1}
	}
	return []int{len(fig)}
}

// slashPart is the index of an -off drawing's slash, the last part drawn as one straight stroke across
// most of the grid (Tabler's M3 3l18 18); ok is false when there is none.
func slashPart(fig Figure) (int, bool) {
	for i := len(fig) - 1; i >= 0; i-- {
		if cs := fig[i].Contours; len(cs) == 1 && len(cs[0].Segments) == 1 && straight(cs[0].Segments[0]) &&
			distance(cs[0].Segments[0].P0, cs[0].Segments[0].P3) >= 15 {
			return i, true
		}
	}
	return 0, false
}

// straight reports whether a cubic is a line: its control points lie on the chord.
func straight(s svg.Cubic) bool {
	chord := distance(s.P0, s.P3)
	return chord > 0 && math.Abs(distance(s.P0, s.C1)+distance(s.C1, s.C2)+distance(s.C2, s.P3)-chord) < 1e-6
}

// contained is the choreography of a frame holding a glyph, by the words after the frame's: the glyph
// (every part but the largest) plays what those words mean, or draws on again (a glyph too small to
// redraw visibly pops). An icon of one part has no glyph apart.
func contained(words []string, fig Figure) (Choreography, bool) {
	frame := largestStill(fig, make([]bool, len(fig)))
	if len(fig) < 2 || frame < 0 {
		return Choreography{}, false
	}
	var parts []int
	for i := range fig {
		if i != frame {
			parts = append(parts, i)
		}
	}
	for _, w := range words {
		if mo := wordMotions[w]; mo != "" && !vocabulary[mo].fullTurn() {
			return Choreography{Motion: mo, Parts: numbered(parts)}, true
		}
	}
	if fig.bounds(parts).diagonal() < 4 {
		// too small to redraw visibly, and a dot does not grow when its stroke keeps its width: it hops
		return Choreography{Motion: "bounce", Parts: numbered(parts)}, true
	}
	return Choreography{Motion: "mark", Parts: numbered(parts)}, true
}

// numbered turns part indexes into the 1-based numbers of a choreography.
func numbered(parts []int) []int {
	out := make([]int, len(parts))
	for i, p := range parts {
		out[i] = p + 1
	}
	return out
}

// Accent returns the parts of an icon's drawing, numbered from 1, that carry the accent of its meaning
// and so are painted in the secondary colour slot, by the rules that single them out for the motion:
// the slash of an -off icon (when it has one drawn straight across), a modifier's badge (bell-check's
// check) or, without one, its mark when that is the last part and sits inside the frame (circle-x's x),
// and a glyph held inside a container's frame (circle-dot's dot, file-music's note). Nothing for an icon
// without such an accent (letters and digits, arrows, a single thing, align-right's last line), nor
// where the accent would be the whole drawing.
func Accent(id, category string, fig Figure) []int {
	words := strings.Split(id, "-")
	var parts []int
	switch {
	case wordsOnly[category] || len(words) < 2:
	case words[len(words)-1] == "off":
		if i, ok := slashPart(fig); ok {
			parts = []int{i + 1}
		}
	case slices.ContainsFunc(words, func(w string) bool { return pointing[w] }):
	case modifiers[words[len(words)-1]] != "":
		if parts = badge(fig); len(parts) == 0 && slices.Contains(framed(fig), len(fig)) {
			parts = []int{len(fig)}
		}
	case containers[words[0]]:
		parts = framed(fig)
	}
	if len(parts) >= len(fig) {
		return nil
	}
	return parts
}

// framed finds the glyph of a container, numbered from 1: the parts that lie inside the box of its
// frame (the part with the largest box), clear of the frame's edges by a unit, so the frame's own
// details (a file's folded corner, a calendar's rings and rule) stay with it.
func framed(fig Figure) []int {
	frame := largestStill(fig, make([]bool, len(fig)))
	if len(fig) < 2 || frame < 0 {
		return nil
	}
	f := fig.bounds([]int{frame})
	var parts []int
	for i := range fig {
		b := fig.bounds([]int{i})
		if i != frame && b.min.X >= f.min.X+1 && b.min.Y >= f.min.Y+1 && b.max.X <= f.max.X-1 && b.max.Y <= f.max.Y-1 {
			parts = append(parts, i+1)
		}
	}
	return parts
}
