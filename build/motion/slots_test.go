package motion

import (
	"math"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/iconlib/iconlib/build/internal/lottie"
	"github.com/iconlib/iconlib/internal/catalog"
)

// bellCheck is Tabler's bell-check: the bell cut open for its badge, the clapper, and the check.
func bellCheck(t *testing.T) Figure {
	return Figure{
		pathPart(t, "M11.5 17h-7.5a4 4 0 0 0 2 -3v-3a7 7 0 0 1 4 -6a2 2 0 1 1 4 0a7 7 0 0 1 4 6v3c.016 .129 .037 .256 .065 .382"),
		pathPart(t, "M9 17v1a3 3 0 0 0 2.502 2.959"),
		pathPart(t, "M15 19l2 2l4 -4"),
	}
}

// circleCheck is Tabler's circle-check: the circle and the check inside it.
func circleCheck(t *testing.T) Figure {
	return Figure{pathPart(t, "M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0"), pathPart(t, "M9 12l2 2l4 -4")}
}

// painted is a group that holds strokes or fills, with the slots they name.
type painted struct {
	group lottie.Group
	slots []string
	paths []lottie.Path
}

// paintedGroups are the groups of shapes that directly hold a stroke or a fill, at any depth.
func paintedGroups(shapes []lottie.Shape) []painted {
	var out []painted
	for _, s := range shapes {
		g, ok := s.(lottie.Group)
		if !ok {
			continue
		}
		p := painted{group: g}
		for _, it := range g.Items {
			switch it := it.(type) {
			case lottie.Stroke:
				p.slots = append(p.slots, it.Color.Slot)
			case lottie.Fill:
				p.slots = append(p.slots, it.Color.Slot)
			case lottie.Path:
				p.paths = append(p.paths, it)
			}
		}
		if len(p.slots) > 0 {
			out = append(out, p)
		}
		out = append(out, paintedGroups(g.Items)...)
	}
	return out
}

// slotsOfFile checks the convention on one file: every stroke and fill names a slot, its group is named
// and classed for that slot and holds no other, and the file's slots hold exactly the slots named. It
// returns the first vertex of every path, by slot.
func slotsOfFile(t *testing.T, name string, a lottie.Animation) map[string][][2]float64 {
	t.Helper()
	starts := map[string][][2]float64{}
	for _, p := range paintedGroups(a.Layers[0].Shapes) {
		s := p.slots[0]
		if s != "primary" && s != "secondary" {
			t.Errorf("%s: a stroke or fill names slot %q, want primary or secondary", name, s)
		}
		if slices.ContainsFunc(p.slots, func(o string) bool { return o != s }) {
			t.Errorf("%s: one group mixes slots %v", name, p.slots)
		}
		if p.group.Name != s || p.group.Class != s {
			t.Errorf("%s: a group painting slot %s is named %q and classed %q", name, s, p.group.Name, p.group.Class)
		}
		if _, ok := a.Slots[s]; !ok {
			t.Errorf("%s: slot %s is painted but not in the file's slots %v", name, s, a.Slots)
		}
		for _, path := range p.paths {
			var first [2]float64
			switch b := path.Bezier.Value.(type) {
			case lottie.Bezier:
				first = b.Vertices[0]
			case []lottie.Keyframe:
				first = b[0].Start.([]lottie.Bezier)[0].Vertices[0]
			}
			starts[s] = append(starts[s], first)
		}
	}
	for s := range a.Slots {
		if len(starts[s]) == 0 {
			t.Errorf("%s: the file lists slot %s, which nothing paints", name, s)
		}
	}
	return starts
}

func TestAccentIsTheBadgeTheSlashOrTheFramedMark(t *testing.T) {
	for _, tc := range []struct {
		id, category string
		fig          Figure
		want         []int
	}{
		{"bell-check", "System", bellCheck(t), []int{3}},
		{"bell-off", "System", bellOff(t), []int{3}},
		{"circle-check", "Shapes", circleCheck(t), []int{2}},
		{"bell", "System", bell(t), nil},
		{"trash", "", trash(t), nil},
		{"letter-x", "Letters", circleCheck(t), nil}, // the letter, not a mark
		{"align-right", "", Figure{pathPart(t, "M4 6h16"), pathPart(t, "M10 12h10"), pathPart(t, "M6 18h14")}, nil},
		{"file-text", "", Figure{pathPart(t, "M14 3v4a1 1 0 0 0 1 1h4"), pathPart(t, "M17 21h-10a2 2 0 0 1 -2 -2v-14a2 2 0 0 1 2 -2h7l5 5v11a2 2 0 0 1 -2 2z"),
			pathPart(t, "M9 9l1 0"), pathPart(t, "M9 13l6 0"), pathPart(t, "M9 17l6 0")}, []int{3, 4, 5}}, // the fold stays with the frame
	} {
		if got := Accent(tc.id, tc.category, tc.fig); !slices.Equal(got, tc.want) {
			t.Errorf("Accent(%s) = %v, want %v", tc.id, got, tc.want)
		}
	}
}

func TestABadgesGlyphIsSecondaryAndTheRestPrimary(t *testing.T) {
	fig := bellCheck(t)
	a, err := Animate(Icon{Name: "bell-check", Outline: fig, Motion: Choose("bell-check", nil, "System", fig), Accent: []int{3}})
	if err != nil {
		t.Fatal(err)
	}
	starts := slotsOfFile(t, "bell-check", a.Outline)
	if want := [][2]float64{{15, 19}}; !slices.Equal(starts["secondary"], want) {
		t.Errorf("the secondary slot paints paths starting at %v, want the check's alone %v", starts["secondary"], want)
	}
	if want := [][2]float64{{11.5, 17}, {9, 17}}; !slices.Equal(starts["primary"], want) {
		t.Errorf("the primary slot paints paths starting at %v, want the bell's and the clapper's %v", starts["primary"], want)
	}
	want := []catalog.ColorSlot{{Name: "primary", Parts: []int{1, 2}, Styles: []string{"outline"}},
		{Name: "secondary", Parts: []int{3}, Styles: []string{"outline"}}}
	if diff := cmp.Diff(want, a.Slots); diff != "" {
		t.Errorf("record's color_slots (-want +got):\n%s", diff)
	}
}

// TestTheSlashOfAnOffIconIsSecondary, in its own file and where bell morphs into it and back.
func TestTheSlashOfAnOffIconIsSecondary(t *testing.T) {
	off := bellOff(t)
	a, err := Animate(Icon{Name: "bell-off", Outline: off, Motion: Choose("bell-off", nil, "System", off), Accent: []int{3},
		Morphs: []Target{{ID: "bell", Outline: bell(t)}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range slotsOfFile(t, "bell-off", a.Outline)["secondary"] {
		if s != [2]float64{3, 3} {
			t.Errorf("the secondary slot paints a path starting at %v; only the slash (3, 3) is secondary", s)
		}
	}
	b, err := Animate(Icon{Name: "bell", Outline: bell(t), Motion: Choreography{Motion: "swing"},
		Morphs: []Target{{ID: "bell-off", Outline: off, Accent: []int{3}}}})
	if err != nil {
		t.Fatal(err)
	}
	if got := slotsOfFile(t, "bell", b.Outline)["secondary"]; !slices.Equal(got, [][2]float64{{3, 3}}) {
		t.Errorf("bell's morph into bell-off paints %v secondary, want the slash alone", got)
	}
	if got := b.Slots[1]; got.Name != "secondary" || len(got.Parts) != 0 {
		t.Errorf("bell's own drawing has no secondary part, but its record says %+v", got)
	}
}

func TestAnIconWithoutAnAccentIsPrimaryAlone(t *testing.T) {
	a, err := Animate(Icon{Name: "trash", Outline: trash(t), Motion: Choose("trash", nil, "", trash(t))})
	if err != nil {
		t.Fatal(err)
	}
	slotsOfFile(t, "trash", a.Outline)
	if want := []catalog.ColorSlot{{Name: "primary", Parts: []int{1, 2, 3, 4, 5}, Styles: []string{"outline"}}}; !cmp.Equal(a.Slots, want) {
		t.Errorf("color_slots = %+v, want %+v", a.Slots, want)
	}
	if _, ok := a.Outline.Slots["secondary"]; ok || len(a.Outline.Slots) != 1 {
		t.Errorf("file slots = %v, want primary alone", a.Outline.Slots)
	}
}

// TestNoUnitMixesSlots: where every part moves alike and is painted alike but for its slot, units
// that would merge neighbours split at the slot boundary, in every motion.
func TestNoUnitMixesSlots(t *testing.T) {
	fig := Figure{pathPart(t, "M4 3l4 2"), pathPart(t, "M4 7l4 2"), pathPart(t, "M4 11l4 2"), pathPart(t, "M4 15l4 2"), pathPart(t, "M4 19l4 2")}
	for _, name := range Names() {
		if name == "draw" {
			continue
		}
		a, err := Animate(Icon{Name: name, Outline: fig, Filled: fig, Motion: Choreography{Motion: name}, Accent: []int{2, 3}})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		slotsOfFile(t, name, a.Outline)
		slotsOfFile(t, name+" filled", *a.Filled)
	}
}

func TestAFilledDrawingOfOneShapeIsPrimary(t *testing.T) {
	fig := circleCheck(t)
	filled := Figure{{Paint: Paint{Fill: true, Opacity: 1}, Contours: fig[0].Contours}}
	a, err := Animate(Icon{Name: "circle-check", Outline: fig, Filled: filled, Motion: Choose("circle-check", nil, "Shapes", fig), Accent: []int{2}})
	if err != nil {
		t.Fatal(err)
	}
	slotsOfFile(t, "circle-check filled", *a.Filled)
	if len(a.Filled.Slots) != 1 {
		t.Errorf("the filled file's slots are %v, want primary alone", a.Filled.Slots)
	}
	want := []catalog.ColorSlot{{Name: "primary", Parts: []int{1}, Styles: []string{"outline", "filled"}},
		{Name: "secondary", Parts: []int{2}, Styles: []string{"outline"}}}
	if diff := cmp.Diff(want, a.Slots); diff != "" {
		t.Errorf("record's color_slots (-want +got):\n%s", diff)
	}
}

// TestThinnerStrokesStayInTheArtboard: a player may draw the strokes thinner (the element and the icon
// page offer 1 and 1.5 beside the drawn 2, by scaling every stroke's width); the room every motion is
// fitted to counts half of the full width, so no frame of any state passes the artboard's edge.
func TestThinnerStrokesStayInTheArtboard(t *testing.T) {
	for name, tc := range edgeFigures(t) {
		a, err := Animate(Icon{Name: name, Outline: tc.fig, Motion: tc.c})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, stroke := range []float64{1, 1.5, 2} {
			worst, at := 0.0, 0
			for f := 0; f <= a.Outline.OutPoint; f++ {
				walk(a.Outline.Layers[0].Shapes, float64(f), identity, 1, func(paths [][][2]float64, width, _ float64) {
					for _, p := range slices.Concat(paths...) {
						out := math.Max(math.Max(-p[0], p[0]-Size), math.Max(-p[1], p[1]-Size)) + width*stroke/StrokeWidth/2
						if out > worst {
							worst, at = out, f
						}
					}
				})
			}
			if worst > 0.06 {
				t.Errorf("%s at stroke %g: frame %d draws %.2f units outside the artboard", name, stroke, at, worst)
			}
		}
	}
}
