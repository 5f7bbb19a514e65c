package e2e

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/iconlib/iconlib/internal/contract"
)

// iconList reads the build's list of tiles, [id, name, category, styles] per icon in catalog order.
func iconList(t *testing.T, public string) [][4]string {
	t.Helper()
	var rows [][4]string
	if err := json.Unmarshal(mustRead(t, public, filepath.FromSlash(contract.IconListFile)), &rows); err != nil {
		t.Fatal(err)
	}
	return rows
}

// scrollToEndJS scrolls the page to its end a screen every 100 ms (a brisk fling, 8,000 px a second on a
// phone), whatever the frame rate of a loaded machine, and answers the long tasks (PerformanceObserver
// "longtask") of the scroll and the most elements the document held at once.
const scrollToEndJS = `new Promise((done) => {
  const long = [];
  const watch = new PerformanceObserver((l) => long.push(...l.getEntries().map((e) => Math.round(e.duration))));
  watch.observe({ type: "longtask" });
  let most = 0;
  const step = setInterval(() => {
    most = Math.max(most, document.getElementsByTagName("*").length);
    if (innerHeight + scrollY < document.documentElement.scrollHeight - 2) {
      scrollBy(0, innerHeight);
      return;
    }
    clearInterval(step);
    setTimeout(() => { watch.disconnect(); done({ long, most }); }, 500);
  }, 100);
})`

// TestWebsiteAllIconsScrolls (issue 53): on a phone's touch screen (390×844) the all-icons view holds the
// whole library in one grid from its first page: scrolled to the end it shows the last icon, the document
// never holds more than a few screens of tiles, and no task of the scroll blocks the page over 50 ms. A
// long task's length is wall time, which a loaded machine stretches: a scroll passes when one of up to
// three does (a grid that rendered every tile would block every one of them for seconds).
func TestWebsiteAllIconsScrolls(t *testing.T) {
	browser := newBrowser(t)
	lib := fullLibrary(t)
	list := iconList(t, lib.Public)
	last := list[len(list)-1][0]
	ctx, problems := openTab(t, browser, tabOptions{width: 390, height: 844, touch: true})
	var blocked []float64
	for pass := 1; pass <= 3; pass++ {
		navigate(t, ctx, lib.URL+"/all/")
		waitJS(t, ctx, "the grid windowed", `document.querySelector("#grid").style.paddingBottom !== ""`)
		got := js[struct {
			Long []float64 `json:"long"`
			Most int       `json:"most"`
		}](t, ctx, scrollToEndJS)
		t.Logf("scroll %d to the end: long tasks %v ms, at most %d elements", pass, got.Long, got.Most)
		if got.Most > 3000 {
			t.Errorf("the document held %d elements while scrolling, want a window of the list (at most 3,000)", got.Most)
		}
		waitJS(t, ctx, "the last icon in view", fmt.Sprintf(`(() => { const a = document.querySelector('#grid a[data-icon=%q]');
		  return a && a.getBoundingClientRect().bottom <= innerHeight; })()`, last))
		blocked = slices.DeleteFunc(got.Long, func(ms float64) bool { return ms <= 50 })
		if len(blocked) == 0 {
			break
		}
	}
	if len(blocked) > 0 {
		t.Errorf("every scroll to the end had a task over 50 ms; the last: %v ms", blocked)
	}
	problems.check(t)
}

// TestWebsitePersonPicksTilesStyle: on a category's windowed grid a person picks the filled style in the
// page's own select, and the tiles of icons drawn filled load their filled animation.
func TestWebsitePersonPicksTilesStyle(t *testing.T) {
	browser := newBrowser(t)
	lib := fullLibrary(t)
	ctx, problems := openTab(t, browser, tabOptions{})
	navigate(t, ctx, lib.URL+"/categories/arrows/")
	waitJS(t, ctx, "the grid windowed", `window.iconlib && document.querySelector("#grid").style.paddingBottom !== ""`)
	js[chromedp.Void](t, ctx, `(() => { const s = document.querySelector('#grid-pick select[name="style"]');
	  s.value = "filled"; s.dispatchEvent(new Event("change", { bubbles: true })); })()`)
	tile := `document.querySelector('#grid a[data-icon="arrow-big-down"]')`
	js[chromedp.Void](t, ctx, tile+`.scrollIntoView({block: "center"})`)
	waitJS(t, ctx, "arrow-big-down's filled animation", `(() => { const p = window.iconlib.players().find((p) => p.wrapper === `+tile+`.querySelector(".preview"));
	  return p && p.isLoaded && (p.path + p.fileName).endsWith("/assets/filled/arrow-big-down"); })()`)
	problems.check(t)
}
