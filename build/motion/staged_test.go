package motion

import (
	"slices"
	"testing"

	"github.com/iconlib/iconlib/build/internal/lottie"
	"github.com/iconlib/iconlib/internal/catalog"
)

// copyIcon, check and search are Tabler's drawings.
func copyIcon(t *testing.T) Figure {
	return Figure{
		pathPart(t, "M7 9.667a2.667 2.667 0 0 1 2.667 -2.667h8.666a2.667 2.667 0 0 1 2.667 2.667v8.666a2.667 2.667 0 0 1 -2.667 2.667h-8.666a2.667 2.667 0 0 1 -2.667 -2.667l0 -8.666"),
		pathPart(t, "M4.012 16.737a2.005 2.005 0 0 1 -1.012 -1.737v-10c0 -1.1 .9 -2 2 -2h10c.75 0 1.158 .385 1.5 1"),
	}
}

func check(t *testing.T) Figure { return Figure{pathPart(t, "M5 12l5 5l10 -10")} }

func search(t *testing.T) Figure {
	return Figure{pathPart(t, "M3 10a7 7 0 1 0 14 0a7 7 0 1 0 -14 0"), pathPart(t, "M21 21l-6 -6")}
}

// stateNamed is a's state of that name (the zero state without one).
func stateNamed(a Animation, name string) catalog.State {
	if i := slices.IndexFunc(a.States, func(s catalog.State) bool { return s.Name == name }); i >= 0 {
		return a.States[i]
	}
	return catalog.State{}
}

// drawingsAt is what a file shows at frame f of two drawings: how much of from's contours and of to's its
// trims draw (percent, the mean over each drawing's contours, 0 for one not drawn), and how many of the
// paths it draws are neither drawing's own, shapes in between.
func drawingsAt(a lottie.Animation, f int, from, to Figure) (out, in float64, between int) {
	mine, theirs := still(from), still(to)
	shares := func(own [][][2]float64, path [][2]float64, drawn float64) float64 {
		for _, c := range own {
			if apart([][][2]float64{path}, [][][2]float64{c}) < 0.01 {
				return drawn / float64(len(own))
			}
		}
		return -1
	}
	walk(a.Layers[0].Shapes, float64(f), identity, 1, func(paths [][][2]float64, _, drawn float64) {
		for _, p := range paths {
			if s := shares(mine, p, drawn); s >= 0 {
				out += s
			} else if s := shares(theirs, p, drawn); s >= 0 {
				in += s
			} else {
				between++
			}
		}
	})
	return out, in, between
}

// TestUnrelatedDrawingsMorphByStages: copy → check and search → x have little in common, so they pass
// through no shapes in between (no frame, the middle one included, draws a path that is not one of the
// two drawings' own: only trims move). On the way there the icon's strokes rewind and the target's draw
// on: the icon is wholly gone before the target is whole, and no two frames running show less than a
// tenth of either. The way back is the same the other way round. menu-2 → x, whose lines have
// counterparts, stays a shape morph: its middle frame is an in-between shape.
func TestUnrelatedDrawingsMorphByStages(t *testing.T) {
	const faint, blankRun = 10.0, 2 // percent of a drawing; frames
	for _, c := range []struct {
		name string
		fig  Figure
		to   Target
	}{
		{"copy", copyIcon(t), Target{ID: "check", Outline: check(t)}},
		{"search", search(t), Target{ID: "x", Outline: cross(t)}},
	} {
		a, err := Animate(Icon{Name: c.name, Outline: c.fig, Motion: Choreography{Motion: "pop"}, Morphs: []Target{c.to}})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		for _, way := range []struct {
			s        catalog.State
			from, to Figure
		}{{stateNamed(a, catalog.MorphInto(c.to.ID)), c.fig, c.to.Outline}, {stateNamed(a, catalog.MorphBack(c.to.ID)), c.to.Outline, c.fig}} {
			what := c.name + " " + way.s.Name
			gone, whole, faintFor := -1, -1, 0
			for f := way.s.StartFrame; f <= way.s.EndFrame; f++ {
				out, in, between := drawingsAt(a.Outline, f, way.from, way.to)
				if between > 0 {
					t.Errorf("%s: frame %d (%d%% through) draws %d paths between the two drawings", what, f, 100*(f-way.s.StartFrame)/(way.s.EndFrame-way.s.StartFrame), between)
				}
				if out == 0 && gone < 0 {
					gone = f
				}
				if in == 100 && whole < 0 {
					whole = f
				}
				if faintFor = faintFor + 1; max(out, in) >= faint {
					faintFor = 0
				}
				if faintFor > blankRun {
					t.Errorf("%s: frames %d–%d show under %.0f%% of either drawing", what, f-faintFor+1, f, faint)
				}
			}
			if gone < 0 || whole < 0 || gone >= whole {
				t.Errorf("%s: the icon it leaves is gone from frame %d, the one it becomes whole from %d: want the one before the other", what, gone, whole)
			}
		}
	}
	a, err := Animate(Icon{Name: "menu-2", Outline: menu(t), Motion: Choreography{Motion: "sequence"}, Morphs: []Target{{ID: "x", Outline: cross(t)}}})
	if err != nil {
		t.Fatal(err)
	}
	s := stateNamed(a, "morph-x")
	if _, _, between := drawingsAt(a.Outline, (s.StartFrame+s.EndFrame)/2, menu(t), cross(t)); between == 0 {
		t.Errorf("menu-2 → x: the middle frame draws only menu-2's and x's own paths, want a shape morph")
	}
}
