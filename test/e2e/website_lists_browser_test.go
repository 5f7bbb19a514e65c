package e2e

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"testing"

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

// scrollToEndJS scrolls the page to its end a screen and a half at a time, a frame and a pause between
// steps, and answers the long tasks (PerformanceObserver "longtask") of the scroll and the most elements
// the document held at once.
const scrollToEndJS = `new Promise((done) => {
  const long = [];
  const watch = new PerformanceObserver((l) => long.push(...l.getEntries().map((e) => Math.round(e.duration))));
  watch.observe({ type: "longtask" });
  let most = 0;
  const step = () => {
    most = Math.max(most, document.getElementsByTagName("*").length);
    if (innerHeight + scrollY >= document.documentElement.scrollHeight - 2) {
      setTimeout(() => { watch.disconnect(); done({ long, most }); }, 500);
      return;
    }
    scrollBy(0, innerHeight * 1.5);
    requestAnimationFrame(() => setTimeout(step, 60));
  };
  step();
})`

// TestWebsiteAllIconsScrolls (issue 53): on a phone's touch screen (390×844) the all-icons view holds the
// whole library in one grid from its first page: scrolled to the end it shows the last icon, the document
// never holds more than a few screens of tiles, and no task of the scroll blocks the page over 50 ms.
func TestWebsiteAllIconsScrolls(t *testing.T) {
	browser := newBrowser(t)
	lib := fullLibrary(t)
	list := iconList(t, lib.Public)
	last := list[len(list)-1][0]
	ctx, problems := openTab(t, browser, tabOptions{width: 390, height: 844, touch: true})
	navigate(t, ctx, lib.URL+"/all/")
	waitJS(t, ctx, "the grid windowed", `document.querySelector("#grid").style.paddingBottom !== ""`)
	got := js[struct {
		Long []float64 `json:"long"`
		Most int       `json:"most"`
	}](t, ctx, scrollToEndJS)
	t.Logf("scrolled to the end: long tasks %v ms, at most %d elements", got.Long, got.Most)
	for _, d := range got.Long {
		if d > 50 {
			t.Errorf("a task of %v ms blocked the scroll, want none over 50 ms (all: %v)", d, got.Long)
		}
	}
	if got.Most > 3000 {
		t.Errorf("the document held %d elements while scrolling, want a window of the list (at most 3,000)", got.Most)
	}
	waitJS(t, ctx, "the last icon in view", fmt.Sprintf(`(() => { const a = document.querySelector('#grid a[data-icon=%q]');
	  return a && a.getBoundingClientRect().bottom <= innerHeight; })()`, last))
	problems.check(t)
}
