package motion

import (
	"math"
	"strings"
	"testing"

	"github.com/iconlib/iconlib/build/internal/lottie"
	"github.com/iconlib/iconlib/build/internal/svg"
	"github.com/iconlib/iconlib/internal/catalog"
)

// bellOff is Tabler's bell-off: the body with its gap, the clapper and the slash.
func bellOff(t *testing.T) Figure {
	return Figure{
		pathPart(t, "M9.346 5.353c.21 -.129 .428 -.246 .654 -.353a2 2 0 1 1 4 0a7 7 0 0 1 4 6v3m-1 3h-13a4 4 0 0 0 2 -3v-3a6.996 6.996 0 0 1 1.273 -3.707"),
		pathPart(t, "M9 17v1a3 3 0 0 0 6 0v-1"),
		pathPart(t, "M3 3l18 18"),
	}
}

func menu(t *testing.T) Figure {
	return Figure{pathPart(t, "M4 6l16 0"), pathPart(t, "M4 12l16 0"), pathPart(t, "M4 18l16 0")}
}

func cross(t *testing.T) Figure {
	return Figure{pathPart(t, "M18 6l-12 12"), pathPart(t, "M6 6l12 12")}
}

// drawnAt is what a file draws at frame f: its visible paths, as points along each.
func drawnAt(a lottie.Animation, f int) [][][2]float64 {
	var out [][][2]float64
	walk(a.Layers[0].Shapes, float64(f), identity, 1, func(paths [][][2]float64, _, _ float64) { out = append(out, paths...) })
	return out
}

// still is what a drawing looks like at rest, as drawnAt gives it.
func still(fig Figure) [][][2]float64 {
	var out [][][2]float64
	for _, p := range fig {
		for _, c := range p.Contours {
			out = append(out, onCurve(Bezier(c)))
		}
	}
	return out
}

// apart is how far two pictures are apart: the furthest any point of one lies from the lines of the other
// (both ways round), in icon units.
func apart(a, b [][][2]float64) float64 {
	furthest := func(from, to [][][2]float64) float64 {
		worst := 0.0
		for _, path := range from {
			for _, p := range path {
				nearest := math.Inf(1)
				for _, line := range to {
					for i := range line {
						nearest = math.Min(nearest, toSegment(p, line[i], line[max(i-1, 0)]))
					}
				}
				worst = math.Max(worst, nearest)
			}
		}
		return worst
	}
	if len(a) == 0 || len(b) == 0 {
		return math.Inf(1)
	}
	return math.Max(furthest(a, b), furthest(b, a))
}

func toSegment(p, a, b [2]float64) float64 {
	d := [2]float64{b[0] - a[0], b[1] - a[1]}
	u := 0.0
	if l := d[0]*d[0] + d[1]*d[1]; l > 0 {
		u = math.Max(0, math.Min(1, ((p[0]-a[0])*d[0]+(p[1]-a[1])*d[1])/l))
	}
	return distance(svg.Point{X: p[0], Y: p[1]}, svg.Point{X: a[0] + u*d[0], Y: a[1] + u*d[1]})
}

// TestEveryMorphIntoAnotherIconPlaysBack: each morph into another icon has its way back in the same file,
// right after it, with the same target: morph-<id>-back starts on the target's picture, plays the way
// there backwards frame by frame, and rests on the still icon for its last frames; neither way shares a
// frame with any other state. Shape morphs (a line without a partner), a staged morph, both ways of an
// -off toggle, and two targets beside a filled form.
func TestEveryMorphIntoAnotherIconPlaysBack(t *testing.T) {
	disc := Figure{{Paint: Paint{Fill: true, Opacity: 1}, Contours: contours(t, svg.Element{Name: "circle", Attrs: map[string]string{"cx": "12", "cy": "11", "r": "7"}})}}
	for _, ic := range []Icon{
		{Name: "menu-2", Outline: menu(t), Motion: Choreography{Motion: "sequence"}, Morphs: []Target{{ID: "x", Outline: cross(t)}}},
		{Name: "copy", Outline: copyIcon(t), Motion: Choreography{Motion: "pop"}, Morphs: []Target{{ID: "check", Outline: check(t)}}},
		{Name: "bell", Outline: bell(t), Filled: disc, Motion: Choreography{Motion: "swing"},
			Morphs: []Target{{ID: "bell-off", Outline: bellOff(t)}, {ID: "x", Outline: cross(t)}}},
		{Name: "bell-off", Outline: bellOff(t), Motion: Choreography{Motion: "mark", Parts: []int{3}}, Morphs: []Target{{ID: "bell", Outline: bell(t)}}},
	} {
		a, err := Animate(ic)
		if err != nil {
			t.Fatalf("%s: %v", ic.Name, err)
		}
		byName := map[string]catalog.State{}
		for _, s := range a.States {
			byName[s.Name] = s
		}
		for _, o := range ic.Morphs {
			there, back := byName[catalog.MorphInto(o.ID)], byName[catalog.MorphBack(o.ID)]
			what := ic.Name + " → " + o.ID
			if there.TargetIcon != o.ID || back.TargetIcon != o.ID || there.MorphsBack() || !back.MorphsBack() {
				t.Fatalf("%s: states %+v and %+v, want morph-%s and its way back, both with target_icon %s", what, there, back, o.ID, o.ID)
			}
			if back.Motion != "morph" || back.Loop || back.StartFrame != there.EndFrame+1 || back.EndFrame-back.StartFrame != there.EndFrame-there.StartFrame {
				t.Errorf("%s: back %d–%d (%s), want %d frames of morph right after %d–%d", what, back.StartFrame, back.EndFrame,
					back.Motion, there.EndFrame-there.StartFrame+1, there.StartFrame, there.EndFrame)
			}
			if !strings.Contains(back.Description, o.ID) || !strings.Contains(back.Description, "ends on the still icon") {
				t.Errorf("%s: back says %q, want where it starts and that it ends on the still icon", what, back.Description)
			}
			for _, s := range a.States {
				for _, m := range []catalog.State{there, back} {
					if s.Name != m.Name && s.StartFrame <= m.EndFrame && m.StartFrame <= s.EndFrame {
						t.Errorf("%s: %s (%d–%d) shares frames with %s (%d–%d)", what, m.Name, m.StartFrame, m.EndFrame, s.Name, s.StartFrame, s.EndFrame)
					}
				}
			}
			// A shape morph's paths are the drawings resampled every half unit and smoothed, which rounds a
			// sharp corner off by up to about half a unit (the loop atop the bell).
			const near = 0.75
			for k := range settle + 1 {
				if d := apart(drawnAt(a.Outline, there.EndFrame-k), still(o.Outline)); d > near {
					t.Errorf("%s: frame %d of the way there is %.2f units from %s", what, there.EndFrame-k, d, o.ID)
				}
				if d := apart(drawnAt(a.Outline, back.EndFrame-k), still(ic.Outline)); d > near {
					t.Errorf("%s: frame %d of the way back is %.2f units from the still %s", what, back.EndFrame-k, d, ic.Name)
				}
			}
			if d := apart(drawnAt(a.Outline, back.StartFrame), still(o.Outline)); d > near {
				t.Errorf("%s: the way back starts %.2f units from %s", what, d, o.ID)
			}
			moving := there.EndFrame - settle - there.StartFrame
			for k := 0; k <= moving; k++ {
				if d := apart(drawnAt(a.Outline, there.StartFrame+k), drawnAt(a.Outline, back.StartFrame+moving-k)); d > 0.01 {
					t.Errorf("%s: frame %d of the way back is %.2f units from frame %d there, its mirror", what, back.StartFrame+moving-k, d, there.StartFrame+k)
				}
			}
		}
	}
}

// TestMorphStatesNeedDistinctNames: a target x and a target x-back would both name a state morph-x-back.
func TestMorphStatesNeedDistinctNames(t *testing.T) {
	_, err := Animate(Icon{Name: "menu-2", Outline: menu(t), Motion: Choreography{Motion: "sequence"},
		Morphs: []Target{{ID: "x", Outline: cross(t)}, {ID: "x-back", Outline: cross(t)}}})
	if err == nil || !strings.Contains(err.Error(), "morph-x-back") {
		t.Errorf("targets x and x-back: error %v, want one naming morph-x-back", err)
	}
}
