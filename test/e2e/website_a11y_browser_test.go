package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// axeScript is axe-core's browser build, installed by `make axe-deps` (npm, pinned in test/axe).
var axeScript = filepath.Join("..", "..", "test", "axe", "node_modules", "axe-core", "axe.min.js")

// readAxe reads axe-core; without it the test is skipped, except in CI (env CI set), where it must run.
func readAxe(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(axeScript)
	if err != nil {
		msg := "axe-core is not installed in test/axe: run `make axe-deps`"
		if os.Getenv("CI") != "" {
			t.Fatal(msg + "; CI must check accessibility")
		}
		t.Skip(msg)
	}
	return string(b)
}

type axeViolation struct {
	ID      string   `json:"id"`
	Impact  string   `json:"impact"`
	Help    string   `json:"help"`
	Targets []string `json:"targets"`
}

// axeRunJS runs every axe-core rule that is on by default (WCAG 2 A and AA, and best practices) on the
// page and answers the violations, with up to five elements each.
const axeRunJS = `axe.run(document, { resultTypes: ["violations"] }).then((r) => r.violations.map((v) => ({
  id: v.id, impact: v.impact || "", help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")) })))`

// TestWebsiteAccessibility runs axe-core on the home page, a search, an icon page, a category and all
// icons (long grids, windowed), a guide, the motion gallery (its toggles are buttons with aria-pressed) and the 404 page, in light and dark, after their
// scripts have started: no violation of any impact.
func TestWebsiteAccessibility(t *testing.T) {
	axe := readAxe(t)
	browser := newBrowser(t)
	lib := fullLibrary(t)
	pages := []struct{ path, ready string }{
		{"/", `window.iconlib && document.querySelector("#grid .preview.live")`},
		{"/?q=trash", `window.iconlib && document.querySelector("#grid .preview.live")`},
		{"/icons/trash/", `window.iconlib && window.iconlib.players().every((p) => p.isLoaded) && document.querySelector(".code-block")`},
		{"/categories/system/", `window.iconlib && document.querySelector("#grid").style.paddingBottom !== ""`},
		{"/all/", `window.iconlib && document.querySelector("#grid").style.paddingBottom !== ""`},
		{"/docs/web/", `document.readyState === "complete"`},
		{"/motions/", `window.iconlib && document.querySelector("section.motion .preview.live")`},
		{"/icons/trahs/", `document.readyState === "complete"`},
	}
	for _, dark := range []bool{false, true} {
		for _, p := range pages {
			t.Run(fmt.Sprintf("%s dark=%v", p.path, dark), func(t *testing.T) {
				ctx, problems := openTab(t, browser, tabOptions{darkScheme: dark})
				if strings.Contains(p.path, "trahs") {
					problems.expect(p.path) // the 404 itself
				}
				navigate(t, ctx, lib.URL+p.path)
				waitJS(t, ctx, "the page ready", p.ready)
				js[any](t, ctx, axe+"\n;true")
				for _, v := range js[[]axeViolation](t, ctx, axeRunJS) {
					t.Errorf("axe %s (%s): %s: %v", v.ID, v.Impact, v.Help, v.Targets)
				}
				problems.check(t)
			})
		}
	}
}
