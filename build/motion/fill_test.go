package motion

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/iconlib/iconlib/build/internal/lottie"
	"github.com/iconlib/iconlib/build/internal/svg"
)

const (
	tablerHeart   = "M19.5 12.572l-7.5 7.428l-7.5 -7.428a5 5 0 1 1 7.5 -6.566a5 5 0 1 1 7.5 6.572"
	tablerBattery = "M6 7h11a2 2 0 0 1 2 2v.5a.5 .5 0 0 0 .5 .5a.5 .5 0 0 1 .5 .5v3a.5 .5 0 0 1 -.5 .5a.5 .5 0 0 0 -.5 .5v.5a2 2 0 0 1 -2 2h-11a2 2 0 0 1 -2 -2v-6a2 2 0 0 1 2 -2"
)

// fillsAt are the points on screen of every path a file fills (groups without a stroke) at frame f.
func fillsAt(a lottie.Animation, f float64) [][2]float64 {
	var out [][2]float64
	walk(a.Layers[0].Shapes, f, identity, 1, func(paths [][][2]float64, width, _ float64) {
		if width == 0 {
			out = append(out, slices.Concat(paths...)...)
		}
	})
	return out
}

// spread is the box round points: its width and height.
func spread(points [][2]float64) (w, h float64, lo [2]float64) {
	lo, hi := [2]float64{math.Inf(1), math.Inf(1)}, [2]float64{math.Inf(-1), math.Inf(-1)}
	for _, p := range points {
		lo = [2]float64{math.Min(lo[0], p[0]), math.Min(lo[1], p[1])}
		hi = [2]float64{math.Max(hi[0], p[0]), math.Max(hi[1], p[1])}
	}
	return hi[0] - lo[0], hi[1] - lo[1], lo
}

// TestTheHeartFillsFromInside: on hover the heart's outline stays still while a fill of its shape grows
// from a point inside it to the whole heart and drains away: nothing at hover's start and end nor at the
// loop's ends, the whole heart mid-hover, never outside the outline (TestNoFillIsTrimmed: nor trimmed).
// The filled heart, full already, pops, and its record says so.
func TestTheHeartFillsFromInside(t *testing.T) {
	heart := Figure{pathPart(t, tablerHeart)}
	filled := Figure{{Paint: Paint{Fill: true, Opacity: 1}, Contours: heart[0].Contours}}
	a, err := Animate(Icon{Name: "heart", Outline: heart, Filled: filled, Motion: Choreography{Motion: "fill"}})
	if err != nil {
		t.Fatal(err)
	}
	if trs, _, _ := movingGroups(a.Outline); len(trs) != 1 || trs[0].Scale == nil || trs[0].Rotation != nil {
		t.Fatalf("%d moving groups, want one: the fill's, scaling", len(trs))
	}
	for _, f := range []float64{0, 40, 41, 160, 161, 199} {
		if got := fillsAt(a.Outline, f); len(got) > 0 {
			if w, h, _ := spread(got); w > 0.01 || h > 0.01 {
				t.Errorf("frame %v: a fill %.2f×%.2f units shows, want none: the still outline", f, w, h)
			}
		}
	}
	inside := newArea(Figure{{Paint: Paint{Fill: true}, Contours: heart[0].Contours}})
	whole := 0.0
	for f := 161.0; f <= 199; f++ {
		for _, p := range fillsAt(a.Outline, f) {
			if q := (svg.Point{X: p[0], Y: p[1]}); !inside.covers(q) && toPolyline(q, traced(heart[0].Contours[0])) > 0.05 {
				t.Fatalf("frame %v: the fill reaches %v, outside the heart", f, p)
			}
		}
		w, h, _ := spread(fillsAt(a.Outline, f))
		whole = math.Max(whole, w*h)
	}
	var outline [][2]float64
	for _, p := range traced(heart[0].Contours[0]) {
		outline = append(outline, [2]float64{p.X, p.Y})
	}
	if w, h, _ := spread(outline); whole < 0.98*w*h {
		t.Errorf("the fill covers at most %.1f square units of the heart's box, want all of it", whole)
	}
	if a.Motions[1].Name != "fill" || !strings.Contains(a.Motions[1].Description, "outline stays still") {
		t.Errorf("the record says %+v, want the fill and that the outline stays", a.Motions[1])
	}
	if a.States[0].FilledMotion != "pop" {
		t.Errorf("the filled file plays %q, want it named: pop", a.States[0].FilledMotion)
	}
}

// TestTheBatteryLevelRises: with a direction the fill is a level: a box inside Tabler's battery, a unit
// clear of its stroke, rising from its left end to its right, and whole mid-hover.
func TestTheBatteryLevelRises(t *testing.T) {
	a, err := Animate(Icon{Name: "battery", Outline: Figure{pathPart(t, tablerBattery)}, Motion: Choreography{Motion: "fill", Direction: "right"}})
	if err != nil {
		t.Fatal(err)
	}
	var widths []float64
	for _, f := range []float64{163, 166, 170, 180} {
		w, h, lo := spread(fillsAt(a.Outline, f))
		if math.Abs(lo[0]-6) > 0.01 || math.Abs(lo[1]-9) > 0.01 || math.Abs(h-6) > 0.01 {
			t.Errorf("frame %v: the level is %.2f×%.2f from %v, want it against the left end (6, 9) and 6 high", f, w, h, lo)
		}
		widths = append(widths, w)
	}
	if !slices.IsSorted(widths) || widths[0] > 5 || math.Abs(widths[len(widths)-1]-11) > 0.01 {
		t.Errorf("the level's widths %v, want it rising to 11 units (6–17, clear of the end)", widths)
	}
	if d := a.Motions[1]; d.Direction != "right" || !slices.Equal(d.Pivot, []float64{6, 12}) {
		t.Errorf("the record says %+v, want a level rising right from (6, 12)", d)
	}
	if got := fillsAt(a.Outline, 199); len(got) > 0 {
		if w, _, _ := spread(got); w > 0.01 {
			t.Errorf("hover ends on a level %.2f wide, want the empty battery", w)
		}
	}
}

// TestAnOpenStrokeHasNothingToFill: a fill of a drawing with no closed shape (a check mark) pops.
func TestAnOpenStrokeHasNothingToFill(t *testing.T) {
	a, err := Animate(Icon{Name: "check", Outline: Figure{pathPart(t, "M5 12l5 5l10 -10")}, Motion: Choreography{Motion: "fill"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := a.Motions[1].Name; got != "pop" {
		t.Errorf("a check mark fills as %q, want pop", got)
	}
}
