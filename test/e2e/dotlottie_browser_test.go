package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/iconlib/iconlib/internal/catalog"
)

// dotLottieDir is dotlottie-web from npm, installed by `npm ci` in test/dotlottie (make dotlottie-deps).
const dotLottieDir = "../../test/dotlottie/node_modules/@lottiefiles/dotlottie-web"

// dotLottieAvailable reports whether dotlottie-web is installed, and logs its version; without it the
// test is skipped, except in CI (env CI set), where it must run.
func dotLottieAvailable(t *testing.T) {
	t.Helper()
	var pkg struct{ Version string }
	b, err := os.ReadFile(filepath.Join(dotLottieDir, "package.json"))
	if err == nil {
		err = json.Unmarshal(b, &pkg)
	}
	if err != nil {
		msg := "dotlottie-web (npm @lottiefiles/dotlottie-web) is not installed in test/dotlottie: run `make dotlottie-deps`"
		if os.Getenv("CI") != "" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	t.Logf("dotlottie-web %s", pkg.Version)
}

// openDotLottieTab serves the harness page and dotlottie-web (its wasm too: no network) under /harness/,
// and the library's files beside them, and opens the page.
func openDotLottieTab(t *testing.T, lib *library) context.Context {
	t.Helper()
	browser := newBrowser(t)
	mux := http.NewServeMux()
	mux.Handle("/harness/dotlottie/", http.StripPrefix("/harness/dotlottie/", http.FileServer(http.Dir(filepath.Join(dotLottieDir, "dist")))))
	mux.Handle("/harness/", http.StripPrefix("/harness/", http.FileServer(http.Dir("testdata/dotlottie"))))
	mux.Handle("/", edgeOf(t, lib))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	tab, cancelTab := chromedp.NewContext(browser)
	t.Cleanup(cancelTab)
	ctx, cancel := context.WithTimeout(tab, 5*time.Minute)
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/harness/index.html")); err != nil {
		t.Fatalf("opening the dotLottie harness: %v", err)
	}
	waitJS(t, ctx, "the harness", "!!window.iconlibDotLottie")
	return ctx
}

type dotLottieOpened struct {
	Manifest struct {
		Animations    []struct{ ID string }
		Themes        []struct{ ID string }
		StateMachines []struct{ ID string }
	}
	Markers []struct {
		Name       string
		Start, End float64
	}
	Theme  string
	Errors []string
}

type dotLottiePlayed struct {
	Landed []struct {
		Step, State string
		Frame       float64
	}
	Errors []string
}

type dotLottiePixels struct {
	Red, Light, Dark int
	RedBox           [4]int
}

// TestDotLottieStateMachinesReachTheirStates plays real built .lottie files in dotlottie-web in
// Chromium: the manifest lists the record's animations, themes and state machines, every marker of the
// record is in the file, and the outline state machine, driven by pointer events and fired inputs,
// lands on the documented states at the last frame of their markers: rest (in's last frame), hover on
// pointer enter, and on click the toggle (lock ↔ lock-open) or, without one, click (hover's frames), for
// three icons step by step and for icons spread over the library.
func TestDotLottieStateMachinesReachTheirStates(t *testing.T) {
	dotLottieAvailable(t)
	lib := fullLibrary(t)
	ctx := openDotLottieTab(t, lib)
	type walk struct {
		id    string
		steps []string
		want  []string // the state each step lands in, after the start's rest
	}
	walks := []walk{
		{"lock", []string{"enter", "click", "click", "hover"}, []string{"hover", "morph-lock-open", "morph-lock-open-back", "hover"}},
		{"heart", []string{"click", "click", "enter"}, []string{"morph-heart-broken", "morph-heart-broken-back", "hover"}},
		{"bell-check", []string{"enter", "click", "click"}, []string{"hover", "click", "click"}},
	}
	// and icons spread over the library: hover, then click (its toggle, else click)
	c := readCatalog(t, lib.Public)
	for i := range dotLottieSample {
		ic := c.Icons[i*len(c.Icons)/dotLottieSample]
		walks = append(walks, walk{ic.ID, []string{"enter", "click"}, []string{"hover", clicked(ic)}})
	}
	for _, tc := range walks {
		ic := readRecord(t, lib.Public, tc.id)
		opened := js[dotLottieOpened](t, ctx, fmt.Sprintf("window.iconlibDotLottie.open(%q)", tc.id))
		checkDotLottieManifest(t, ic, opened)
		played := js[dotLottiePlayed](t, ctx, fmt.Sprintf("window.iconlibDotLottie.play(%q, %s)", "outline", mustJSON(t, tc.steps)))
		if len(played.Errors) > 0 || len(played.Landed) != len(tc.steps)+1 {
			t.Fatalf("%s: the state machine played %+v with errors %v", tc.id, played.Landed, played.Errors)
		}
		want := append([]string{"rest"}, tc.want...)
		for i, l := range played.Landed {
			marker := map[string]string{"rest": "in", "click": "hover"}[l.State]
			if marker == "" {
				marker = l.State
			}
			_, end := stateFrames(t, ic, marker)
			if l.State != want[i] || math.Abs(l.Frame-float64(end)) > 1 {
				t.Errorf("%s: after %s the state machine is in %s at frame %.1f, want %s at frame %d (the last of marker %s)",
					tc.id, l.Step, l.State, l.Frame, want[i], end, marker)
			}
		}
		t.Logf("%s: %+v", tc.id, played.Landed)
	}
}

// dotLottieSample is how many icons, evenly spread over the library, TestDotLottieStateMachinesReachTheirStates
// plays besides its named ones.
const dotLottieSample = 20

// clicked is the state a click at rest leads to, as docs/dotlottie.md says: the first morph into another
// icon, else the morph into the filled form, else click.
func clicked(ic catalog.Icon) string {
	for _, s := range ic.States {
		if s.TargetIcon != "" && !s.MorphsBack() {
			return s.Name
		}
	}
	if len(ic.Styles) == 2 {
		return "morph"
	}
	return "click"
}

// checkDotLottieManifest: the file's manifest and markers are the record's.
func checkDotLottieManifest(t *testing.T, ic catalog.Icon, opened dotLottieOpened) {
	t.Helper()
	if len(opened.Errors) > 0 {
		t.Errorf("%s: loading the .lottie: %v", ic.ID, opened.Errors)
	}
	ids := func(list []struct{ ID string }) []string {
		var out []string
		for _, x := range list {
			out = append(out, x.ID)
		}
		return out
	}
	m := opened.Manifest
	if !slices.Equal(ids(m.Animations), ic.DotLottie.Animations) || !slices.Equal(ids(m.Animations), ic.Styles) ||
		!slices.Equal(ids(m.Themes), ic.DotLottie.Themes) || !slices.Equal(ids(m.StateMachines), ic.DotLottie.StateMachines) {
		t.Errorf("%s: the manifest lists animations %v, themes %v, state machines %v; the record %+v", ic.ID,
			ids(m.Animations), ids(m.Themes), ids(m.StateMachines), ic.DotLottie)
	}
	for _, s := range ic.States {
		if !slices.ContainsFunc(opened.Markers, func(k struct {
			Name       string
			Start, End float64
		}) bool {
			return k.Name == s.Name && int(k.Start) == s.StartFrame && int(k.End) == s.EndFrame
		}) {
			t.Errorf("%s: the outline animation has no marker %s at frames %d–%d", ic.ID, s.Name, s.StartFrame, s.EndFrame)
		}
	}
}

// TestDotLottieThemesColourTheSlots: the accent theme turns bell-check's badge, and only it, red in
// dotlottie-web; the dark theme draws the icon light.
func TestDotLottieThemesColourTheSlots(t *testing.T) {
	dotLottieAvailable(t)
	lib := fullLibrary(t)
	ctx := openDotLottieTab(t, lib)
	ic := readRecord(t, lib.Public, "bell-check")
	for _, theme := range []string{"", "accent", "dark"} {
		if opened := js[dotLottieOpened](t, ctx, fmt.Sprintf("window.iconlibDotLottie.open(%q, %q)", ic.ID, theme)); opened.Theme != theme || len(opened.Errors) > 0 {
			t.Fatalf("theme %q: the player's theme is %q (%v)", theme, opened.Theme, opened.Errors)
		}
		js[dotLottiePlayed](t, ctx, `window.iconlibDotLottie.play("outline", [])`) // rests on the still icon
		p := js[dotLottiePixels](t, ctx, "window.iconlibDotLottie.pixels()")
		t.Logf("theme %q: %+v", theme, p)
		// The check, M15 19l2 2l4 -4, with its stroke and antialiasing, at 10 px a unit.
		inCheck := p.RedBox[0] >= 130 && p.RedBox[1] >= 150 && p.RedBox[2] <= 230 && p.RedBox[3] <= 230
		switch theme {
		case "":
			if p.Red > 0 || p.Dark < 500 {
				t.Errorf("no theme: want the icon drawn dark and nothing red, got %+v", p)
			}
		case "accent":
			if p.Red < 100 || !inCheck || p.Dark < 500 {
				t.Errorf("accent: want the check red (within 130,150–230,230) and the bell dark, got %+v", p)
			}
		case "dark":
			if p.Light < 500 || p.Dark > 0 {
				t.Errorf("dark: want the icon drawn light, got %+v", p)
			}
		}
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
