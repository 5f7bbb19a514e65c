package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/iconlib/iconlib/templates"
)

// elementRecorder runs before the element's script on the test pages: it keeps every event the elements
// dispatch (ready, complete, toggle, error; caught on the way down, as they do not bubble) and helpers the
// tests call: frame(id), the frame the player shows; paths(id), each visible path's stroke, stroke-width,
// fill and box (within the element); mask(id|svg text, size), the pixels (alpha > 127) of the element's
// picture or of a static SVG.
const elementRecorder = `<script>
window.events = [];
for (const type of ["ready", "complete", "toggle", "error"]) document.addEventListener(type, (e) => {
  if (e.target.localName === "iconlib-icon") events.push({ type, id: e.target.id, detail: e.detail ? JSON.parse(JSON.stringify(e.detail, (k, v) => v instanceof Error ? v.message : v)) : null });
}, true);
const $ = (id) => document.getElementById(id);
window.ready = (id) => events.some((e) => e.type === "ready" && e.id === id);
window.frame = (id) => { const p = $(id).player; return Math.round(p.firstFrame + p.currentFrame); };
window.paths = (id) => { const at = $(id).getBoundingClientRect();
  return [...$(id).shadowRoot.querySelectorAll("path")].filter((p) => p.getAttribute("d") && p.checkVisibility({ opacityProperty: true }))
    .map((p) => ({ stroke: p.getAttribute("stroke"), width: p.getAttribute("stroke-width"), fill: p.getAttribute("fill"),
      box: (({ x, y, width, height }) => ({ x: x - at.x, y: y - at.y, width, height }))(p.getBoundingClientRect()) })); };
window.mask = async (src, size) => {
  let text = src;
  if (!src.startsWith("<")) {
    const svg = $(src).shadowRoot.querySelector("svg").cloneNode(true);
    svg.removeAttribute("style");
    text = new XMLSerializer().serializeToString(svg);
  }
  const doc = new DOMParser().parseFromString(text, "image/svg+xml").documentElement;
  doc.setAttribute("width", size);
  doc.setAttribute("height", size);
  const img = new Image(size, size);
  img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(new XMLSerializer().serializeToString(doc));
  await img.decode();
  const c = Object.assign(document.createElement("canvas"), { width: size, height: size }).getContext("2d", { willReadFrequently: true });
  c.drawImage(img, 0, 0, size, size);
  return [...c.getImageData(0, 0, size, size).data].filter((_, i) => i % 4 === 3).map((a) => (a > 127 ? 1 : 0));
};
// overlap: the share of the pixels of a and b that both have (intersection over union).
window.overlap = (a, b) => { let both = 0, any = 0; a.forEach((x, i) => { both += x & b[i]; any += x | b[i]; }); return both / any; };
</script>`

// elementSite serves pages from an origin of its own, as another site would use the element: each page
// has the recorder, one script tag for the element from the library's edge, and body. files are served
// beside them (a fixture animation, say).
func elementSite(t *testing.T, lib *library, pages map[string]string, files map[string][]byte) string {
	t.Helper()
	script := lib.URL + templates.StaticURL("iconlib-icon.js")
	mux := http.NewServeMux()
	for path, body := range pages {
		mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprintf(w, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>iconlib-icon</title>%s<script src="%s"></script></head><body style="color: #1b1f24">%s</body></html>`, elementRecorder, script, body)
		})
	}
	for path, body := range files {
		mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.Write(body)
		})
	}
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv.URL
}

// hoverAt moves the mouse to the middle of the element the expression names, or off the page for "".
func hoverAt(t *testing.T, ctx context.Context, expr string) {
	t.Helper()
	x, y := 1, 1
	if expr != "" {
		at := js[[]float64](t, ctx, `(() => { const r = (`+expr+`).getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()`)
		x, y = int(at[0]), int(at[1])
	}
	if err := chromedp.Do(ctx, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, float64(x), float64(y))); err != nil {
		t.Fatal(err)
	}
}

// TestElementPlaysHoverOnHoverAndFocus: the bell's hover plays when the pointer enters the button the icon
// sits in and when the keyboard focuses a target named by selector, and is not restarted while it plays.
func TestElementPlaysHoverOnHoverAndFocus(t *testing.T) {
	browser := newBrowser(t)
	lib := fullLibrary(t)
	start, end := stateFrames(t, readRecord(t, lib.Public, "bell"), "hover")
	site := elementSite(t, lib, map[string]string{"/": `
<p><button id="b"><iconlib-icon id="bell" icon="bell" trigger="hover" label=""></iconlib-icon> Notify me</button></p>
<p><button id="t">Alerts</button> <iconlib-icon id="away" icon="bell" trigger="hover" target="#t"></iconlib-icon></p>`}, nil)
	ctx, problems := openTab(t, browser, tabOptions{})
	navigate(t, ctx, site+"/")
	waitJS(t, ctx, "both bells ready", `ready("bell") && ready("away")`)
	if f := js[int](t, ctx, `frame("bell")`); f != 520 && f < end {
		t.Errorf("before any hover the bell shows frame %d, want the still icon (the file's last frame)", f)
	}

	hoverAt(t, ctx, `$("b")`)
	waitJS(t, ctx, "the hover under way", fmt.Sprintf(`$("bell").getAttribute("playing") === "hover" && frame("bell") >= %d`, start+8))
	before := js[int](t, ctx, `frame("bell")`)
	hoverAt(t, ctx, "")
	hoverAt(t, ctx, `$("b")`)
	if after := js[int](t, ctx, `frame("bell")`); after < before || after > end {
		t.Errorf("re-entering at frame %d restarted the hover: now at frame %d (hover is %d–%d)", before, after, start, end)
	}
	waitJS(t, ctx, "the hover to finish", `events.some((e) => e.type === "complete" && e.id === "bell" && e.detail.state === "hover")`)
	if f := js[int](t, ctx, `frame("bell")`); f < end-2 || f > end {
		t.Errorf("the hover stopped at frame %d, want its end %d", f, end)
	}
	if js[bool](t, ctx, `$("away").player.isPaused === false`) {
		t.Error("hovering one button played the icon whose target is another")
	}

	// The keyboard: Tab reaches the first button, then the second, the other bell's target.
	hoverAt(t, ctx, "")
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Tab)); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Tab)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the target's bell playing on focus", fmt.Sprintf(`document.activeElement.id === "t" && $("away").getAttribute("playing") === "hover" && frame("away") >= %d`, start))
	a11y := js[map[string]any](t, ctx, `({ away: [$("away").getAttribute("role"), $("away").getAttribute("aria-label")], bell: $("bell").getAttribute("aria-hidden") })`)
	if fmt.Sprint(a11y["away"]) != "[img Bell]" || a11y["bell"] != "true" {
		t.Errorf("accessibility: %v, want the bell an img named Bell, and the decorative one (label=\"\") hidden", a11y)
	}
	problems.check(t)
}

// TestElementToggles: trigger="toggle" flips lock into lock-open on a click, and back on the next; the
// element reflects it (pressed, aria-pressed on its button) and says so with a toggle event.
func TestElementToggles(t *testing.T) {
	browser := newBrowser(t)
	lib := fullLibrary(t)
	ic := readRecord(t, lib.Public, "lock")
	_, thereEnd := stateFrames(t, ic, "morph-lock-open")
	_, backEnd := stateFrames(t, ic, "morph-lock-open-back")
	for _, s := range ic.States {
		if s.Name == "morph-lock-open" && s.TargetIcon != "lock-open" {
			t.Fatalf("lock's morph-lock-open ends as %q", s.TargetIcon)
		}
	}
	site := elementSite(t, lib, map[string]string{"/": `
<p><button id="b" type="button"><iconlib-icon id="lock" icon="lock" trigger="toggle" label="" size="48"></iconlib-icon> Unlock</button></p>
<p><iconlib-icon id="own" icon="lock" trigger="toggle" label="Lock"></iconlib-icon></p>`}, nil)
	ctx, problems := openTab(t, browser, tabOptions{})
	navigate(t, ctx, site+"/")
	waitJS(t, ctx, "the locks ready", `ready("lock") && ready("own")`)
	lockSVG, _ := json.Marshal(get(t, lib.URL, "/svg/lock.svg"))
	lockOpenSVG, _ := json.Marshal(get(t, lib.URL, "/svg/lock-open.svg"))
	// likeness: how much more the picture overlaps lock-open's SVG than lock's.
	likeness := func() float64 {
		return js[float64](t, ctx, `(async () => { const m = await mask("lock", 48);
		  return overlap(m, await mask(`+string(lockOpenSVG)+`, 48)) - overlap(m, await mask(`+string(lockSVG)+`, 48)); })()`)
	}
	if d := likeness(); d >= 0 {
		t.Errorf("before a click the icon looks more like lock-open than lock (by %.2f)", d)
	}

	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("b"))); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the morph into lock-open to end", fmt.Sprintf(`$("lock").player.isPaused && frame("lock") >= %d`, thereEnd-1))
	if d := likeness(); d <= 0 {
		t.Errorf("after a click the icon looks more like lock than lock-open (by %.2f)", -d)
	}
	state := js[map[string]any](t, ctx, `({ pressed: $("lock").pressed, attr: $("lock").hasAttribute("pressed"), aria: $("b").getAttribute("aria-pressed"),
	  event: events.filter((e) => e.type === "toggle" && e.id === "lock").map((e) => e.detail) })`)
	if state["pressed"] != true || state["attr"] != true || state["aria"] != "true" || fmt.Sprint(state["event"]) != "[map[pressed:true state:morph-lock-open]]" {
		t.Errorf("after one click: %v", state)
	}

	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("b"))); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the morph back to end", fmt.Sprintf(`$("lock").player.isPaused && frame("lock") >= %d && $("b").getAttribute("aria-pressed") === "false"`, backEnd-1))
	if d := likeness(); d >= 0 {
		t.Errorf("after the second click the icon looks more like lock-open than lock (by %.2f)", d)
	}

	// Its own button: focusable, pressed by Enter.
	own := js[[]string](t, ctx, `[$("own").getAttribute("role"), $("own").getAttribute("tabindex"), $("own").getAttribute("aria-pressed")]`)
	if fmt.Sprint(own) != "[button 0 false]" {
		t.Errorf("a toggle with no button around it: role, tabindex, aria-pressed = %v, want button 0 false", own)
	}
	if err := chromedp.Do(ctx, chromedp.Focus(chromedp.ID("own")), chromedp.KeyEvent(kb.Enter)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "Enter to toggle it", `$("own").getAttribute("aria-pressed") === "true" && $("own").getAttribute("playing") === "morph-lock-open"`)
	problems.check(t)
}
