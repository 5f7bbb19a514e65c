package motion

import (
	"encoding/json"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/iconlib/iconlib/build/internal/lottie"
	"github.com/iconlib/iconlib/build/internal/svg"
	"github.com/iconlib/iconlib/internal/catalog"
)

func contours(t *testing.T, e svg.Element) []svg.Contour {
	t.Helper()
	cs, err := svg.Contours(e)
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

func pathPart(t *testing.T, d string) Part {
	t.Helper()
	return Part{Paint: Paint{Stroke: true, Opacity: 1}, Contours: contours(t, svg.Element{Name: "path", Attrs: map[string]string{"d": d}})}
}

// bell is Tabler's bell: its body and its clapper.
func bell(t *testing.T) Figure {
	return Figure{
		pathPart(t, "M10 5a2 2 0 1 1 4 0a7 7 0 0 1 4 6v3a4 4 0 0 0 2 3h-16a4 4 0 0 0 2 -3v-3a7 7 0 0 1 4 -6"),
		pathPart(t, "M9 17v1a3 3 0 0 0 6 0v-1"),
	}
}

// trash is Tabler's trash: the lid line, two slats, the can and the handle.
func trash(t *testing.T) Figure {
	return Figure{
		pathPart(t, "M4 7l16 0"), pathPart(t, "M10 11l0 6"), pathPart(t, "M14 11l0 6"),
		pathPart(t, "M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2 -2l1 -12"), pathPart(t, "M9 7v-3a1 1 0 0 1 1 -1h4a1 1 0 0 1 1 1v3"),
	}
}

func TestBezierOpenPolyline(t *testing.T) {
	cs := contours(t, svg.Element{Name: "path", Attrs: map[string]string{"d": "M7 11l5 5l5 -5"}})
	got := Bezier(cs[0])
	want := lottie.Bezier{
		Vertices: [][2]float64{{7, 11}, {12, 16}, {17, 11}},
		In:       [][2]float64{{0, 0}, {0, 0}, {0, 0}},
		Out:      [][2]float64{{0, 0}, {0, 0}, {0, 0}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Bezier (-want +got):\n%s", diff)
	}
}

func TestBezierClosedCircleHasNoDuplicateVertex(t *testing.T) {
	cs := contours(t, svg.Element{Name: "circle", Attrs: map[string]string{"cx": "12", "cy": "12", "r": "9"}})
	got := Bezier(cs[0])
	if !got.Closed || len(got.Vertices) != 4 {
		t.Fatalf("closed=%v vertices=%v, want a closed path of 4 vertices", got.Closed, got.Vertices)
	}
	k := 9 * 0.5522847498
	// The first vertex (21,12) gets its in tangent from the closing segment coming up from (12,3).
	if want := [2]float64{0, round2(-k)}; got.In[0] != want {
		t.Errorf("in tangent of the first vertex = %v, want %v", got.In[0], want)
	}
	if want := [2]float64{0, round2(k)}; got.Out[0] != want {
		t.Errorf("out tangent of the first vertex = %v, want %v", got.Out[0], want)
	}
}

func TestAnimateMarksEveryStateOfBothMotions(t *testing.T) {
	a, err := Animate(Icon{Name: "bell", Outline: bell(t), Motion: Choreography{Motion: "swing"}})
	if err != nil {
		t.Fatal(err)
	}
	type frames struct {
		Start, End int
		Loop       bool
		Motion     string
	}
	got := map[string]frames{}
	for i, s := range a.States {
		got[s.Name] = frames{s.StartFrame, s.EndFrame, s.Loop, s.Motion}
		m := a.Outline.Markers[i]
		if m.Comment != s.Name || m.Time != s.StartFrame || m.Time+m.Duration != s.EndFrame {
			t.Errorf("marker %+v does not match state %s %d–%d", m, s.Name, s.StartFrame, s.EndFrame)
		}
		if s.Description == "" {
			t.Errorf("state %s has no description", s.Name)
		}
	}
	want := map[string]frames{
		// the frames every integration knows, now playing the signature
		"in": {0, 40, false, "swing"}, "loop": {41, 160, true, "swing"}, "hover": {161, 199, false, "swing"},
		"in-swing": {0, 40, false, "swing"}, "loop-swing": {41, 160, true, "swing"}, "hover-swing": {161, 199, false, "swing"},
		// swing settles in `in`, so the draw alone has frames of its own
		"in-draw": {200, 240, false, "draw"}, "hover-draw": {241, 279, false, "draw"}, "loop-draw": {241, 360, true, "draw"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("states (-want +got):\n%s", diff)
	}
	if a.Outline.OutPoint != 361 || a.Outline.Layers[0].OutPoint != 361 {
		t.Errorf("the file ends at %d, want 361 (the last frame of loop-draw is its last)", a.Outline.OutPoint)
	}
	names := []string{}
	for _, m := range a.Motions {
		names = append(names, m.Name)
		if m.Description == "" {
			t.Errorf("motion %s has no description", m.Name)
		}
	}
	if !slices.Equal(names, []string{"draw", "swing"}) {
		t.Errorf("motions %v, want draw and swing", names)
	}
	if _, err := json.Marshal(a.Outline); err != nil {
		t.Fatal(err)
	}
}

func TestInDrawSharesInWhenTheSignatureAddsNothing(t *testing.T) {
	a, err := Animate(Icon{Name: "x", Outline: bell(t), Motion: Choreography{Motion: "shake"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range a.States {
		if s.Name == "in-draw" && (s.StartFrame != 0 || s.EndFrame != 40) {
			t.Errorf("in-draw %d–%d, want the frames of in (0–40): shake adds nothing to the draw", s.StartFrame, s.EndFrame)
		}
	}
}

// movingGroup returns the one group whose transform is animated, and how many part groups it holds.
func movingGroup(t *testing.T, a lottie.Animation) (lottie.GroupTransform, int) {
	t.Helper()
	trs, parts, _ := movingGroups(a)
	if len(trs) != 1 {
		t.Fatalf("%d groups carry the motion, want one", len(trs))
	}
	return trs[0], parts[0]
}

// movingGroups returns the transforms of the groups whose transforms are animated, top first, how many
// part groups each holds and the lowest point of their paths.
func movingGroups(a lottie.Animation) (trs []lottie.GroupTransform, parts []int, bottoms []float64) {
	for _, sh := range a.Layers[0].Shapes {
		g := sh.(lottie.Group)
		tr := g.Items[len(g.Items)-1].(lottie.GroupTransform)
		for _, p := range []*lottie.Property{tr.Rotation, tr.Position, tr.Scale} {
			if p != nil && p.Animated == 1 {
				trs, parts, bottoms = append(trs, tr), append(parts, len(g.Items)-1), append(bottoms, lowest(g.Items))
				break
			}
		}
	}
	return trs, parts, bottoms
}

// lowest is the largest y of the vertices of the static paths among shapes, at any depth.
func lowest(shapes []lottie.Shape) float64 {
	y := math.Inf(-1)
	for _, sh := range shapes {
		switch sh := sh.(type) {
		case lottie.Group:
			y = math.Max(y, lowest(sh.Items))
		case lottie.Path:
			if b, ok := sh.Bezier.Value.(lottie.Bezier); ok {
				for _, v := range b.Vertices {
					y = math.Max(y, v[1])
				}
			}
		}
	}
	return y
}

func TestSwingTurnsTheWholeBellFromItsTop(t *testing.T) {
	a, err := Animate(Icon{Name: "bell", Outline: bell(t), Motion: Choreography{Motion: "swing"}})
	if err != nil {
		t.Fatal(err)
	}
	trs, parts, _ := movingGroups(a.Outline)
	if !slices.Equal(parts, []int{1, 1}) {
		t.Errorf("the swinging groups hold %v parts, want the clapper's group and the body's", parts)
	}
	for _, tr := range trs {
		if got := tr.Anchor.Value.([]float64); !slices.Equal(got, []float64{12, 3}) {
			t.Errorf("pivot %v, want the top of the bell (12, 3)", got)
		}
	}
	keys := trs[1].Rotation.Value.([]lottie.Keyframe)
	var hoverMax float64
	for _, k := range keys {
		if k.Time >= 161 && k.Time <= 199 {
			hoverMax = max(hoverMax, k.Start.([]float64)[0])
		}
	}
	if hoverMax < 10 {
		t.Errorf("hover swings %v°, want a ring of at least 10°", hoverMax)
	}
}

// TestTheClapperTrailsTheBell: the bell's clapper (part 2, the small cup hanging from its rim) swings
// the way the body does, but a few frames behind and further, and both are at rest at the end of hover
// and of the loop; the record says so. The filled bell's clapper, found by position, trails too.
func TestTheClapperTrailsTheBell(t *testing.T) {
	filled := Figure{
		{Paint: Paint{Fill: true, Opacity: 1}, Contours: contours(t, svg.Element{Name: "path", Attrs: map[string]string{"d": "M9 19h6a3 3 0 0 1 -6 0z"}})},
		{Paint: Paint{Fill: true, Opacity: 1}, Contours: contours(t, svg.Element{Name: "path", Attrs: map[string]string{"d": "M12 2a7 7 0 0 1 7 8v4l2 3h-18l2 -3v-4a7 7 0 0 1 7 -8z"}})},
	}
	a, err := Animate(Icon{Name: "bell", Outline: bell(t), Motion: Choreography{Motion: "swing"}})
	if err != nil {
		t.Fatal(err)
	}
	both, err := Animate(Icon{Name: "bell", Outline: bell(t), Filled: filled, Motion: Choreography{Motion: "swing"}})
	if err != nil {
		t.Fatal(err)
	}
	for name, file := range map[string]lottie.Animation{"outline": a.Outline, "filled": *both.Filled} {
		trs, _, bottoms := movingGroups(file)
		if len(trs) != 2 {
			t.Fatalf("%s: %d moving groups, want the clapper's and the body's", name, len(trs))
		}
		clapper, body := trs[0], trs[1] // the clapper's group is the one that reaches lower
		if bottoms[1] > bottoms[0] {
			clapper, body = body, clapper
		}
		angle := func(tr lottie.GroupTransform, f float64) float64 { return valueAt(tr.Rotation, f, []float64{0})[0] }
		const hover = 161
		if b, c := angle(body, hover+4), angle(clapper, hover+4); math.Abs(c) >= math.Abs(b)/2 {
			t.Errorf("%s: 4 frames into hover the body has swung %.1f° and the clapper %.1f°: want the clapper behind", name, b, c)
		}
		most := func(tr lottie.GroupTransform) (deg float64, at int) {
			for f := hover; f <= 199; f++ {
				if v := math.Abs(angle(tr, float64(f))); v > deg {
					deg, at = v, f
				}
			}
			return deg, at
		}
		bDeg, bAt := most(body)
		cDeg, cAt := most(clapper)
		if cDeg < 1.15*bDeg || cAt <= bAt {
			t.Errorf("%s: the body swings %.1f° at frame %d, the clapper %.1f° at %d: want the clapper further and later", name, bDeg, bAt, cDeg, cAt)
		}
		for _, f := range []float64{41, 160, 195, 199} { // the loop's ends, hover's rest
			if b, c := angle(body, f), angle(clapper, f); b != 0 || c != 0 {
				t.Errorf("%s: at frame %v the body is at %.1f° and the clapper at %.1f°, want both at rest", name, f, b, c)
			}
		}
	}
	if d := a.Motions[1].Description; !strings.Contains(d, "clapper (part 2)") {
		t.Errorf("the record says %q; want it to name the clapper, part 2", d)
	}
}

// TestOnlyAClapperTrails: parts that hang from a point rather than a rim (a lamp's pole and foot, a
// pendulum's bob) swing with the rest, and a choreography's lag list makes any moving part trail.
func TestOnlyAClapperTrails(t *testing.T) {
	lamp := Figure{pathPart(t, "M9 20h6"), pathPart(t, "M12 20v-8"), pathPart(t, "M5 12h14l-4 -8h-6l-4 8")}
	pendulum := Figure{pathPart(t, "M5 19a2 2 0 1 1 4 0a2 2 0 0 1 -4 0"), pathPart(t, "M12 3l-4.4 14.09"), pathPart(t, "M19 3h-14")}
	for _, tc := range []struct {
		name  string
		fig   Figure
		c     Choreography
		moves int
	}{
		{"lamp", lamp, Choreography{Motion: "swing"}, 1},
		{"pendulum", pendulum, Choreography{Motion: "swing"}, 1},
		{"alarm, rocking on its feet", bell(t), Choreography{Motion: "swing", Pivot: []float64{12, 21}}, 1},
		{"lamp, its foot told to lag", lamp, Choreography{Motion: "swing", Lag: []int{1}}, 2},
	} {
		a, err := Animate(Icon{Name: tc.name, Outline: tc.fig, Motion: tc.c})
		if err != nil {
			t.Fatal(err)
		}
		if trs, _, _ := movingGroups(a.Outline); len(trs) != tc.moves {
			t.Errorf("%s: %d moving groups, want %d", tc.name, len(trs), tc.moves)
		}
	}
}

func TestLiftMovesOnlyTheChosenPartAndDrawsItFirst(t *testing.T) {
	a, err := Animate(Icon{Name: "trash", Outline: trash(t), Motion: Choreography{Motion: "lift", Parts: []int{1, 5}}})
	if err != nil {
		t.Fatal(err)
	}
	tr, parts := movingGroup(t, a.Outline)
	if parts != 2 {
		t.Errorf("the lifting group holds %d units, want the lid line and the handle", parts)
	}
	keys := tr.Position.Value.([]lottie.Keyframe)
	var lowest float64
	for _, k := range keys {
		lowest = min(lowest, k.Start.([]float64)[1]-tr.Anchor.Value.([]float64)[1])
	}
	if lowest > -2 {
		t.Errorf("the lid rises %v units, want at least 2", -lowest)
	}
	if got := a.Motions[1].Parts; !slices.Equal(got, []int{1, 5}) {
		t.Errorf("record parts %v, want [1 5]", got)
	}
}

// TestTiltTipsTheLidOnItsHinge: a tilt turns the lid (and its handle) counter-clockwise about the left
// end of the lid, so its right end rises and its left end stays put; the rest of the can stays.
func TestTiltTipsTheLidOnItsHinge(t *testing.T) {
	a, err := Animate(Icon{Name: "trash", Outline: trash(t), Motion: Choreography{Motion: "tilt", Parts: []int{1, 5}}})
	if err != nil {
		t.Fatal(err)
	}
	tr, parts := movingGroup(t, a.Outline)
	if parts != 2 {
		t.Errorf("the tilting group holds %d units, want the lid line and the handle", parts)
	}
	if got := tr.Anchor.Value.([]float64); !slices.Equal(got, []float64{4, 7}) {
		t.Errorf("the lid turns about %v, want its hinge at (4, 7)", got)
	}
	var most float64
	for _, k := range tr.Rotation.Value.([]lottie.Keyframe) {
		most = min(most, k.Start.([]float64)[0])
	}
	if most > -10 {
		t.Errorf("the lid opens %v° counter-clockwise, want at least 10°", -most)
	}
	if m := a.Motions[1]; m.Direction != "ccw" || !slices.Equal(m.Parts, []int{1, 5}) {
		t.Errorf("record %+v, want parts [1 5] turning ccw", m)
	}
}

func TestEveryMotionStartsAndEndsStill(t *testing.T) {
	for _, name := range Names() {
		if name == "draw" {
			continue
		}
		def := vocabulary[name]
		for _, tk := range def.tracks {
			for state, g := range map[string]gesture{"hover": tk.hover, "loop": tk.loop} {
				if def.perPart {
					continue // the sequence builds its gestures per part
				}
				first, last := g[0], g[len(g)-1]
				whole := func(v float64) bool { return v == float64(int(v)) && (def.turns || v == 0) }
				// A loop may arrive at rest early: its last key holds to the end of the state.
				if first.u != 0 || last.u > 1 || (state == "hover" && last.u != 1) || first.v != 0 || !whole(last.v) {
					t.Errorf("%s %s: from %+v to %+v, want from rest at 0 to rest (or whole turns) by 1", name, state, first, last)
				}
				for i := 1; i < len(g); i++ {
					if g[i].u <= g[i-1].u {
						t.Errorf("%s %s: key %d at %v is not after %v", name, state, i, g[i].u, g[i-1].u)
					}
				}
			}
		}
	}
}

func TestChoreographyErrorsNameTheField(t *testing.T) {
	for _, tc := range []struct {
		c    Choreography
		want string
	}{
		{Choreography{Motion: "wobble"}, `motion "wobble": want one of beat, blink, bounce, drive, fill, float, lift, mark, nudge, open, pop, sequence, shake, spin, swing, tick, tilt, write`},
		{Choreography{Motion: "draw"}, `motion "draw": want one of`},
		{Choreography{Motion: "lift", Parts: []int{3}}, "parts: 3 is not an element of this icon (it has 2, numbered from 1)"},
		{Choreography{Motion: "lift", Parts: []int{1, 1}}, "parts: 1 is listed twice"},
		{Choreography{Motion: "spin", Direction: "up"}, `direction: spin turns cw or ccw (got "up")`},
		{Choreography{Motion: "nudge", Direction: "sideways"}, `direction: want up, down, left, right`},
		{Choreography{Motion: "pop", Direction: "up"}, `direction: pop has no direction`},
		{Choreography{Motion: "swing", Amplitude: 90}, "amplitude: 90 is outside 0–45 degrees for swing"},
		{Choreography{Motion: "swing", Pivot: []float64{1}}, "pivot: want [x, y] in icon units"},
		{Choreography{Motion: "tick", Amplitude: 360}, "amplitude: 360 is not a multiple of 720 degrees"}, // the hour hand would stop half way
		{Choreography{Motion: "swing", Parts: []int{1}, Lag: []int{2}}, "lag: 2 is not a moving part of this icon"},
		{Choreography{Motion: "swing", Lag: []int{1, 2}}, "some must lead for the others to trail"},
		{Choreography{Motion: "mark", Lag: []int{1}}, "lag: mark moves nothing that can trail"},
	} {
		err := tc.c.Check(2)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: error %v, want %q", tc.c, err, tc.want)
		}
	}
}

func TestFilledFormGetsItsOwnFileAndAMorph(t *testing.T) {
	filled := Figure{{Paint: Paint{Fill: true, Opacity: 1}, Contours: contours(t, svg.Element{Name: "circle", Attrs: map[string]string{"cx": "12", "cy": "11", "r": "7"}})}}
	a, err := Animate(Icon{Name: "bell", Outline: bell(t), Filled: filled, Motion: Choreography{Motion: "swing"}})
	if err != nil {
		t.Fatal(err)
	}
	if a.Filled == nil {
		t.Fatal("no filled file")
	}
	var inFilled []string
	for _, m := range a.Filled.Markers {
		inFilled = append(inFilled, m.Comment)
	}
	if want := []string{"in", "loop", "hover", "in-swing", "loop-swing", "hover-swing"}; !slices.Equal(inFilled, want) {
		t.Errorf("filled markers %v, want %v", inFilled, want)
	}
	if a.Filled.OutPoint != 200 {
		t.Errorf("the filled file ends at %d, want 200 (hover's end is its last frame)", a.Filled.OutPoint)
	}
	last := a.States[len(a.States)-1]
	if last.Name != "morph-back" || a.Outline.OutPoint != last.EndFrame+1 {
		t.Errorf("the outline file ends at %d on %s, want the end of morph-back", a.Outline.OutPoint, last.Name)
	}
	for _, s := range a.States {
		want := "outline"
		if slices.Contains(inFilled, s.Name) {
			want = "outline,filled"
		}
		if got := strings.Join(s.Styles, ","); got != want {
			t.Errorf("state %s is in %s, want %s", s.Name, got, want)
		}
	}
	if n := len(a.Motions); n != 3 || a.Motions[2].Name != "morph" {
		t.Errorf("motions %+v, want draw, swing and morph", a.Motions)
	}
}

func TestMorphIntoAnotherIconComesBeforeTheDrawStates(t *testing.T) {
	a, err := Animate(Icon{Name: "menu-2", Outline: menu(t), Motion: Choreography{Motion: "sequence"}, Morphs: []Target{{ID: "x", Outline: cross(t)}}})
	if err != nil {
		t.Fatal(err)
	}
	var m catalog.State
	for _, s := range a.States {
		if s.Name == "morph-x" {
			m = s
		}
	}
	if m.TargetIcon != "x" || m.Motion != "morph" || m.StartFrame != 200 || m.EndFrame != 239 || m.Loop {
		t.Errorf("morph-x %+v, want frames 200–239 of motion morph ending as x", m)
	}
	last := slices.MaxFunc(a.States, func(x, y catalog.State) int { return x.EndFrame - y.EndFrame })
	if last.Name != "loop-draw" || a.Outline.OutPoint != last.EndFrame+1 {
		t.Errorf("the file ends at %d on %s, want loop-draw's end: the still icon", a.Outline.OutPoint, last.Name)
	}
	// Two of the three lines become the x's strokes (one path each, keyed from one to the other); the third fades.
	var morphing, fading int
	for _, sh := range a.Outline.Layers[0].Shapes {
		g := sh.(lottie.Group)
		for _, it := range g.Items {
			if p, ok := it.(lottie.Path); ok && p.Bezier.Animated == 1 {
				morphing++
				keys := p.Bezier.Value.([]lottie.Keyframe)
				from, to := keys[0].Start.([]lottie.Bezier)[0], keys[1].Start.([]lottie.Bezier)[0]
				if len(from.Vertices) != len(to.Vertices) {
					t.Errorf("a morphing path goes from %d to %d vertices", len(from.Vertices), len(to.Vertices))
				}
			} else if ok {
				fading++
			}
		}
	}
	if morphing != 2 || fading != 1 {
		t.Errorf("%d morphing paths and %d fading, want 2 and 1", morphing, fading)
	}
}

// TestFilledMotionIsNamedWhereItDiffers: a sequence whose filled drawing is one shape cannot light parts
// one after another, so its filled file pops; the record's signature states say so in filled_motion, and
// say nothing where both files play the same motion.
func TestFilledMotionIsNamedWhereItDiffers(t *testing.T) {
	waves := Figure{pathPart(t, "M12 18h.01"), pathPart(t, "M9.17 15.17a4 4 0 0 1 5.66 0"), pathPart(t, "M6.34 12.34a8 8 0 0 1 11.32 0")}
	blob := Figure{{Paint: Paint{Fill: true, Opacity: 1}, Contours: contours(t, svg.Element{Name: "circle", Attrs: map[string]string{"cx": "12", "cy": "14", "r": "6"}})}}
	a, err := Animate(Icon{Name: "wifi", Outline: waves, Filled: blob, Motion: Choreography{Motion: "sequence"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range a.States {
		want := ""
		if slices.Contains(s.Styles, "filled") {
			want = "pop"
		}
		if s.FilledMotion != want {
			t.Errorf("%s: filled_motion %q, want %q", s.Name, s.FilledMotion, want)
		}
	}
	same, err := Animate(Icon{Name: "bell", Outline: bell(t), Filled: blob, Motion: Choreography{Motion: "swing"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range same.States {
		if s.FilledMotion != "" {
			t.Errorf("swing in both files: %s says filled_motion %q", s.Name, s.FilledMotion)
		}
	}
	if f := same.Motions[1].Filled; f != "" {
		t.Errorf("a bell that swings whole in both files: the record's swing says filled %q", f)
	}
}

// TestTheRecordSaysWhenAFilledFileMovesWhole: a filled clock's hands are cut out of its face, so the
// face turns with them; the record's tick says so, and says nothing for a clock with no filled form.
func TestTheRecordSaysWhenAFilledFileMovesWhole(t *testing.T) {
	face := Figure{{Paint: Paint{Fill: true, Opacity: 1}, Contours: contours(t, svg.Element{Name: "circle", Attrs: map[string]string{"cx": "12", "cy": "12", "r": "9"}})}}
	for _, tc := range []struct {
		filled Figure
		want   string
	}{{face, filledWhole}, {nil, ""}} {
		a, err := Animate(Icon{Name: "clock", Outline: clock(t), Filled: tc.filled, Motion: Choreography{Motion: "tick"}})
		if err != nil {
			t.Fatal(err)
		}
		if got := a.Motions[1].Filled; got != tc.want {
			t.Errorf("filled form %v: the record's tick says filled %q, want %q", tc.filled != nil, got, tc.want)
		}
	}
}

// allTrims returns the trims of every group among shapes, at any depth.
func allTrims(shapes []lottie.Shape) []lottie.Trim {
	var trims []lottie.Trim
	for _, sh := range shapes {
		if g, ok := sh.(lottie.Group); ok {
			for _, it := range g.Items {
				if tm, ok := it.(lottie.Trim); ok {
					trims = append(trims, tm)
				}
			}
			trims = append(trims, allTrims(g.Items)...)
		}
	}
	return trims
}

// TestTheLoadersArcBreathes: a spinner's arc (Tabler's loader-2, three quarters of a circle) turns, and
// its trim shortens it to under half its length and lets it grow again, twice in the loop and once in
// hover: the same at both ends of the loop, whole at both ends of hover. Its tail is the end that shrinks:
// the trim's end when the path runs against the turn, its start when the path runs with it.
func TestTheLoadersArcBreathes(t *testing.T) {
	arc := Figure{pathPart(t, "M12 3a9 9 0 1 0 9 9")} // from the top, counter-clockwise on screen
	for _, tc := range []struct {
		direction string
		tail      func(lottie.Trim) *lottie.Property
		length    func(start, end float64) float64
	}{
		{"cw", func(tm lottie.Trim) *lottie.Property { return &tm.End }, func(_, end float64) float64 { return end }},
		{"ccw", func(tm lottie.Trim) *lottie.Property { return &tm.Start }, func(start, _ float64) float64 { return 100 - start }},
	} {
		a, err := Animate(Icon{Name: "loader-2", Outline: arc, Motion: Choreography{Motion: "spin", Direction: tc.direction}})
		if err != nil {
			t.Fatal(err)
		}
		trims := allTrims(a.Outline.Layers[0].Shapes)
		if len(trims) != 1 {
			t.Fatalf("%s: %d trims, want the arc's", tc.direction, len(trims))
		}
		tm := trims[0]
		at := func(f float64) float64 {
			return tc.length(valueAt(&tm.Start, f, []float64{0})[0], valueAt(&tm.End, f, []float64{100})[0])
		}
		shortest := func(from, to int) (least float64, times int) {
			least = 100
			for f := from; f <= to; f++ {
				v, prev, next := at(float64(f)), at(float64(f-1)), at(float64(f+1))
				least = math.Min(least, v)
				if v < 100 && v <= prev && v < next {
					times++
				}
			}
			return least, times
		}
		if least, times := shortest(42, 159); least > 50 || times != 2 {
			t.Errorf("%s: the loop's arc is at least %.0f%% long and shortest %d times, want under half, twice", tc.direction, least, times)
		}
		if least, times := shortest(162, 194); least > 50 || times != 1 {
			t.Errorf("%s: hover's arc is at least %.0f%% long and shortest %d times, want under half, once", tc.direction, least, times)
		}
		for _, f := range []float64{41, 160, 161, 195, 199} {
			if v := at(f); v != 100 {
				t.Errorf("%s: at frame %v the arc is %.0f%% long, want whole", tc.direction, f, v)
			}
		}
		if p := tc.tail(tm); p.Animated != 1 {
			t.Errorf("%s: the trim's %s is not keyed; want the tail to shrink", tc.direction, map[bool]string{true: "end", false: "start"}[tc.direction == "cw"])
		}
		if d := a.Motions[1].Description; !strings.Contains(d, "arc (part 1)") {
			t.Errorf("%s: the record says %q; want it to name the breathing arc", tc.direction, d)
		}
	}
}

// TestOnlyASpinnersArcBreathes: a ring, an arrow round a circle (its head a second contour) and spokes
// spin without a trim of their own in loop and hover.
func TestOnlyASpinnersArcBreathes(t *testing.T) {
	for name, fig := range map[string]Figure{
		"ring":           {pathPart(t, "M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0"), pathPart(t, "M12 7v5")},
		"circular arrow": {pathPart(t, "M20 11a8.1 8.1 0 0 0 -15.5 -2m-.5 -4v4h4")},
		"spokes":         {pathPart(t, "M12 6l0 -3"), pathPart(t, "M6 12l-3 0"), pathPart(t, "M7.75 7.75l-2.15 -2.15")},
	} {
		a, err := Animate(Icon{Name: name, Outline: fig, Motion: Choreography{Motion: "spin", Pivot: []float64{12, 12}}})
		if err != nil {
			t.Fatal(err)
		}
		for _, tm := range allTrims(a.Outline.Layers[0].Shapes) {
			if tm.Start.Animated == 1 || slices.ContainsFunc(tm.End.Value.([]lottie.Keyframe), func(k lottie.Keyframe) bool { return k.Time > 41 && k.Time < 199 }) {
				t.Errorf("%s: a trim is keyed in the loop or hover; only a spinner's arc breathes", name)
			}
		}
	}
}

// clock is Tabler's clock: its face, and both hands drawn as one path through the hub.
func clock(t *testing.T) Figure {
	return Figure{pathPart(t, "M3 12a9 9 0 1 0 18 0a9 9 0 0 0 -18 0"), pathPart(t, "M12 7v5l3 3")}
}

// TestTheClocksHandsTurnAtTheirOwnSpeeds: the path of Tabler's clock's hands is split at the hub into
// the minute hand (12,7 to the hub, the longer) and the hour hand (the hub to 15,15), each turning about
// the hub in a group of its own; mid-hover they point different ways, the minute hand twice as far on,
// and at both ends of hover and of the loop each has made whole turns: the still icon. The face stays.
func TestTheClocksHandsTurnAtTheirOwnSpeeds(t *testing.T) {
	a, err := Animate(Icon{Name: "clock", Outline: clock(t), Motion: Choreography{Motion: "tick"}})
	if err != nil {
		t.Fatal(err)
	}
	trs, parts, bottoms := movingGroups(a.Outline)
	if len(trs) != 2 || !slices.Equal(parts, []int{1, 1}) {
		t.Fatalf("%d moving groups holding %v parts, want the minute hand's and the hour hand's", len(trs), parts)
	}
	minute, hour := trs[0], trs[1] // the minute hand ends at the hub, the hour hand reaches lower
	if bottoms[0] > bottoms[1] {
		minute, hour = hour, minute
	}
	if bottoms[0]+bottoms[1] != 12+15 {
		t.Errorf("the hands' paths reach down to %v, want 12 (the minute hand) and 15 (the hour hand)", bottoms)
	}
	for _, tr := range trs {
		if got := tr.Anchor.Value.([]float64); !slices.Equal(got, []float64{12, 12}) {
			t.Errorf("a hand turns about %v, want the hub (12, 12)", got)
		}
	}
	angle := func(tr lottie.GroupTransform, f float64) float64 { return valueAt(tr.Rotation, f, []float64{0})[0] }
	if m, h := angle(minute, 178), angle(hour, 178); math.Abs(m-2*h) > 1 || math.Mod(m-h, 360) == 0 {
		t.Errorf("mid-hover the minute hand is at %.1f° and the hour hand at %.1f°: want them apart, the minute hand twice as far", m, h)
	}
	for _, f := range []float64{41, 160, 161, 195, 199} {
		if m, h := angle(minute, f), angle(hour, f); math.Mod(m, 360) != 0 || math.Mod(h, 360) != 0 {
			t.Errorf("at frame %v the minute hand is at %.1f° and the hour hand at %.1f°: want both at rest", f, m, h)
		}
	}
	if m, h := angle(minute, 160), angle(hour, 160); m != 720 || h != 360 {
		t.Errorf("over the loop the minute hand turns %.0f° and the hour hand %.0f°, want 720° and 360°", m, h)
	}
	if m := a.Motions[1]; !slices.Equal(m.Parts, []int{2}) || !strings.Contains(m.Description, "hour hand (part 2)") {
		t.Errorf("record %+v: want part 2 moving and the hour hand named", m)
	}
}

// TestAClockWithoutHandsRedrawsItsDial: a duration's numerals on a dial (Tabler's time-duration-30: a 3,
// a 0, five dots and an arc) are no hands, so nothing turns; its dial (the dots and the arc) draws on
// again and the numerals stay upright and still.
func TestAClockWithoutHandsRedrawsItsDial(t *testing.T) {
	fig := Figure{pathPart(t, "M14 10.5v3a1.5 1.5 0 0 0 3 0v-3a1.5 1.5 0 0 0 -3 0"),
		pathPart(t, "M8 9h1.5a1.5 1.5 0 0 1 0 3h-.5h.5a1.5 1.5 0 0 1 0 3h-1.5"),
		pathPart(t, "M3 12v.01"), pathPart(t, "M7.5 4.2v.01"), pathPart(t, "M7.5 19.8v.01"), pathPart(t, "M4.2 16.5v.01"),
		pathPart(t, "M4.2 7.5v.01"), pathPart(t, "M12 21a9 9 0 0 0 0 -18")}
	a, err := Animate(Icon{Name: "time-duration-30", Outline: fig, Motion: Choreography{Motion: "tick"}})
	if err != nil {
		t.Fatal(err)
	}
	if m := a.Motions[1]; m.Name != "mark" || !slices.Equal(m.Parts, []int{3, 4, 5, 6, 7, 8}) {
		t.Errorf("record %+v: want the dial, parts 3 to 8, to draw on again", m)
	}
	if trs, _, _ := movingGroups(a.Outline); len(trs) != 0 {
		t.Errorf("%d groups turn or move, want none", len(trs))
	}
}

// TestADoorSwingsOnItsHinge: open, toward the left, narrows a door toward the hinge on its left edge
// mid-hover and keeps its height, holding open a while rather than blinking; toward the top it closes a
// flap up, its width kept; a diagonal is not an edge.
func TestADoorSwingsOnItsHinge(t *testing.T) {
	door := Figure{pathPart(t, "M14 12v.01"), pathPart(t, "M3 21h18"), pathPart(t, "M6 21v-16a2 2 0 0 1 2 -2h8a2 2 0 0 1 2 2v16")}
	narrowest := func(c Choreography) (sx, sy float64, open int, anchor []float64) {
		t.Helper()
		a, err := Animate(Icon{Name: "door", Outline: door, Motion: c})
		if err != nil {
			t.Fatal(err)
		}
		trs, _, _ := movingGroups(a.Outline)
		if len(trs) != 1 {
			t.Fatalf("%d moving groups, want the door's", len(trs))
		}
		sx, sy = 100, 100
		for f := 161.0; f <= 199; f++ {
			s := valueAt(trs[0].Scale, f, []float64{100, 100})
			sx, sy = math.Min(sx, s[0]), math.Min(sy, s[1])
			if min(s[0], s[1]) < 50 {
				open++
			}
		}
		return sx, sy, open, trs[0].Anchor.Value.([]float64)
	}
	sx, sy, open, anchor := narrowest(Choreography{Motion: "open", Parts: []int{1, 3}, Direction: "left", Amplitude: 65})
	if sx > 40 || sy != 100 || open < 8 || !slices.Equal(anchor, []float64{6, 12}) {
		t.Errorf("door: narrowest (%.0f%%, %.0f%%) about %v, open for %d frames; want under 40%% across, "+
			"100%% down, about the hinge (6, 12), for 8 frames or more", sx, sy, anchor, open)
	}
	sx, sy, _, anchor = narrowest(Choreography{Motion: "open", Parts: []int{3}, Direction: "up", Amplitude: 65})
	if sx != 100 || sy > 40 || anchor[1] != 3 {
		t.Errorf("up: narrowest (%.0f%%, %.0f%%) about %v, want 100%% across and under 40%% down, about the top edge", sx, sy, anchor)
	}
	if _, err := Animate(Icon{Name: "door", Outline: door, Motion: Choreography{Motion: "open", Direction: "up-left"}}); err == nil {
		t.Error("an open toward up-left was accepted, want an error naming the four edges")
	}
}

// TestATickWithoutAFaceRedrawsWhole: a clock's motion on a drawing none of whose parts has an area (dots
// and straight strokes) has no face to turn the hands about; it used to index part -1 and panic, and now
// redraws the drawing whole.
func TestATickWithoutAFaceRedrawsWhole(t *testing.T) {
	flat := Figure{pathPart(t, "M4 12h16"), pathPart(t, "M12 4v.01"), pathPart(t, "M12 20v.01")}
	a, err := Animate(Icon{Name: "flat", Outline: flat, Motion: Choreography{Motion: "tick"}})
	if err != nil {
		t.Fatal(err)
	}
	if m := a.Motions[1]; m.Name != "mark" || len(m.Parts) != 0 {
		t.Errorf("signature %s moving parts %v, want mark of every part", m.Name, m.Parts)
	}
}
