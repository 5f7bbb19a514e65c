package e2e

import (
	"testing"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// schemeAtBody runs before the page's scripts and notes the colour scheme the page has when its <body>
// arrives, before anything of it can paint.
const schemeAtBody = `new MutationObserver((_, obs) => {
  if (!document.body) return;
  window.__schemeAtBody = document.documentElement.dataset.scheme || "system";
  obs.disconnect();
}).observe(document, { childList: true, subtree: true });`

// TestWebsiteSchemeSwitch: the header's dark mode switch turns a light system's pages dark and back, says
// so (aria-pressed), and is remembered: the next page is dark before its body paints; the icon page's
// preview follows it.
func TestWebsiteSchemeSwitch(t *testing.T) {
	browser := newBrowser(t)
	lib := fullLibrary(t)
	ctx, problems := openTab(t, browser, tabOptions{})
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: schemeAtBody}); err != nil {
		t.Fatal(err)
	}
	navigate(t, ctx, lib.URL+"/")
	waitJS(t, ctx, "the page's script", `window.iconlib`)
	type look struct {
		Background, Pressed, AtBody string
	}
	const lookJS = `({ background: getComputedStyle(document.body).backgroundColor,
	  pressed: document.getElementById("scheme-toggle").getAttribute("aria-pressed"), atBody: window.__schemeAtBody })`
	if got := js[look](t, ctx, lookJS); got.Background != "rgb(255, 255, 255)" || got.Pressed != "false" {
		t.Errorf("on a light system the home page shows %+v, want white and the switch off", got)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("scheme-toggle"))); err != nil {
		t.Fatal(err)
	}
	if got := js[look](t, ctx, lookJS); got.Background != "rgb(20, 23, 27)" || got.Pressed != "true" {
		t.Errorf("after the switch the home page shows %+v, want dark and the switch on", got)
	}
	navigate(t, ctx, lib.URL+"/icons/bell/")
	waitJS(t, ctx, "the icon page's script", `window.iconlib && document.getElementById("stage").dataset.theme`)
	if got := js[look](t, ctx, lookJS); got.Background != "rgb(20, 23, 27)" || got.Pressed != "true" || got.AtBody != "dark" {
		t.Errorf("the next page shows %+v, want dark from before its body (no flash) and the switch on", got)
	}
	if got := js[string](t, ctx, `document.getElementById("stage").dataset.theme`); got != "dark" {
		t.Errorf("the preview's background is %s under the dark switch, want dark", got)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("scheme-toggle"))); err != nil {
		t.Fatal(err)
	}
	navigate(t, ctx, lib.URL+"/")
	waitJS(t, ctx, "the page's script", `window.iconlib`)
	if got := js[look](t, ctx, lookJS); got.Background != "rgb(255, 255, 255)" || got.Pressed != "false" || got.AtBody != "light" {
		t.Errorf("switched back, the next page shows %+v, want light from before its body", got)
	}
	problems.check(t)
}

// TestWebsiteGridKeys: in a grid of tiles the arrow keys move focus by one tile or by a row, Home and End
// to the first and last; past an edge focus stays.
func TestWebsiteGridKeys(t *testing.T) {
	browser := newBrowser(t)
	lib := fullLibrary(t)
	ctx, problems := openTab(t, browser, tabOptions{})
	navigate(t, ctx, lib.URL+"/")
	waitJS(t, ctx, "the page's script", `window.iconlib`)
	ids := js[[]string](t, ctx, `[...document.querySelectorAll("#grid a[data-icon]")].map((a) => a.dataset.icon)`)
	row := js[int](t, ctx, `(() => { const a = [...document.querySelectorAll("#grid .tile")]; const top = a[0].getBoundingClientRect().top;
	  return a.filter((x) => x.getBoundingClientRect().top === top).length; })()`)
	if len(ids) < 2*row+2 || row < 2 {
		t.Fatalf("%d tiles, %d a row: too few to walk", len(ids), row)
	}
	if err := chromedp.Do(ctx, chromedp.Focus(chromedp.CSS(`#grid a[data-icon]`))); err != nil {
		t.Fatal(err)
	}
	focused := func() string {
		return js[string](t, ctx, `document.activeElement.dataset.icon || document.activeElement.tagName`)
	}
	for _, step := range []struct {
		key  string
		name string
		want string
	}{
		{kb.ArrowLeft, "ArrowLeft on the first", ids[0]},
		{kb.ArrowRight, "ArrowRight", ids[1]},
		{kb.ArrowDown, "ArrowDown", ids[1+row]},
		{kb.ArrowDown, "ArrowDown again", ids[1+2*row]},
		{kb.ArrowUp, "ArrowUp", ids[1+row]},
		{kb.End, "End", ids[len(ids)-1]},
		{kb.ArrowRight, "ArrowRight on the last", ids[len(ids)-1]},
		{kb.Home, "Home", ids[0]},
	} {
		if err := chromedp.Do(ctx, chromedp.KeyEvent(step.key)); err != nil {
			t.Fatal(err)
		}
		if got := focused(); got != step.want {
			t.Errorf("after %s focus is on %s, want %s", step.name, got, step.want)
		}
	}
	problems.check(t)
}
