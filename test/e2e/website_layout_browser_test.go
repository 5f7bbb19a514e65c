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
		{"/icons/trash/", `window.iconlib && ` + stagePlayersJS + `.length === 2 && ` + stagePlayersJS + `.every((p) => p.isLoaded) && document.querySelector(".code-block")`},
		{"/docs/web/", `document.readyState === "complete"`},
		// Its play buttons are there from the first paint.
		{"/motions/", `window.iconlib && document.querySelector("section.motion .preview.live")`},
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

// stagePlayersJS is the icon page's two players (the big one, then the actual size), without the
// animations of the tiles on the page.
const stagePlayersJS = `window.iconlib.players().filter((p) => p.wrapper.closest("#stage"))`

// TestWebsiteIconPageDownloadsInReach: an icon page puts its actions right after the preview and its
// pickers: every download button is above the fold on a desktop (1280×800) and within the first one and a
// half screens on a phone (390×844), before the related icons and the folded details.
func TestWebsiteIconPageDownloadsInReach(t *testing.T) {
	browser := newBrowser(t)
	lib := fullLibrary(t)
	type box struct {
		Buttons, Bottom, Related, Details float64
		Open                              bool
	}
	for _, size := range []struct {
		name          string
		width, height int64
		reach         float64
	}{{"desktop", 1280, 800, 800}, {"phone", 390, 844, 1.5 * 844}} {
		ctx, problems := openTab(t, browser, tabOptions{width: size.width, height: size.height})
		// download has two styles, bell a morph and many states: the longest pickers.
		for _, path := range []string{"/icons/download/", "/icons/bell/", "/icons/brand-github/"} {
			navigate(t, ctx, lib.URL+path)
			waitJS(t, ctx, "the page ready", `window.iconlib && `+stagePlayersJS+`.length === 2 && document.querySelector(".code-section.tabbed")`)
			got := js[box](t, ctx, `(() => {
			  const top = (el) => el.getBoundingClientRect().top + scrollY;
			  const buttons = [...document.querySelectorAll("#takeaway .downloads button")];
			  return { buttons: buttons.length, bottom: Math.max(...buttons.map((b) => b.getBoundingClientRect().bottom + scrollY)),
			    related: top(document.getElementById("related-grid")), details: top(document.querySelector("details.details")),
			    open: document.querySelector("details.details").open };
			})()`)
			t.Logf("%s %s: downloads end at %.0f px, related icons at %.0f, details at %.0f", size.name, path, got.Bottom, got.Related, got.Details)
			if got.Buttons < 2 || got.Bottom > size.reach {
				t.Errorf("%s %s: %.0f download buttons end at %.0f px, want them within %.0f px", size.name, path, got.Buttons, got.Bottom, size.reach)
			}
			if !(got.Bottom < got.Related && got.Related < got.Details) || got.Open {
				t.Errorf("%s %s: downloads end at %.0f, related icons at %.0f, details at %.0f (open %v): want that order, the details folded",
					size.name, path, got.Bottom, got.Related, got.Details, got.Open)
			}
		}
		problems.check(t)
	}
}
