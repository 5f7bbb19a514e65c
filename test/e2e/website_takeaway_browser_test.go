package e2e

import (
	"bytes"
	"fmt"
	"image/png"
	"math"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// clipboardRecorder keeps what the page copies (navigator.clipboard.writeText) in window.__copied.
const clipboardRecorder = `window.__copied = [];
Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText: (text) => { window.__copied.push(text); return Promise.resolve(); } } });`

// TestWebsiteIconPageTakeaway sets a colour, a stroke and a size on an icon page as a person does, then
// takes every download and copy and checks their bytes: the SVG and the Lottie file carry the colour and
// the stroke width, the PNGs the size (1× and 2×) and the colour's pixels, the <iconlib-icon> markup the
// icon's licence and the chosen attributes (and plays as set on another site); the URL carries the settings, and opening it
// again shows them.
func TestWebsiteIconPageTakeaway(t *testing.T) {
	browserCtx := newBrowser(t)
	lib := fullLibrary(t)
	ctx, problems := openTab(t, browserCtx, tabOptions{})
	downloads := t.TempDir()
	if _, err := chromedp.Call(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{Behavior: "allow", DownloadPath: downloads}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: clipboardRecorder}); err != nil {
		t.Fatal(err)
	}
	navigate(t, ctx, lib.URL+"/icons/bell/")
	waitJS(t, ctx, "both players", stagePlayersJS+`.length === 2 && `+stagePlayersJS+`.every((p) => p.isLoaded)`)

	// Colour #e11d48 by the picker, stroke 1.5 by two ArrowLeft on its slider, size 48 by its slider.
	js[chromedp.Void](t, ctx, `(() => { const c = document.getElementById("ap-color"); c.value = "#e11d48";
	  c.dispatchEvent(new Event("input", {bubbles: true}));
	  const s = document.getElementById("ap-size"); s.value = "48"; s.dispatchEvent(new Event("input", {bubbles: true})); })()`)
	if err := chromedp.Do(ctx, chromedp.Focus(chromedp.ID("ap-stroke")), chromedp.KeyEvent(kb.ArrowLeft), chromedp.KeyEvent(kb.ArrowLeft)); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`[data-motion="draw"]`))); err != nil {
		t.Fatal(err)
	}
	shared := js[string](t, ctx, `location.href`)
	q, _ := url.Parse(shared)
	if got := q.Query(); got.Get("color") != "e11d48" || got.Get("stroke") != "1.5" || got.Get("size") != "48" || got.Get("motion") != "draw" {
		t.Errorf("the page's URL is %s, want color=e11d48, stroke=1.5, size=48 and motion=draw in it", shared)
	}

	if hint := js[string](t, ctx, `document.getElementById("takeaway-hint").textContent`); hint != "As set: outline, #e11d48, stroke 1.5, 48 px." {
		t.Errorf("under the downloads: %q, want what they carry", hint)
	}

	take := func(action string) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#takeaway [data-take="`+action+`"]`))); err != nil {
			t.Fatal(err)
		}
	}
	// SVG: the colour, the width and the size on the root.
	take("svg")
	svg := string(downloaded(t, downloads, "bell.svg"))
	wantContains(t, "the downloaded SVG", svg, `width="48"`, `height="48"`, `stroke="#e11d48"`, `stroke-width="1.5"`)
	take("copy-svg")
	waitJS(t, ctx, "Copy SVG", `window.__copied.length === 1`)
	if copied := js[[]string](t, ctx, `window.__copied`); len(copied) != 1 || copied[0] != svg {
		t.Errorf("Copy SVG copied %q, want the downloaded SVG", copied)
	}

	// PNG: 48 and 96 px, drawn in the colour.
	for scale, name := range map[int]string{1: "bell-48.png", 2: "bell-96.png"} {
		js[chromedp.Void](t, ctx, fmt.Sprintf(`document.querySelector('#takeaway [data-take="png"][data-scale="%d"]').click()`, scale))
		img, err := png.Decode(bytes.NewReader(downloaded(t, downloads, name)))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if b := img.Bounds(); b.Dx() != 48*scale || b.Dy() != 48*scale {
			t.Errorf("%s is %v, want %d px square", name, b, 48*scale)
		}
		var drawn, red int
		for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
			for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
				r, g, b, a := img.At(x, y).RGBA()
				if a != 0xffff { // the edges, blended with the background
					continue
				}
				drawn++
				if near(r, 225) && near(g, 29) && near(b, 72) {
					red++
				}
			}
		}
		if drawn < 20*scale*scale || red != drawn {
			t.Errorf("%s: %d opaque pixels, %d of them #e11d48; want the icon drawn, all in the colour", name, drawn, red)
		}
	}

	// Lottie: every stroke and fill in the colour, each stroke at 3/4 of the file's width.
	take("lottie")
	checkPaintAsSet(t, "bell.json", downloaded(t, downloads, "bell.json"), []byte(get(t, lib.URL, "/assets/bell.json")))

	// <iconlib-icon>: the attributes set, after its script tag; pasted into another site's page it shows them.
	take("copy-element")
	waitJS(t, ctx, "Copy <iconlib-icon>", `window.__copied.length === 2`)
	markup := js[[]string](t, ctx, `window.__copied`)[1]
	license := readRecord(t, lib.Public, "bell").License
	if head := "<!-- " + license.Attribution + " Licence: " + license.TextURL + " -->\n<script "; !strings.HasPrefix(markup, head) {
		t.Errorf("the copied <iconlib-icon> starts %q, want the licence as the snippets name it, %q", markup[:min(len(markup), len(head))], head)
	}
	wantContains(t, "the copied <iconlib-icon>", markup, `<script src="`+lib.URL+`/static/iconlib-icon.js?v=`,
		`<iconlib-icon icon="bell" trigger="in" motion="draw" colors="primary:#e11d48" stroke="1.5" size="48"></iconlib-icon>`)
	site := elementSite(t, lib, map[string]string{"/": strings.Replace(markup, "<iconlib-icon ", `<iconlib-icon id="pasted" `, 1)}, nil)
	other, otherProblems := openTab(t, browserCtx, tabOptions{})
	navigate(t, other, site+"/")
	waitJS(t, other, "the pasted icon drawn on", `ready("pasted") && $("pasted").player.isPaused && paths("pasted").some((p) => p.stroke === "rgb(225,29,72)" && p.width === "1.5")`)
	if w := js[float64](t, other, `$("pasted").getBoundingClientRect().width`); w != 48 {
		t.Errorf("the pasted icon is %v px wide, want 48", w)
	}
	otherProblems.check(t)

	// The filled style: its SVG filled in the colour; the URL says so, and opening it again shows it all.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`[data-style="filled"]`))); err != nil {
		t.Fatal(err)
	}
	take("svg")
	wantContains(t, "the downloaded filled SVG", string(downloaded(t, downloads, "bell-filled.svg")), `fill="#e11d48"`, `width="48"`)
	shared = js[string](t, ctx, `location.href`)
	again, againProblems := openTab(t, browserCtx, tabOptions{})
	navigate(t, again, shared)
	waitJS(t, again, "both players", stagePlayersJS+`.length === 2 && `+stagePlayersJS+`.every((p) => p.isLoaded)`)
	view := js[map[string]any](t, again, `({ style: window.iconlib.choice.style, color: document.getElementById("ap-color").value, current: document.getElementById("ap-current").checked,
	  stroke: document.getElementById("ap-stroke-out").textContent, size: document.getElementById("ap-size-out").textContent,
	  drawn: getComputedStyle(document.querySelector("#player svg path[stroke-linecap], #player svg path")).getPropertyValue("fill") })`)
	if fmt.Sprint(view) != "map[color:#e11d48 current:false drawn:rgb(225, 29, 72) size:48 px stroke:1.5 style:filled]" {
		t.Errorf("opening %s shows %v, want the filled style, #e11d48, stroke 1.5 and 48 px", shared, view)
	}
	againProblems.check(t)
	problems.check(t)
}

func near(v uint32, want int) bool { return math.Abs(float64(v>>8)-float64(want)) <= 2 }

// downloaded waits for a finished download of that name in dir and returns its bytes.
func downloaded(t *testing.T, dir, name string) []byte {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if b, err := os.ReadFile(filepath.Join(dir, name)); err == nil && len(b) > 0 {
			return b
		}
	}
	entries, _ := os.ReadDir(dir)
	t.Fatalf("no download %s (the folder holds %v)", name, entries)
	return nil
}
