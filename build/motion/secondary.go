package motion

import (
	"fmt"
	"math"
	"strings"
)

// Secondary motion: parts that play the signature against the others, as the paid icon sets draw it. A
// bell's clapper swings a few frames behind its body and a little further, so it trails the swing and
// catches up (overlapping action). Each way of playing the motion is a voice, and the parts of a voice
// sit in a group of their own whose transform plays it.

// voice is how a set of moving parts plays the motion: the main parts at the amplitude and on time, others
// further or less far, or later.
type voice struct {
	gain float64 // share of the amplitude
	lag  int     // frames behind the main parts, made up by the end of each gesture
	// says is the record's sentence about the voice, %s naming its parts ("part 2"); empty for the main voice.
	says string
}

var (
	mainVoice = voice{gain: 1}
	// clapperVoice trails a swing by four frames (a fifteenth of a second) and swings a quarter further.
	clapperVoice = voice{gain: 1.25, lag: 4,
		says: "Its clapper (%s) swings a few frames behind the rest and a little further, then catches up."}
)

// voiced is the move as the parts of voice v play it.
func (m move) voiced(v voice) move {
	m.amp *= v.gain
	m.lag = v.lag
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

// chooseVoices sets how each moving part plays the motion: the parts that trail (trailing) play
// clapperVoice, and every other part the main voice.
func (m *move) chooseVoices(lag []int, fig Figure) error {
	m.voices, m.voiceOf = []voice{mainVoice}, make([]int, len(fig))
	trailing, err := m.trailing(lag, fig)
	if err != nil {
		return err
	}
	m.give(clapperVoice, trailing)
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

// voiceSentences are the record's words on the voices other than the main one, each naming its parts.
func (m move) voiceSentences() string {
	var out []string
	for v, parts := range m.voiceParts() {
		if m.voices[v].says == "" || len(parts) == 0 {
			continue
		}
		out = append(out, fmt.Sprintf(m.voices[v].says, partNames(numbered(parts))))
	}
	return strings.Join(out, " ")
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
