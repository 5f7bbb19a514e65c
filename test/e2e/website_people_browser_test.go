package e2e

import (
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestWebsiteWithoutJavaScript: with scripts off, a person types into the home page's search form and
// submits it, with all categories and with one, and gets ranked results rendered by the edge; the icon
// page hides the controls that need the script and shows every code sample.
func TestWebsiteWithoutJavaScript(t *testing.T) {
	browser := newBrowser(t)
	lib := fullLibrary(t)
	ctx, problems := openTab(t, browser, tabOptions{noScript: true})
	navigate(t, ctx, lib.URL+"/")
	if js[bool](t, ctx, `!!(window.iconlib)`) {
		t.Fatal("the site's script ran; scripts should be off")
	}

	search := func(q, category string) {
		t.Helper()
		if category != "" {
			if err := chromedp.Do(ctx, chromedp.SetValue(chromedp.ID("category"), category)); err != nil {
				t.Fatal(err)
			}
		}
		if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.ID("q"), q+kb.Enter)); err != nil {
			t.Fatal(err)
		}
		want := "/?" + url.Values{"category": {category}, "q": {q}}.Encode()
		waitLoaded(t, ctx, want, `new URLSearchParams(location.search).get("q") === `+quoteJS(q))
		got := js[map[string]string](t, ctx, `(() => { const p = new URLSearchParams(location.search);
		  return { category: p.get("category"), title: document.getElementById("results-title").textContent,
		    status: document.getElementById("status").textContent }; })()`)
		if got["category"] != category || !strings.Contains(got["title"], q) || !strings.Contains(got["status"], "well, best first") {
			t.Errorf("after searching %q in %q without scripts: %v", q, category, got)
		}
	}

	search("trash", "")
	first := js[[]string](t, ctx, `[...document.querySelectorAll("#grid a[data-icon]")].map((a) => a.dataset.icon)`)
	if len(first) == 0 || first[0] != "trash" || len(first) > 12 {
		t.Errorf("the good matches for trash are %v; want trash first, and only the good ones", first)
	}
	if js[bool](t, ctx, `document.getElementById("more").hidden`) {
		t.Error("the weaker matches for trash are not behind show more")
	}
	js[chromedp.Void](t, ctx, `document.getElementById("q").value = ""`)
	search("left", "arrows")
	icons := js[[]string](t, ctx, `[...document.querySelectorAll("#grid a[data-icon], #more-grid a[data-icon]")].map((a) => a.dataset.icon)`)
	if len(icons) == 0 || !strings.HasPrefix(icons[0], "arrow") {
		t.Errorf("left in arrows: %v", icons)
	}
	for _, id := range icons {
		if !strings.Contains(id, "arrow") && !strings.Contains(id, "chevron") && !strings.Contains(id, "corner") {
			t.Logf("left in arrows also shows %s", id)
		}
	}
	if sel := js[string](t, ctx, `document.getElementById("category").value`); sel != "arrows" {
		t.Errorf("the category picked is %q after the search, want arrows", sel)
	}

	// The icon page: what needs the script is not shown; every code sample is.
	navigate(t, ctx, lib.URL+"/icons/trash/")
	visible := js[map[string]bool](t, ctx, `(() => { const shown = (sel) => [...document.querySelectorAll(sel)].some((el) => el.getClientRects().length > 0);
	  return { picker: shown("#picker"), buttons: shown(".stage button"), theme: shown(".theme"), appearance: shown("#appearance"),
	    tabs: shown('[role="tablist"]'), allPanels: [...document.querySelectorAll(".panel")].every((p) => p.getClientRects().length > 0),
	    picture: shown("#player img") }; })()`)
	if visible["picker"] || visible["buttons"] || visible["theme"] || visible["appearance"] || visible["tabs"] {
		t.Errorf("without scripts the icon page shows controls that do nothing: %v", visible)
	}
	if !visible["allPanels"] || !visible["picture"] {
		t.Errorf("without scripts the icon page hides its picture or code: %v", visible)
	}
	navigate(t, ctx, lib.URL+"/motions/")
	if n := js[int](t, ctx, `[...document.querySelectorAll("button")].filter((b) => b.getClientRects().length > 0).length`); n != 0 {
		t.Errorf("without scripts the motion gallery shows %d buttons that do nothing", n)
	}
	problems.check(t)
}

// quoteJS quotes s as a JavaScript string.
func quoteJS(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

// TestMistypedPageAddress: a person's browser on a mistyped icon address gets a 404 page with the closest
// icons and a search box; the API and files keep the JSON envelope.
func TestMistypedPageAddress(t *testing.T) {
	lib := fullLibrary(t)
	get := func(path, accept string) (*http.Response, string) {
		t.Helper()
		req, _ := http.NewRequest(http.MethodGet, lib.URL+path, nil)
		if accept != "" {
			req.Header.Set("Accept", accept)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res, string(b)
	}
	const browser = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
	res, body := get("/icons/trahs/", browser)
	if res.StatusCode != http.StatusNotFound || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("/icons/trahs/: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	wantContains(t, "the 404 page", body, `href="/icons/trash/"`, `<input id="q" name="q"`, `value="trahs"`, `href="/"`)
	for _, p := range []string{"/api/v1/icons/trahs", "/assets/trahs.json"} {
		res, body := get(p, browser)
		if res.StatusCode != http.StatusNotFound || res.Header.Get("Content-Type") != "application/json" || errorCode([]byte(body)) != "not_found" {
			t.Errorf("%s: %d %s %s, want the JSON envelope", p, res.StatusCode, res.Header.Get("Content-Type"), body)
		}
	}
}
