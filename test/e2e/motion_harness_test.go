package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The renderers of the motion harness (testdata/motion/harness.js): the site's lottie-web, and Skottie
// from npm canvaskit-wasm (bin/full), installed by `npm ci` in test/renderers (make renderers-deps).
var motionRenderers = []string{"lottie-web", "skottie"}

const canvaskitDir = "../../test/renderers/node_modules/canvaskit-wasm/bin/full"

// motionWellKnown are always in the default sample when they exist: familiar icons whose motions people
// look at first, and shapes that were hard before (arcs, circles, many subpaths, fills, dots).
var motionWellKnown = []string{
	"bell", "settings", "heart", "trash", "arrow-right", "download", "upload", "wifi", "loader", "loader-2",
	"eye", "clock", "lock", "menu-2", "player-play", "home", "search", "check", "x", "star", "refresh",
	"mail", "user", "circle", "accessible", "brand-deliveroo", "brand-parsinta", "app-window-bottom",
	"calendar", "brand-github",
}

// motionSampleSize is how many evenly spread icons the default sample has, besides motionWellKnown.
const motionSampleSize = 300

// motionSample picks the icons to check from the records in public: ICONLIB_MOTION_SAMPLE is "all", a
// number of evenly spread icons, or a comma-separated list of ids; empty means motionSampleSize.
func motionSample(public, spec string) ([]string, error) {
	files, err := filepath.Glob(filepath.Join(public, "api", "v1", "icons", "*.json"))
	if err != nil {
		return nil, err
	}
	ids := make([]string, 0, len(files))
	for _, f := range files {
		ids = append(ids, strings.TrimSuffix(filepath.Base(f), ".json"))
	}
	slices.Sort(ids)
	n := motionSampleSize
	switch spec = strings.TrimSpace(spec); {
	case spec == "all":
		return ids, nil
	case strings.ContainsAny(spec, ",") || (spec != "" && !isDigits(spec)):
		var picked []string
		for _, id := range strings.Split(spec, ",") {
			id = strings.TrimSpace(id)
			if _, ok := slices.BinarySearch(ids, id); !ok {
				return nil, fmt.Errorf("ICONLIB_MOTION_SAMPLE: no icon %q in %s", id, public)
			}
			picked = append(picked, id)
		}
		return picked, nil
	case spec != "":
		n, _ = strconv.Atoi(spec)
	}
	if n <= 0 || n >= len(ids) {
		return ids, nil
	}
	var sample []string
	for i := range n {
		sample = append(sample, ids[i*len(ids)/n])
	}
	for _, id := range motionWellKnown {
		if _, ok := slices.BinarySearch(ids, id); ok && !slices.Contains(sample, id) {
			sample = append(sample, id)
		}
	}
	return sample, nil
}

func isDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// skottieAvailable reports whether CanvasKit is installed, and logs its version; without it the Skottie
// half is skipped, except in CI (env CI set), where it must run.
func skottieAvailable(t *testing.T) bool {
	t.Helper()
	if _, err := os.Stat(filepath.Join(canvaskitDir, "canvaskit.wasm")); err != nil {
		msg := "CanvasKit (npm canvaskit-wasm) is not installed in test/renderers: run `make renderers-deps`"
		if os.Getenv("CI") != "" {
			t.Fatal(msg + "; CI must run both renderers")
		}
		t.Log(msg)
		return false
	}
	var pkg struct{ Version string }
	if b, err := os.ReadFile(filepath.Join(canvaskitDir, "..", "..", "package.json")); err == nil && json.Unmarshal(b, &pkg) == nil {
		t.Logf("skottie: canvaskit-wasm %s (bin/full)", pkg.Version)
	}
	return true
}

// newMotionHarness serves the harness page under /harness/, CanvasKit under /harness/canvaskit/, and
// everything else from site, so the page reads the site's files from its own origin.
func newMotionHarness(t *testing.T, site http.Handler) string {
	t.Helper()
	mux := http.NewServeMux()
	mux.Handle("/harness/canvaskit/", http.StripPrefix("/harness/canvaskit/", http.FileServer(http.Dir(canvaskitDir))))
	mux.Handle("/harness/", http.StripPrefix("/harness/", http.FileServer(http.Dir("testdata/motion"))))
	mux.Handle("/", site)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv.URL
}

// edgeOf is the library's edge, reached through a proxy.
func edgeOf(t *testing.T, lib *library) http.Handler {
	t.Helper()
	u, err := url.Parse(lib.URL)
	if err != nil {
		t.Fatal(err)
	}
	return httputil.NewSingleHostReverseProxy(u)
}

// openMotionTab opens the harness page in a new tab of browser and loads the renderers.
func openMotionTab(t *testing.T, browser context.Context, harness string, timeout time.Duration, renderers ...string) context.Context {
	t.Helper()
	tab, cancelTab := chromedp.NewContext(browser)
	t.Cleanup(cancelTab)
	ctx, cancel := context.WithTimeout(tab, timeout)
	t.Cleanup(cancel)
	names, _ := json.Marshal(renderers)
	if err := chromedp.Do(ctx, chromedp.Navigate(harness+"/harness/index.html")); err != nil {
		t.Fatalf("opening the motion harness: %v", err)
	}
	versions, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](fmt.Sprintf("window.iconlibMotion.init(%s)", names),
		chromedp.EvalAsValue, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("opening the motion harness with %s: %v", strings.Join(renderers, ", "), err)
	}
	t.Logf("renderers: %s", strings.Join(versions, ", "))
	return ctx
}

// measureMotion has the page measure jobs with one renderer, a batch per call, and returns the results
// in order.
func measureMotion(t *testing.T, ctx context.Context, renderer string, jobs []motionJob) []motionResult {
	t.Helper()
	const batch = 20
	start := time.Now()
	results := make([]motionResult, 0, len(jobs))
	for part := range slices.Chunk(jobs, batch) {
		if n := len(results); n > 0 && n%1000 == 0 {
			t.Logf("%s: %d of %d files measured in %s", renderer, n, len(jobs), time.Since(start).Round(time.Second))
		}
		arg, err := json.Marshal(part)
		if err != nil {
			t.Fatal(err)
		}
		expr := fmt.Sprintf("window.iconlibMotion.check(%q, %s, %d)", renderer, arg, motionSize)
		got, err := chromedp.Run(ctx, chromedp.Evaluate[[]motionResult](expr, chromedp.EvalAsValue, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatalf("%s: measuring %s … %s: %v", renderer, part[0].Key, part[len(part)-1].Key, err)
		}
		if len(got) != len(part) {
			t.Fatalf("%s: the page answered %d results for %d files", renderer, len(got), len(part))
		}
		results = append(results, got...)
	}
	return results
}
