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

// wholeTilesJS counts the home grid's tiles wholly in the first screen.
const wholeTilesJS = `[...document.querySelectorAll("#grid .tile")].filter((li) => {
  const r = li.getBoundingClientRect();
  return r.top >= 0 && r.bottom <= innerHeight && r.width > 0;
}).length`

// TestWebsiteDenseGrids: the home page's first screen holds at least 40 whole tiles at 1280×800 and 12 on a
// 390×844 phone; the introduction steps aside once a search starts (typed, or rendered for /?q=) and comes
// back when it is cleared; the appearance's size slider sizes the tiles' icons.
func TestWebsiteDenseGrids(t *testing.T) {
	browser := newBrowser(t)
	lib := fullLibrary(t)
	for _, size := range []struct {
		name          string
		width, height int64
		want          int
	}{{"desktop", 1280, 800, 40}, {"phone", 390, 844, 12}} {
		ctx, problems := openTab(t, browser, tabOptions{width: size.width, height: size.height})
		navigate(t, ctx, lib.URL+"/")
		waitJS(t, ctx, "the home page's script", `window.iconlib`)
		if got := js[int](t, ctx, wholeTilesJS); got < size.want {
			t.Errorf("%s: %d whole tiles in the first %d px, want at least %d", size.name, got, size.height, size.want)
		} else {
			t.Logf("%s: %d whole tiles in the first screen", size.name, got)
		}
		const intro = `document.querySelector(".hero .intro").getClientRects().length > 0`
		if !js[bool](t, ctx, intro) {
			t.Errorf("%s: the home page hides its introduction before any search", size.name)
		}
		if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.ID("q"), "trash")); err != nil {
			t.Fatal(err)
		}
		waitJS(t, ctx, "the introduction stepping aside and the results", `!(`+intro+`) && document.querySelector('#grid a[data-icon="trash"]')`)
		if top := js[float64](t, ctx, `document.getElementById("grid").getBoundingClientRect().top`); top > float64(size.height)/2 {
			t.Errorf("%s: during a search the results start at %.0f px, want them in the top half", size.name, top)
		}
		js[chromedp.Void](t, ctx, `(() => { const q = document.getElementById("q"); q.value = ""; q.dispatchEvent(new Event("input", {bubbles: true})); })()`)
		waitJS(t, ctx, "the introduction back with the popular icons", intro+` && document.getElementById("results-title").textContent === "Popular icons"`)

		// The size slider sizes the tiles' icons (from 32 px), so fewer fit a row.
		row := `new Set([...document.querySelectorAll("#grid .tile")].map((li) => li.getBoundingClientRect().top)).size`
		rowsBefore := js[int](t, ctx, row)
		js[chromedp.Void](t, ctx, `(() => { const s = document.getElementById("ap-size"); s.value = "64"; s.dispatchEvent(new Event("input", {bubbles: true})); })()`)
		if got := js[float64](t, ctx, `document.querySelector("#grid .preview").getBoundingClientRect().width`); got != 64 {
			t.Errorf("%s: after the size slider at 64 a tile's icon is %.0f px wide", size.name, got)
		}
		if rowsAfter := js[int](t, ctx, row); rowsAfter <= rowsBefore {
			t.Errorf("%s: the grid has %d rows with 64 px icons, %d before: want more", size.name, rowsAfter, rowsBefore)
		}
		js[chromedp.Void](t, ctx, `document.querySelector("#appearance button[type=reset]").click()`)

		// The edge renders a search with the introduction aside too.
		navigate(t, ctx, lib.URL+"/?q=trash")
		waitJS(t, ctx, "the search page", `document.readyState === "complete"`)
		if js[bool](t, ctx, intro) {
			t.Errorf("%s: /?q=trash shows the introduction above the results", size.name)
		}
		problems.check(t)
	}
}
