package motion

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/iconlib/iconlib/build/internal/svg"
)

// Choreography says how an icon moves: its signature motion and how that motion fits the drawing. A
// field left empty takes the motion's default. Hand edits in content/icons/edits.yaml write one as the
// icon's `motion:`; rules (rules.go) choose one for every other icon.
type Choreography struct {
	// Motion is a name of the vocabulary: spin, swing, beat, nudge, shake, mark, write, pop, bounce,
	// float, sequence, lift, tilt, open, blink, tick, fill or drive.
	Motion string `yaml:"name"`
	// Parts are the SVG elements that move, numbered from 1 in document order; none means all. For
	// sequence they are listed in the order they light up.
	Parts []int `yaml:"parts,omitempty"`
	// Pivot is the point, in icon units (the 24×24 grid), that the parts turn or grow about.
	Pivot []float64 `yaml:"pivot,omitempty"`
	// Direction is where the parts move: up, down, left, right, up-left, up-right, down-left, down-right;
	// for turning motions (spin, swing, tick) cw or ccw; for fill, the way a level rises (none: from inside);
	// for open, the edge its hinge is on (up, down, left or right).
	Direction string `yaml:"direction,omitempty"`
	// Amplitude is how far: icon units for moves, degrees for turns, percent for scales and fades.
	Amplitude float64 `yaml:"amplitude,omitempty"`
	// Lag are moving parts that play the motion a few frames behind the others and a little further, as
	// a bell's clapper trails its swing; none means the clapper a swing finds (secondary.go).
	Lag []int `yaml:"lag,omitempty"`
}

// move is a choreography resolved against a drawing: every parameter known and checked.
type move struct {
	def    *definition
	parts  []int     // 0-based, in order; every part when the choreography named none
	moving []bool    // by part
	pivot  svg.Point // icon units
	dir    svg.Point // unit vector on the canvas (y down), or (±1, 0) for turning motions
	amp    float64   // fitted to the room the drawing leaves (room.go)
	given  bool      // the choreography gave the amplitude: no small-part gain
	// voices are the ways the moving parts play the motion, the main one first; voiceOf gives each
	// part's (secondary.go).
	voices  []voice
	voiceOf []int
	lag     int // frames the keys are played late: the move as a trailing voice plays it (voiced)
	// fig is the drawing the move moves, whose parts the indexes above count: the icon's, but with a
	// clock's hands drawn as one path split apart (hands.go); elements gives the SVG element (from 0)
	// of each of its parts.
	fig      Figure
	elements []int
	// fill is the filled shape a fill motion grows (fill.go); nil for other motions.
	fill Figure
	// rolls is the radius of the wheels the move turns as it shifts them (a wheel's voice, wheels.go); 0
	// for every other part.
	rolls float64
}

var directions = map[string]svg.Point{
	"up": {X: 0, Y: -1}, "down": {X: 0, Y: 1}, "left": {X: -1, Y: 0}, "right": {X: 1, Y: 0},
	"up-left": {X: -math.Sqrt2 / 2, Y: -math.Sqrt2 / 2}, "up-right": {X: math.Sqrt2 / 2, Y: -math.Sqrt2 / 2},
	"down-left": {X: -math.Sqrt2 / 2, Y: math.Sqrt2 / 2}, "down-right": {X: math.Sqrt2 / 2, Y: math.Sqrt2 / 2},
}

// Names lists the motions of the vocabulary in alphabetical order.
func Names() []string {
	names := make([]string, 0, len(vocabulary))
	for n := range vocabulary {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Check reports whether c fits a drawing of the given number of parts, naming the field at fault.
func (c Choreography) Check(parts int) error {
	_, err := c.resolve(make(Figure, parts))
	return err
}

// resolve fills c's defaults from the drawing and checks every field.
func (c Choreography) resolve(fig Figure) (move, error) {
	def, ok := vocabulary[c.Motion]
	if !ok || c.Motion == "draw" {
		return move{}, fmt.Errorf("motion %q: want one of %s", c.Motion, strings.Join(slices.DeleteFunc(Names(), func(n string) bool { return n == "draw" }), ", "))
	}
	m := move{def: def, moving: make([]bool, len(fig)), amp: def.amp, elements: make([]int, len(fig))}
	for i := range m.elements {
		m.elements[i] = i
	}
	if err := m.chooseParts(c.Parts, fig); err != nil {
		return move{}, err
	}
	if instead, ok := c.unfit(m, fig); ok {
		return instead.resolve(fig)
	}
	if err := m.chooseAmplitude(c.Amplitude, fig); err != nil {
		return move{}, err
	}
	var err error
	if m.dir, err = def.direction(c.Direction); err != nil {
		return move{}, err
	}
	if def.fills && len(fig) > 0 && len(fig[0].Contours) > 0 {
		var from svg.Point
		var ok bool
		if m.fill, from, ok = m.fillShape(fig); !ok {
			// nothing closed to fill (an open stroke, a ring): the parts pop instead
			return Choreography{Motion: "pop", Parts: c.Parts}.resolve(fig)
		}
		if len(c.Pivot) == 0 {
			c.Pivot = []float64{from.X, from.Y}
		}
	}
	if err := m.choosePivot(c.Pivot, fig); err != nil {
		return move{}, err
	}
	if err := m.chooseVoices(c.Lag, fig); err != nil {
		return move{}, err
	}
	intended := m.amp
	if m.amp = m.fitted(m.fig); m.amp < minRoom*intended || (def.fullTurn() && m.amp < intended) {
		// no room to move: the parts draw on again where they are
		redo := Choreography{Motion: "mark", Parts: c.Parts}
		if len(m.parts) == len(m.fig) {
			redo = Choreography{Motion: "write"}
		}
		return redo.resolve(fig)
	}
	if def.redraws() && len(m.parts) == len(m.fig) {
		m.amp = min(m.amp, wholeRedraw) // never blank
	}
	return m, nil
}

// minRoom is the least share of its amplitude a motion may lose to the room the drawing leaves: below
// it the motion no longer reads, and the parts redraw instead.
const minRoom = 0.35

// chooseParts sets the parts that move: those listed (numbered from 1), or the motion's default ones.
func (m *move) chooseParts(listed []int, fig Figure) error {
	for _, p := range listed {
		if p < 1 || p > len(fig) {
			return fmt.Errorf("parts: %d is not an element of this icon (it has %d, numbered from 1)", p, len(fig))
		}
		if m.moving[p-1] {
			return fmt.Errorf("parts: %d is listed twice", p)
		}
		m.moving[p-1] = true
		m.parts = append(m.parts, p-1)
	}
	if len(listed) > 0 {
		return nil
	}
	for _, i := range m.def.defaultParts(fig) {
		m.moving[i] = true
		m.parts = append(m.parts, i)
	}
	if m.def.perPart && len(fig) > 0 && len(fig[0].Contours) > 0 && len(m.parts) > 0 {
		// Without an order, the largest part stays lit as the frame the others light up in (a chart's
		// axes, not one of its dots).
		largest := slices.MaxFunc(m.parts, func(a, b int) int {
			return cmp.Compare(fig.bounds([]int{a}).diagonal(), fig.bounds([]int{b}).diagonal())
		})
		m.parts = append([]int{largest}, slices.DeleteFunc(slices.Clone(m.parts), func(i int) bool { return i == largest })...)
	}
	return nil
}

// chooseAmplitude sets how far the parts move: the amplitude given, or the motion's, grown for small parts.
func (m *move) chooseAmplitude(amp float64, fig Figure) error {
	def := m.def
	if amp == 0 {
		m.amp = def.gained(fig.bounds(m.parts))
		return nil
	}
	if amp < 0 || amp > def.maxAmp {
		return fmt.Errorf("amplitude: %g is outside 0–%g %s for %s", amp, def.maxAmp, def.unit, def.name)
	}
	if def.whole > 0 && math.Mod(amp, def.whole) != 0 {
		return fmt.Errorf("amplitude: %g is not a multiple of %g %s, which %s needs for every hand to end where it started",
			amp, def.whole, def.unit, def.name)
	}
	m.amp, m.given = amp, true
	return nil
}

// gained is the motion's amplitude for moving parts of box b: its default, grown for small parts.
func (d *definition) gained(b box) float64 {
	return min(d.maxAmp, d.amp*d.smallPartGain(b))
}

// choosePivot sets the point the parts turn or scale about: the one given, in icon units, or the motion's.
func (m *move) choosePivot(pivot []float64, fig Figure) error {
	switch {
	case len(pivot) == 2:
		if pivot[0] < -Size || pivot[0] > 2*Size || pivot[1] < -Size || pivot[1] > 2*Size {
			return fmt.Errorf("pivot: %v is too far off the %d×%d grid", pivot, Size, Size)
		}
		m.pivot = svg.Point{X: pivot[0], Y: pivot[1]}
	case len(pivot) != 0:
		return fmt.Errorf("pivot: want [x, y] in icon units, got %v", pivot)
	default:
		m.pivot = m.defaultPivot(fig)
	}
	return nil
}

// smallPartGain is how much more a motion moves parts smaller than most of the grid, so that a badge's
// pop, an arrow's nudge or a glyph's swing still reads at icon size (24 px): scales grow up to three
// and a half times as much (up to the limit), moves and swings twice. Full turns (spin, tick) need no help.
func (d *definition) smallPartGain(b box) float64 {
	size := math.Max(b.max.X-b.min.X, b.max.Y-b.min.Y) + StrokeWidth
	if len(d.tracks) == 0 || size <= StrokeWidth { // no drawing known (Check), or nothing to move
		return 1
	}
	gain := func(most, full float64) float64 { return math.Min(most, math.Max(1, full/size)) }
	switch d.tracks[0].prop {
	case grow:
		return gain(4, 32)
	case shift:
		return gain(2, 14)
	case turn:
		if d.amp < 180 {
			return gain(2, 12)
		}
	}
	return 1
}

func (d *definition) direction(name string) (svg.Point, error) {
	if name == "" {
		name = d.dir
	}
	switch {
	case name == "":
		return svg.Point{}, nil
	case d.dir == "" && !d.fills:
		return svg.Point{}, fmt.Errorf("direction: %s has no direction (got %q)", d.name, name)
	case d.turns && name == "cw":
		return svg.Point{X: 1}, nil
	case d.turns && name == "ccw":
		return svg.Point{X: -1}, nil
	case d.turns:
		return svg.Point{}, fmt.Errorf("direction: %s turns cw or ccw (got %q)", d.name, name)
	}
	if v, ok := directions[name]; ok && (d.pivot != pivotEdge || v.X == 0 || v.Y == 0) {
		return v, nil
	}
	if d.pivot == pivotEdge {
		return svg.Point{}, fmt.Errorf("direction: %s closes toward one edge, up, down, left or right (got %q)", d.name, name)
	}
	return svg.Point{}, fmt.Errorf("direction: want up, down, left, right, up-left, up-right, down-left or down-right (got %q)", name)
}

// defaultParts are the parts a motion moves when a choreography names none: every part, except that a
// clock (tick) moves its hands (isHand) about the centre of its face (the part with the largest box), so
// numerals and badges stay upright and still; none when it has none.
func (d *definition) defaultParts(fig Figure) []int {
	parts := make([]int, len(fig))
	for i := range parts {
		parts[i] = i
	}
	if d.pivot != pivotStill || len(fig) < 2 || len(fig[0].Contours) == 0 {
		return parts
	}
	face := largestStill(fig, make([]bool, len(fig)))
	if face < 0 { // no part has an area (dots, straight strokes): no face to turn about
		return nil
	}
	hub := faceCentre(fig, face)
	return slices.DeleteFunc(parts, func(i int) bool { return i == face || !isHand(fig, i, hub) })
}

// faceCentre is the centre of the least circle round a part: a clock face's, even where a badge cuts
// its ring open.
func faceCentre(fig Figure, face int) svg.Point {
	c, _ := enclosingCircle(inkOf(fig, []int{face}).points)
	return c
}

// unfit is the choreography to play instead of c when the drawing has nothing for c's motion to move as
// it means to (m holds the parts c chose), and whether there is one.
func (c Choreography) unfit(m move, fig Figure) (Choreography, bool) {
	drawn := len(fig) > 0 && len(fig[0].Contours) > 0 // a drawing known (Check passes none)
	switch {
	case len(m.parts) == 0 && m.def.pivot == pivotStill && len(fig) > 0:
		// a clock without hands (a duration's numerals on a dial) redraws its dial: nothing turns a numeral;
		// a drawing with no face at all redraws whole
		var dialParts []int
		if face := largestStill(fig, m.moving); face >= 0 {
			dialParts = numbered(dial(fig, face))
		}
		return Choreography{Motion: "mark", Parts: dialParts}, true
	case m.def.perPart && len(m.parts) < 2 && drawn:
		// One part cannot light up after another: it pops instead, or hops if it is a dot (wifi-0), which
		// does not grow when its stroke keeps its width.
		if fig.bounds(m.parts).diagonal() < 4 {
			return Choreography{Motion: "bounce", Parts: c.Parts}, true
		}
		return Choreography{Motion: "pop", Parts: c.Parts, Pivot: c.Pivot}, true
	case m.def.rolls && drawn && len(m.wheels(fig)) == 0:
		// nothing to roll on (a plane, a boat): it nudges the way it goes
		return Choreography{Motion: "nudge", Parts: c.Parts, Direction: c.Direction, Amplitude: c.Amplitude}, true
	}
	return Choreography{}, false
}

// largestStill is the part that does not move with the largest box (a clock's face), or -1.
func largestStill(fig Figure, moving []bool) int {
	face, area := -1, 0.0
	for i := range fig {
		b := fig.bounds([]int{i})
		if a := (b.max.X - b.min.X) * (b.max.Y - b.min.Y); !moving[i] && a > area {
			face, area = i, a
		}
	}
	return face
}

// fullTurn reports whether the motion turns its parts all the way round (spin, tick), so that it
// needs the room of a circle, and a smaller amplitude would not say the same.
func (d *definition) fullTurn() bool { return d.turns && d.amp >= 360 }

func (m move) defaultPivot(fig Figure) svg.Point {
	if len(fig) == 0 || len(fig[0].Contours) == 0 {
		return svg.Point{X: Size / 2, Y: Size / 2} // a drawing not known yet (Check)
	}
	b := fig.bounds(m.parts)
	switch {
	case m.def.fullTurn() && m.def.pivot == pivotCenter:
		// a wheel turns about its hub: the centre of the least circle round it, which for a circular
		// arrow is its arc's centre, not the centre of a box its head makes lopsided
		c, _ := enclosingCircle(inkOf(fig, m.parts).points)
		return c
	case m.def.pivot == pivotTop:
		return svg.Point{X: (b.min.X + b.max.X) / 2, Y: b.min.Y}
	case m.def.pivot == pivotBottom:
		return svg.Point{X: (b.min.X + b.max.X) / 2, Y: b.max.Y}
	case m.def.pivot == pivotHinge && m.dir.X < 0: // turning ccw, the right end rises: hinged on the left
		return svg.Point{X: b.min.X, Y: b.max.Y}
	case m.def.pivot == pivotHinge:
		return svg.Point{X: b.max.X, Y: b.max.Y}
	case m.def.pivot == pivotEdge:
		c := b.center()
		return svg.Point{X: c.X + m.dir.X*(b.max.X-b.min.X)/2, Y: c.Y + m.dir.Y*(b.max.Y-b.min.Y)/2}
	case m.def.pivot == pivotStill:
		// the hands turn about the face's centre
		if face := largestStill(fig, m.moving); face >= 0 {
			return faceCentre(fig, face)
		}
	}
	return b.center()
}
