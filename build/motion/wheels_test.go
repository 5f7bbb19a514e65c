package motion

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/iconlib/iconlib/build/internal/lottie"
)

// car is Tabler's car: two wheels and the body.
func car(t *testing.T) Figure {
	return Figure{
		pathPart(t, "M5 17a2 2 0 1 0 4 0a2 2 0 1 0 -4 0"), pathPart(t, "M15 17a2 2 0 1 0 4 0a2 2 0 1 0 -4 0"),
		pathPart(t, "M5 17h-2v-6l2 -5h9l4 5h1a2 2 0 0 1 2 2v4h-2m-4 0h-6m-6 -6h15m-6 0v-5"),
	}
}

// TestTheCarsWheelsRoll: a car drives forward and back while each wheel, riding in it, turns about its
// own hub with the distance it travels (clockwise going right), a notch opening in its tyre while it
// rolls; the body does not turn, and everything rests at hover's ends and the loop's. The record names the wheels; the
// filled car, whose wheels are discs, moves whole without turning.
func TestTheCarsWheelsRoll(t *testing.T) {
	filled := Figure{{Paint: Paint{Fill: true, Opacity: 1}, Contours: car(t)[2].Contours}}
	a, err := Animate(Icon{Name: "car", Outline: car(t), Motion: Choreography{Motion: "drive"}})
	if err != nil {
		t.Fatal(err)
	}
	both, err := Animate(Icon{Name: "car", Outline: car(t), Filled: filled, Motion: Choreography{Motion: "drive"}})
	if err != nil {
		t.Fatal(err)
	}
	body, _ := movingGroup(t, a.Outline)
	if body.Rotation != nil {
		t.Fatal("the car turns; want only its wheels to")
	}
	const hover = 161
	shifted := func(f float64) float64 { return valueAt(body.Position, f, nil)[0] - valueAt(body.Anchor, f, nil)[0] }
	if s := shifted(hover + 12); s < 1 {
		t.Errorf("the car has driven %.2f units 12 frames into hover, want it going forward", s)
	}
	wheels := turningGroups(a.Outline.Layers[0].Shapes)
	hubs := map[float64]bool{}
	for _, tr := range wheels {
		hub := valueAt(tr.Anchor, 0, nil)
		hubs[hub[0]] = true
		if hub[1] != 17 || (hub[0] != 7 && hub[0] != 17) || !slices.Equal(valueAt(tr.Position, 0, nil), hub) {
			t.Errorf("a wheel turns about %v, want its own hub, (7, 17) or (17, 17)", hub)
		}
		deg, s := valueAt(tr.Rotation, hover+12, nil)[0], shifted(hover+12)
		if want := wheelSpin * s / 2 * 180 / math.Pi; math.Abs(deg-want) > 1 {
			t.Errorf("the wheel about %v has turned %.1f° after %.2f units, want %.1f°: turning with the distance", hub, deg, s, want)
		}
		for _, f := range []float64{41, 160, 195, 199} {
			if d, s := valueAt(tr.Rotation, f, nil)[0], shifted(f); d != 0 || s != 0 {
				t.Errorf("the wheel about %v is %.1f° and %.2f units off at frame %v, want it at rest", hub, d, s, f)
			}
		}
	}
	if len(wheels) != 2 || len(hubs) != 2 {
		t.Errorf("%d groups turn about %d hubs, want both wheels, each about its own", len(wheels), len(hubs))
	}
	gaps := 0
	for _, tm := range allTrims(a.Outline.Layers[0].Shapes) {
		for _, p := range []lottie.Property{tm.Start, tm.End} {
			for _, k := range keysOf(p) {
				if k.Time > hover && k.Time < 195 && k.Start.([]float64)[0] > 0 && k.Start.([]float64)[0] < 100 {
					gaps++
				}
			}
		}
	}
	if gaps < 2 {
		t.Errorf("%d trim keys open a tyre mid-hover, want a gap in each wheel", gaps)
	}
	if d := a.Motions[1].Description; !strings.Contains(d, "wheels (parts 1 and 2) roll") {
		t.Errorf("the record says %q, want it to name the wheels, parts 1 and 2", d)
	}
	if trs, _, _ := movingGroups(*both.Filled); len(trs) != 1 || len(turningGroups(both.Filled.Layers[0].Shapes)) > 0 {
		t.Errorf("the filled car has %d moving groups, want one that only drives", len(trs))
	}
}

// turningGroups are the transforms of the groups, at any depth, whose rotation is keyed.
func turningGroups(shapes []lottie.Shape) []lottie.GroupTransform {
	var out []lottie.GroupTransform
	for _, sh := range shapes {
		if g, ok := sh.(lottie.Group); ok {
			if tr := g.Items[len(g.Items)-1].(lottie.GroupTransform); tr.Rotation != nil && tr.Rotation.Animated == 1 {
				out = append(out, tr)
			}
			out = append(out, turningGroups(g.Items)...)
		}
	}
	return out
}

// keysOf are a property's keys; none when it is static.
func keysOf(p lottie.Property) []lottie.Keyframe {
	keys, _ := p.Value.([]lottie.Keyframe)
	return keys
}

// TestOnlyWheelsRoll: a bicycle's wheels are its two big circles low down, not the rider's head; a
// vehicle with no wheels (a boat) nudges instead.
func TestOnlyWheelsRoll(t *testing.T) {
	bike := Figure{
		pathPart(t, "M2 18a3 3 0 1 0 6 0a3 3 0 0 0 -6 0"), pathPart(t, "M16 18a3 3 0 1 0 6 0a3 3 0 0 0 -6 0"),
		pathPart(t, "M12 19v-4l-3 -3l5 -4l2 3h3"), pathPart(t, "M13.007 5a2 2 0 1 0 4 0a2 2 0 1 0 -4 0"),
	}
	m, err := Choreography{Motion: "drive"}.resolve(bike)
	if err != nil {
		t.Fatal(err)
	}
	var parts []int
	for _, w := range m.wheels(bike) {
		parts = append(parts, w.part)
		if math.Abs(w.radius-3) > 0.01 {
			t.Errorf("wheel %d has radius %.2f, want 3", w.part, w.radius)
		}
	}
	if len(parts) != 2 || parts[0] != 0 || parts[1] != 1 {
		t.Errorf("the bike's wheels are parts %v, want 0 and 1 (not the head, part 3)", parts)
	}
	boat := Figure{pathPart(t, "M2 20h20l-2 -5h-16z"), pathPart(t, "M12 15v-11l5 8h-5")}
	if m, err := (Choreography{Motion: "drive"}).resolve(boat); err != nil || m.def.name != "nudge" {
		t.Errorf("a boat drives as %v (%v), want a nudge", m.def.name, err)
	}
}
