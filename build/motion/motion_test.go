package motion

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/iconlib/iconlib/internal/lottie"
	"github.com/iconlib/iconlib/internal/svg"
)

func contours(t *testing.T, e svg.Element) []svg.Contour {
	t.Helper()
	cs, err := svg.Contours(e)
	if err != nil {
		t.Fatal(err)
	}
	return cs
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
	if want := [2]float64{0, lottie.Round(-k)}; got.In[0] != want {
		t.Errorf("in tangent of the first vertex = %v, want %v", got.In[0], want)
	}
	if want := [2]float64{0, lottie.Round(k)}; got.Out[0] != want {
		t.Errorf("out tangent of the first vertex = %v, want %v", got.Out[0], want)
	}
}

func TestAnimateMarksEveryStateAndEndsDrawn(t *testing.T) {
	parts := []Part{{Paint: Paint{Stroke: true, Opacity: 1},
		Contours: contours(t, svg.Element{Name: "line", Attrs: map[string]string{"x1": "1", "y1": "1", "x2": "5", "y2": "5"}})}}
	a := Animate("x", parts)
	if a.FrameRate != 60 || a.Width != 24 || a.Height != 24 || a.OutPoint != Frames {
		t.Errorf("canvas %dx%d at %d fps, %d frames", a.Width, a.Height, a.FrameRate, a.OutPoint)
	}
	var names []string
	for i, m := range a.Markers {
		names = append(names, m.Comment)
		if m.Time != States[i].StartFrame || m.Time+m.Duration != States[i].EndFrame {
			t.Errorf("marker %s spans %d+%d, want state %+v", m.Comment, m.Time, m.Duration, States[i])
		}
	}
	if diff := cmp.Diff([]string{"in", "loop", "hover"}, names); diff != "" {
		t.Errorf("markers (-want +got):\n%s", diff)
	}
	trim := drawOn()
	end := trim.End.Value.([]lottie.Keyframe)
	start := trim.Start.Value.([]lottie.Keyframe)
	if end[0].Time != 0 || end[0].Start[0] != 0 {
		t.Errorf("frame 0 is not empty: trim end starts at %v", end[0])
	}
	if last := end[len(end)-1]; last.Start[0] != 100 || last.Time >= Frames {
		t.Errorf("the last frame is not fully drawn: final end keyframe %+v", last)
	}
	if last := start[len(start)-1]; last.Start[0] != 0 {
		t.Errorf("the last frame is trimmed from the start: %+v", last)
	}
	for _, k := range end {
		if k.Time == 36 && (k.Start[0] != 100 || k.Hold != 1) {
			t.Errorf("in state does not hold the full drawing from frame 36: %+v", k)
		}
	}
	if _, err := json.Marshal(a); err != nil {
		t.Fatal(err)
	}
}

func TestAnimateKeepsSVGPaintOrder(t *testing.T) {
	line := contours(t, svg.Element{Name: "line", Attrs: map[string]string{"x2": "5", "y2": "5"}})
	a := Animate("x", []Part{
		{Paint: Paint{Stroke: true, Opacity: 1}, Contours: line},
		{Paint: Paint{Stroke: true, Fill: true, Opacity: 0.5}, Contours: line},
	})
	shapes := a.Layers[0].Shapes
	top := shapes[0].(lottie.Group)
	// Lottie paints the first group on top, which must be the last SVG node: the filled, half-opaque one.
	var hasFill bool
	for _, it := range top.Items {
		if f, ok := it.(lottie.Fill); ok && f.Name == "fill" {
			hasFill = true
		}
	}
	tr := top.Items[len(top.Items)-1].(lottie.GroupTransform)
	if !hasFill || tr.Opacity.Value != 50.0 {
		t.Errorf("top group is not the last SVG node (fill %v, opacity %v)", hasFill, tr.Opacity.Value)
	}
}
