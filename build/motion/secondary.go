package motion

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/iconlib/iconlib/build/internal/svg"
)

// Secondary motion: parts that play the signature against the others, as the paid icon sets draw it. A
// bell's clapper swings a few frames behind its body and a little further, so it trails the swing and
// catches up (overlapping action); a spinner's arc shortens and grows again as it turns; a clock's hour
// hand goes round at half the minute hand's speed (hands.go). Each way of playing the motion is a voice,
// and the parts of a voice sit in a group of their own whose transform plays it.

// voice is how a set of moving parts plays the motion: the main parts at the amplitude and on time, others
// further or less far, or later.
type voice struct {
	gain float64 // share of the amplitude
	lag  int     // frames behind the main parts, made up by the end of each gesture
	// breath shortens and lengthens the parts' trim as they move (breathKeys); nil: they stay whole
	breath *breath
	// hub and radius make each part of the voice a wheel that rolls as the move shifts it (wheels.go)
	hub    svg.Point
	radius float64
	// says is the record's sentence about the voice, %s naming its parts ("part 2"); empty for the main voice.
	says string
}

var (
	mainVoice = voice{gain: 1}
	// clapperVoice trails a swing by four frames (a fifteenth of a second) and swings a quarter further.
	clapperVoice = voice{gain: 1.25, lag: 4,
		says: "Its clapper (%s) swings a few frames behind the rest and a little further, then catches up."}
	// breathVoice is a spinner's arc, which shortens and grows again as it turns.
	breathVoice = voice{gain: 1, breath: &spinnerBreath,
		says: "As it turns, the tail of each arc (%s) catches up on its head and falls back, so the arc shortens and grows again, like a spinner's."}
)

// voiced is the move as the parts of voice v play it.
func (m move) voiced(v voice) move {
	m.amp *= v.gain
	m.lag = v.lag
	if v.radius > 0 {
		m.pivot, m.rolls = v.hub, v.radius
	}
	return m
}

// lagged is g played lag frames late within a state that moves for the given frames, arriving on time:
// its first pose held for lag frames, each later key moved by a share of them that shrinks to nothing at
// the end, so a hover still ends, and a loop still rests, on the still icon.
func (g gesture) lagged(lag, frames int) gesture {
	if lag <= 0 || frames <= lag {
		return g
	}
	d := float64(lag) / float64(frames)
	out := gesture{g[0], {d, g[0].v, g[0].e}}
	for _, k := range g[1:] {
		out = append(out, key{d + k.u*(1-d), k.v, k.e})
	}
	return out
}

// chooseVoices sets how each moving part plays the motion, and the drawing the move moves: the parts
// that trail (trailing) play clapperVoice, a spinner's arcs breathVoice, a clock's hands, split apart
// where one path draws two (splitHands), their own speeds (hourVoice), a vehicle's wheels each a voice
// that turns about its own hub (wheels.go), and every other part the main voice.
func (m *move) chooseVoices(lag []int, fig Figure) error {
	m.voices, m.voiceOf = []voice{mainVoice}, make([]int, len(fig))
	trailing, err := m.trailing(lag, fig)
	if err != nil {
		return err
	}
	m.give(clapperVoice, trailing)
	m.give(breathVoice, m.spinnerArcs(fig))
	m.fig = m.splitHands(fig)
	m.give(hourVoice, m.hourHands(m.fig))
	for _, w := range m.wheels(m.fig) {
		m.give(w.voice(), []int{w.part})
	}
	return nil
}

// give has parts play voice v; without parts, v is not added.
func (m *move) give(v voice, parts []int) {
	if len(parts) == 0 {
		return
	}
	m.voices = append(m.voices, v)
	for _, i := range parts {
		m.voiceOf[i] = len(m.voices) - 1
	}
}

// trailing are the parts that trail the others: those listed to lag (numbered from 1, each a moving part,
// not all of them), or else the clapper a swing finds.
func (m *move) trailing(lag []int, fig Figure) ([]int, error) {
	listed := make([]bool, len(fig))
	var parts []int
	for _, p := range lag {
		switch {
		case m.def.redraws() || m.def.perPart:
			return nil, fmt.Errorf("lag: %s moves nothing that can trail", m.def.name)
		case p < 1 || p > len(fig) || !m.moving[p-1]:
			return nil, fmt.Errorf("lag: %d is not a moving part of this icon", p)
		case listed[p-1]:
			return nil, fmt.Errorf("lag: %d is listed twice", p)
		}
		listed[p-1] = true
		parts = append(parts, p-1)
	}
	if len(parts) > 0 && len(parts) == len(m.parts) {
		return nil, fmt.Errorf("lag: %v are every moving part; some must lead for the others to trail", lag)
	}
	if len(lag) == 0 {
		if i, ok := clapper(fig, *m); ok {
			parts = []int{i}
		}
	}
	return parts, nil
}

// clapper finds a swing's clapper: of the moving parts, the smallest that hangs from the rim of the
// body (the largest moving part, hung from a pivot above its centre), within the body's width, at most
// half its size, and neither a line nor a dot (a lamp's pole, a pendulum's bob, which hang from a point
// and would come apart from it, do not trail). ok is false when there is none.
func clapper(fig Figure, m move) (part int, ok bool) {
	if m.def.pivot != pivotTop || len(m.parts) < 2 || len(fig[0].Contours) == 0 {
		return 0, false
	}
	body := m.parts[0]
	for _, i := range m.parts {
		if fig.bounds([]int{i}).diagonal() > fig.bounds([]int{body}).diagonal() {
			body = i
		}
	}
	bb := fig.bounds([]int{body})
	if m.pivot.Y >= bb.center().Y {
		return 0, false // swung from below (an alarm clock rocking on its feet): nothing hangs
	}
	for _, i := range m.parts {
		b := fig.bounds([]int{i})
		hangs := math.Abs(b.min.Y-bb.max.Y) <= 0.5 && b.min.X >= bb.min.X && b.max.X <= bb.max.X
		solid := b.max.X-b.min.X >= StrokeWidth && b.max.Y-b.min.Y >= StrokeWidth
		if i != body && hangs && solid && b.diagonal() <= bb.diagonal()/2 &&
			(!ok || b.diagonal() < fig.bounds([]int{part}).diagonal()) {
			part, ok = i, true
		}
	}
	return part, ok
}

// voiceParts lists the moving parts of each voice, by voice.
func (m move) voiceParts() [][]int {
	parts := make([][]int, len(m.voices))
	for _, i := range m.parts {
		parts[m.voiceOf[i]] = append(parts[m.voiceOf[i]], i)
	}
	return parts
}

// voiceSentences are the record's words on the voices other than the main one, one sentence for the parts
// of every voice that says the same (a vehicle's wheels, each a voice about its own hub), naming them.
func (m move) voiceSentences() string {
	var says []string
	parts := map[string][]int{}
	for v, ps := range m.voiceParts() {
		s := m.voices[v].says
		if s == "" || len(ps) == 0 {
			continue
		}
		if _, ok := parts[s]; !ok {
			says = append(says, s)
		}
		parts[s] = append(parts[s], ps...)
	}
	out := make([]string, len(says))
	for i, s := range says {
		slices.Sort(parts[s])
		out[i] = fmt.Sprintf(s, partNames(m.elementNumbers(parts[s])))
	}
	return strings.Join(out, " ")
}

// elementNumbers gives parts of the move's drawing the numbers of the SVG elements they come from,
// counted from 1, once each: a clock's two hands drawn as one path are one element.
func (m move) elementNumbers(parts []int) []int {
	nums := make([]int, 0, len(parts))
	for _, i := range parts {
		if n := m.elements[i] + 1; len(nums) == 0 || nums[len(nums)-1] != n {
			nums = append(nums, n)
		}
	}
	return nums
}

// partNames names parts by their numbers: "part 2", "parts 2 and 3", "parts 1, 2 and 4".
func partNames(nums []int) string {
	if len(nums) == 1 {
		return fmt.Sprintf("part %d", nums[0])
	}
	words := make([]string, len(nums))
	for i, n := range nums {
		words[i] = fmt.Sprint(n)
	}
	return "parts " + strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// spinnerArcs are the moving parts of a spin that are a spinner's arc: stroked and unfilled (only a
// stroke is trimmed), one open contour on a circle about the pivot, covering at least half of it and
// short of all of it (loader-2's three quarters; not a ring, not a dash of a dashed circle, not an arrow
// whose head is a second contour).
func (m move) spinnerArcs(fig Figure) []int {
	if !m.def.fullTurn() || m.def.pivot != pivotCenter || len(fig[0].Contours) == 0 {
		return nil
	}
	var arcs []int
	for _, i := range m.parts {
		p := fig[i]
		if !p.Paint.Stroke || p.Paint.Fill || len(p.Contours) != 1 || p.Contours[0].Closed {
			continue
		}
		r, ok := onCircle(inkOf(fig, []int{i}).points, m.pivot)
		if share := length(sample(p.Contours[0])) / (2 * math.Pi * r); ok && share >= 0.5 && share < 0.95 {
			arcs = append(arcs, i)
		}
	}
	return arcs
}

// onCircle is the radius of the circle about c that points lie on; ok is false when they lie on none
// (within a quarter of a unit), or on one too small to be an arc (a dot; a radius of a stroke's width,
// which a circle drawn with arcs samples a hair inside, is not).
func onCircle(points []svg.Point, c svg.Point) (r float64, ok bool) {
	lo, hi := math.Inf(1), 0.0
	for _, p := range points {
		lo, hi = math.Min(lo, distance(p, c)), math.Max(hi, distance(p, c))
	}
	return hi, hi-lo <= 0.25 && hi >= StrokeWidth-0.01
}

// breath is how a voice's trim shortens its parts as they move: by depth percent of their length, as
// its gestures say.
type breath struct {
	depth       float64
	hover, loop gesture
}

// spinnerBreath shortens a spinner's arc to 40%, still an arc, once a turn: once in hover, twice in the
// loop (two turns).
var spinnerBreath = breath{depth: 60,
	hover: gesture{{0, 0, smooth}, {0.5, 1, smooth}, {1, 0, steady}},
	loop:  gesture{{0, 0, smooth}, {0.25, 1, smooth}, {0.5, 0, smooth}, {0.75, 1, smooth}, {1, 0, steady}}}

// breathKeys are the trim keys, in the signature's states, of a unit whose voice breathes (a spinner's
// arc, a rolling wheel): its tail, the end the turn draws away from, catches up on its head, shortening
// it by the breath's depth, and falls back. They key the trim's end when the path runs against the turn
// (its end is its tail), else its start; none for other units.
func (m move) breathKeys(u unit, fig Figure, t timeline) (end, start []timedValue) {
	b := m.voices[u.voice].breath
	if !u.moving || b == nil {
		return nil, nil
	}
	tail := func(v float64) []float64 { return []float64{b.depth * v} }
	keys := append(place(b.loop, t.loop, tail), place(b.hover, t.hover.moving(), tail)...)
	if m.voiced(m.voices[u.voice]).runsWithTurn(fig[u.parts[0]].Contours[0]) {
		return nil, keys
	}
	for i := range keys {
		keys[i].value = []float64{100 - keys[i].value[0]}
	}
	return keys, nil
}

// runsWithTurn reports whether contour c runs round the pivot the way the move turns it (clockwise on
// screen for cw), so that its end leads and its start trails.
func (m move) runsWithTurn(c svg.Contour) bool {
	a, b := c.Start, c.Segments[0].P3
	cross := (a.X-m.pivot.X)*(b.Y-m.pivot.Y) - (a.Y-m.pivot.Y)*(b.X-m.pivot.X)
	return (cross > 0) == (m.dir.X > 0)
}
