package e2e

import (
	"testing"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// layoutShiftRecorder runs before the page's scripts and keeps every layout shift not caused by input
// (what Lighthouse sums into the cumulative layout shift of a load), with the elements that moved.
const layoutShiftRecorder = `window.__shifts = { cls: 0, moved: [] };
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    if (e.hadRecentInput) continue;
    window.__shifts.cls += e.value;
    for (const s of e.sources || []) {
      const n = s.node;
      window.__shifts.moved.push((n && n.nodeType === 1 ? n.tagName.toLowerCase() + (n.id ? "#" + n.id : "") +
        (typeof n.className === "string" && n.className ? "." + n.className.split(" ").join(".") : "") : "?") + " " + e.value.toFixed(4));
    }
  }
}).observe({ type: "layout-shift", buffered: true });`

type layoutShift struct {
	CLS   float64  `json:"cls"`
	Moved []string `json:"moved"`
}

// TestWebsiteLayoutIsStable: the pages do not jump while their scripts start and their animations load,
// on a phone and a desktop: the cumulative layout shift stays within 0.02 (Lighthouse's good is 0.1).
func TestWebsiteLayoutIsStable(t *testing.T) {
	browser := newBrowser(t)
	lib := fullLibrary(t)
	pages := []struct{ path, ready string }{
		{"/", `window.iconlib && document.querySelector("#grid .preview.live")`},
		{"/?q=trash", `window.iconlib && document.querySelector("#grid .preview.live")`},
		{"/icons/trash/", `window.iconlib && window.iconlib.players().length === 2 && window.iconlib.players().every((p) => p.isLoaded) && document.querySelector(".code-block")`},
		{"/docs/web/", `document.readyState === "complete"`},
	}
	for _, size := range []struct {
		name          string
		width, height int64
	}{{"phone", 412, 823}, {"desktop", 1350, 940}} {
		for _, p := range pages {
			t.Run(size.name+p.path, func(t *testing.T) {
				ctx, problems := openTab(t, browser, tabOptions{width: size.width, height: size.height})
				if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: layoutShiftRecorder}); err != nil {
					t.Fatal(err)
				}
				navigate(t, ctx, lib.URL+p.path)
				waitJS(t, ctx, "the page ready", p.ready)
				// Two frames later every shift of the last change has been reported.
				got := js[layoutShift](t, ctx, `new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => r(window.__shifts)))))`)
				t.Logf("CLS %.4f %v", got.CLS, got.Moved)
				if got.CLS > 0.02 {
					t.Errorf("cumulative layout shift %.4f, want at most 0.02; moved: %v", got.CLS, got.Moved)
				}
				problems.check(t)
			})
		}
	}
}
