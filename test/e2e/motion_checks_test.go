package e2e

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/iconlib/iconlib/internal/catalog"
)

// The checks of TestMotionStates must fail on broken states. These records point states at the wrong
// frames of the real bell animation, so each check sees a picture it must refuse; both renderers must
// refuse exactly those.

// brokenBell is a record with files per style, states with motions, styles and a
// morph target. The filled file is served as a copy of the outline one (see TestMotionChecksFail).
var brokenBell = catalog.Icon{
	ID: "bell",
	Files: []catalog.StyleFile{
		{Style: "outline", FileURL: "http://example.test/assets/bell.json", SVGURL: "http://example.test/svg/bell.svg"},
		{Style: "filled", FileURL: "http://example.test/assets/filled/bell.json", SVGURL: "http://example.test/svg/filled/bell.svg"},
	},
	States: []catalog.State{
		{Name: "in", StartFrame: 0, EndFrame: 40, Motion: "draw", Styles: []string{"outline", "filled"}},                                 // fine
		{Name: "loop", StartFrame: 41, EndFrame: 160, Loop: true, Motion: "swing", Styles: []string{"outline", "filled"}},                // fine: at rest at both ends
		{Name: "hover", StartFrame: 161, EndFrame: 199, Motion: "swing", Styles: []string{"outline", "filled"}},                          // fine: swings, ends still
		{Name: "hover-blank", StartFrame: 0, EndFrame: 40, Motion: "draw", Styles: []string{"outline"}},                                  // blank: draws from nothing
		{Name: "in-late", StartFrame: 0, EndFrame: 20, Motion: "draw", Styles: []string{"outline", "filled"}},                            // end: half drawn
		{Name: "hover-still", StartFrame: 37, EndFrame: 40, Motion: "swing", Styles: []string{"outline"}},                                // moves: never moves
		{Name: "loop-open", StartFrame: 41, EndFrame: 100, Loop: true, Motion: "draw", Styles: []string{"outline", "filled"}},            // loop: mid-swing at its end
		{Name: "morph", StartFrame: 30, EndFrame: 40, Motion: "morph", Styles: []string{"filled"}},                                       // fine: the "filled" SVG is bell's
		{Name: "morph-heart", StartFrame: 30, EndFrame: 40, Motion: "morph", TargetIcon: "heart", Styles: []string{"outline", "filled"}}, // end: a bell is no heart
		{Name: "morph-back", StartFrame: 161, EndFrame: 199, Motion: "morph", Styles: []string{"outline"}},                               // middle: swings away from both ends, which are alike
		{Name: "morph-heart-back", StartFrame: 161, EndFrame: 199, Motion: "morph", TargetIcon: "heart", Styles: []string{"outline"}},    // from: starts on a bell, no heart; middle: as morph-back
	},
}

// wideBell's file is bell's grown to 160% about the artboard's centre: its loop leaves the artboard.
var wideBell = catalog.Icon{
	ID:    "bell-wide",
	Files: []catalog.StyleFile{{Style: "outline", FileURL: "http://example.test/assets/wide/bell.json", SVGURL: "http://example.test/svg/bell.svg"}},
	States: []catalog.State{
		{Name: "loop", StartFrame: 41, EndFrame: 160, Loop: true, Motion: "swing", Styles: []string{"outline"}}, // inside: drawn past the edges
	},
}

// widened serves bell's animation file grown as wideBell says.
func widened(t *testing.T, site http.Handler) []byte {
	t.Helper()
	rec := httptest.NewRecorder()
	site.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/assets/bell.json", nil))
	var anim map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &anim); err != nil {
		t.Fatalf("bell's animation file: %v", err)
	}
	ks := anim["layers"].([]any)[0].(map[string]any)["ks"].(map[string]any)
	ks["a"] = map[string]any{"k": []float64{12, 12, 0}}
	ks["p"] = map[string]any{"k": []float64{12, 12, 0}}
	ks["s"] = map[string]any{"k": []float64{160, 160, 100}}
	b, err := json.Marshal(anim)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// lateBell's `in` starts half drawn.
var lateBell = catalog.Icon{
	ID:    "bell-late",
	Files: []catalog.StyleFile{{Style: "outline", FileURL: "http://example.test/assets/bell.json", SVGURL: "http://example.test/svg/bell.svg"}},
	States: []catalog.State{
		{Name: "in", StartFrame: 20, EndFrame: 40, Motion: "draw", Styles: []string{"outline"}}, // start: not empty
	},
}

func TestPlanMotionJobs(t *testing.T) {
	heart := func(id string) (catalog.Icon, error) {
		if id != "heart" {
			return catalog.Icon{}, fmt.Errorf("no icon %s", id)
		}
		return catalog.Icon{ID: "heart", SVGURL: "http://example.test/svg/heart.svg"}, nil
	}
	jobs, err := planMotionJobs(brokenBell, heart)
	if err != nil {
		t.Fatal(err)
	}
	type plan struct {
		Key, File string
		Refs      map[string]string
		States    []string
	}
	var got []plan
	for _, j := range jobs {
		p := plan{Key: j.Key, File: j.File, Refs: j.Refs}
		for _, c := range j.checks {
			p.States = append(p.States, c.state+" "+c.kind)
		}
		got = append(got, p)
	}
	want := []plan{
		{Key: "bell/outline", File: "/assets/bell.json",
			Refs: map[string]string{"outline": "/svg/bell.svg", "icon:heart": "/svg/heart.svg"},
			States: []string{"in start", "in end", "loop inside", "loop loop", "hover end", "hover blank", "hover moves",
				"hover inside", "hover-blank end", "hover-blank blank", "hover-blank inside", "in-late end",
				"hover-still end", "hover-still blank", "hover-still moves", "hover-still inside", "loop-open inside",
				"loop-open loop", "morph-heart end", "morph-heart middle", "morph-heart inside", "morph-back end", "morph-back middle",
				"morph-back inside", "morph-heart-back from", "morph-heart-back end", "morph-heart-back middle", "morph-heart-back inside"}},
		{Key: "bell/filled", File: "/assets/filled/bell.json",
			Refs: map[string]string{"filled": "/svg/filled/bell.svg", "icon:heart": "/svg/heart.svg"},
			States: []string{"in end", "loop inside", "loop loop", "hover end", "hover blank", "hover moves",
				"hover inside", "in-late end", "loop-open inside", "loop-open loop", "morph end", "morph middle",
				"morph inside", "morph-heart end", "morph-heart middle", "morph-heart inside"}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("plan (-want +got):\n%s", diff)
	}
	if !slices.Contains(jobs[0].Frames, 198) || !slices.Contains(jobs[0].Frames, 199) || !slices.Contains(jobs[0].Frames, 0) {
		t.Errorf("outline frames %v lack the ends of hover or the start of in", jobs[0].Frames)
	}
	if in := jobs[0].Inside; !slices.Contains(in, 161) || !slices.Contains(in, 163) || slices.Contains(in, 162) ||
		!slices.Contains(in, 41) || !slices.Contains(in, 45) || slices.Contains(in, 43) {
		t.Errorf("outline frames drawn widened %v: want every second of hover, every fourth of loop", in)
	}

	old, err := planMotionJobs(lateBell, heart)
	if err != nil {
		t.Fatal(err)
	}
	if len(old) != 1 || old[0].File != "/assets/bell.json" || old[0].Refs["outline"] != "/svg/bell.svg" {
		t.Errorf("a record without files: want one outline job, got %+v", old)
	}
	nope := catalog.Icon{ID: "x", Files: []catalog.StyleFile{{Style: "outline"}},
		States: []catalog.State{{Name: "morph-nope", StartFrame: 1, EndFrame: 2, TargetIcon: "nope", Styles: []string{"outline"}}}}
	if _, err := planMotionJobs(nope, heart); err == nil {
		t.Error("a morph to an unknown icon planned without error")
	}
}

// TestMotionChecksFail runs brokenBell and lateBell through both renderers and wants exactly their
// planted faults refused.
func TestMotionChecksFail(t *testing.T) {
	lib := fullLibrary(t)
	edge := edgeOf(t, lib)
	// The fake filled file and SVG are bell's outline ones; the wide file is bell's, grown.
	wide := widened(t, edge)
	site := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/assets/wide/bell.json" {
			w.Header().Set("Content-Type", "application/json")
			w.Write(wide)
			return
		}
		r.URL.Path = strings.Replace(strings.Replace(r.URL.Path, "/assets/filled/", "/assets/", 1), "/svg/filled/", "/svg/", 1)
		edge.ServeHTTP(w, r)
	})
	other := func(id string) (catalog.Icon, error) { return loadRecord(lib.Public, id) }
	var jobs []motionJob
	for _, r := range []catalog.Icon{brokenBell, lateBell, wideBell} {
		js, err := planMotionJobs(r, other)
		if err != nil {
			t.Fatal(err)
		}
		jobs = append(jobs, js...)
	}
	want := []string{
		"bell-late/outline in start", "bell-wide/outline loop inside",
		"bell/filled in-late end", "bell/filled loop-open loop", "bell/filled morph-heart end",
		"bell/outline hover-blank blank", "bell/outline hover-still moves", "bell/outline in-late end",
		"bell/outline loop-open loop", "bell/outline morph-back middle", "bell/outline morph-heart end",
		"bell/outline morph-heart-back from", "bell/outline morph-heart-back middle",
	}
	harness := newMotionHarness(t, site)
	browser := newBrowser(t)
	for _, renderer := range motionRenderers {
		t.Run(renderer, func(t *testing.T) {
			if renderer == "skottie" && !skottieAvailable(t) {
				t.Skip("no CanvasKit")
			}
			ctx := openMotionTab(t, browser, harness, 2*time.Minute, renderer)
			outcomes, failures := judgeMotion(jobs, measureMotion(t, ctx, renderer, jobs))
			var got []string
			for _, o := range outcomes {
				if o.problem != "" {
					got = append(got, fmt.Sprintf("%s/%s %s %s", o.id, o.style, o.state, o.kind))
				}
			}
			slices.Sort(got)
			if len(failures) != len(got) {
				t.Errorf("failures other than checks: %q", failures)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("refused checks (-want +got):\n%s\nall problems:\n  %s", diff, strings.Join(failures, "\n  "))
			}
		})
	}
}
