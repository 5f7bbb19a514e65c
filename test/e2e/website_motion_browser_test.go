package e2e

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/iconlib/iconlib/build"
	"github.com/iconlib/iconlib/internal/catalog"
	"github.com/iconlib/iconlib/internal/contract"
)

// playerJS describes the icon page's big player: the file it plays, the state's first and last frame, and
// whether it loops or has stopped.
const playerJS = `(() => { const p = ` + stagePlayersJS + `[0]; return { path: p.path + p.fileName, first: Math.round(p.firstFrame),
  last: Math.round(p.firstFrame + p.totalFrames), loop: !!p.loop, paused: p.isPaused }; })()`

type playerView struct {
	Path        string
	First, Last int
	Loop        bool
	Paused      bool
}

func stateFrames(t *testing.T, ic catalog.Icon, name string) (int, int) {
	t.Helper()
	for _, s := range ic.States {
		if s.Name == name {
			return s.StartFrame, s.EndFrame
		}
	}
	t.Fatalf("%s has no state %s", ic.ID, name)
	return 0, 0
}

// TestWebsiteIconPagePicksMotionAndState picks motions and states on an icon page by its buttons and by
// set_icon_appearance, and checks what the player plays and what the code tabs and get_icon_code say.
func TestWebsiteIconPagePicksMotionAndState(t *testing.T) {
	browser := newBrowser(t)
	lib := fullLibrary(t)
	ic := readRecord(t, lib.Public, "upload")
	ctx, problems := openTab(t, browser, tabOptions{})
	navigate(t, ctx, lib.URL+"/icons/upload/")
	waitJS(t, ctx, "both players", stagePlayersJS+`.length === 2 && `+stagePlayersJS+`.every((p) => p.isLoaded)`)
	checkTools(t, ctx, "search_icons", "set_icon_appearance", "get_icon_code")

	player := func(what string, state string, loop bool) {
		t.Helper()
		start, end := stateFrames(t, ic, state)
		var got playerView
		// lottie-web takes the marker's range on the next frame.
		for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(50 * time.Millisecond) {
			got = js[playerView](t, ctx, playerJS)
			if got.First == start || time.Now().After(deadline) {
				break
			}
		}
		if got.First != start || got.Last < end-1 || got.Last > end+1 || got.Loop != loop || !strings.HasSuffix(got.Path, "/assets/upload") {
			t.Errorf("%s: the player plays %+v, want %s (frames %d–%d, loop %v) of /assets/upload.json", what, got, state, start, end, loop)
		}
	}
	pressed := func() string {
		return js[string](t, ctx, `[...document.querySelectorAll("#picker [aria-pressed=true]")].map((b) => b.dataset.motion || b.dataset.state).join(" ")`)
	}
	click := func(sel string) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(sel))); err != nil {
			t.Fatal(err)
		}
	}

	if got := js[bool](t, ctx, `!document.getElementById("picker").hidden`); !got {
		t.Fatal("the picker is hidden with JavaScript on")
	}
	player("on load", "in", false)
	if got := pressed(); got != "nudge in" {
		t.Errorf("pressed on load: %q, want the signature nudge and in", got)
	}

	// draw, then its hover and loop.
	click(`[data-motion="draw"]`)
	player("draw picked", "in-draw", false)
	click(`[data-state="hover"]`)
	player("hover of draw", "hover-draw", false)
	if got := pressed(); got != "draw hover" {
		t.Errorf("pressed: %q, want draw hover", got)
	}
	wantContains(t, "the playing note", js[string](t, ctx, `document.getElementById("playing").textContent`), "hover-draw")
	jsCode := js[string](t, ctx, `document.querySelector('[data-code="javascript"]').textContent`)
	wantContains(t, "the JavaScript tab for hover-draw", jsCode, `goToAndPlay("in-draw", true)`, `icon.isPaused && icon.goToAndPlay("hover-draw", true)`)
	wantContains(t, "the iOS tab for hover-draw", js[string](t, ctx, `document.querySelector('[data-code="ios"]').textContent`), `play(marker: "hover-draw")`)
	click(`[data-state="loop"]`)
	player("loop of draw", "loop-draw", true)
	wantContains(t, "the Android tab for loop-draw", js[string](t, ctx, `document.querySelector('[data-code="android"]').textContent`),
		`setMinAndMaxFrame("loop-draw")`, "repeatCount = LottieDrawable.INFINITE", "import com.airbnb.lottie.LottieDrawable")

	// The signature again, by the tool; get_icon_code follows.
	got := callTool[map[string]map[string]any](t, ctx, "set_icon_appearance", `{motion: "nudge", state: "hover", color: "#ff0000"}`)
	if a := got["appearance"]; a["motion"] != "nudge" || a["state"] != "hover" || a["marker"] != "hover" || a["style"] != "outline" || a["color"] != "#ff0000" {
		t.Errorf("set_icon_appearance answered %v", got)
	}
	player("hover by the tool", "hover", false)
	callTool[map[string]map[string]any](t, ctx, "set_icon_appearance", `{motion: "draw", state: "loop"}`)
	player("loop-draw by the tool", "loop-draw", true)
	code := callTool[codeAnswer](t, ctx, "get_icon_code", `{platform: "react"}`)
	wantContains(t, "get_icon_code(react) for loop-draw", code.Code, `lottieRef.current?.setLoop(true); play("loop-draw");`)
	if strings.Contains(code.Code, "onMouseEnter") {
		t.Errorf("a loop's React code plays a hover too:\n%s", code.Code)
	}
	var state struct {
		State, Style, Motion string
	}
	if err := json.Unmarshal([]byte(js[string](t, ctx, `window.__webmcp.tools.get("get_icon_code").execute({platform: "ios"}).then((r) => JSON.stringify(r))`)), &state); err != nil ||
		state.State != "loop-draw" || state.Style != "outline" || state.Motion != "draw" {
		t.Errorf("get_icon_code says state %+v (%v), want loop-draw of outline, motion draw", state, err)
	}
	for args, want := range map[string]string{
		`{motion: "wobble"}`:       "motion must be one of draw, nudge",
		`{style: "filled"}`:        "style must be one of outline",
		`{state: "morph"}`:         "state must be one of in, hover, loop",
		`{state: "in", size: 999}`: "size must be",
	} {
		if msg := toolError(t, ctx, "set_icon_appearance", args); !strings.Contains(msg, want) {
			t.Errorf("set_icon_appearance(%s): %q, want it to say %q", args, msg, want)
		}
	}
	if got := js[string](t, ctx, `window.iconlib.choice.state`); got != "loop" {
		t.Errorf("a refused call changed the state to %q", got)
	}

	// The page writes the same code for a state as the build does (build.Code).
	recJSON, err := json.Marshal(ic)
	if err != nil {
		t.Fatal(err)
	}
	for _, state := range []string{"in", "hover", "loop", "in-draw", "hover-draw", "loop-draw", "hover-nudge"} {
		p, err := build.PlayFor(ic, "outline", state)
		if err != nil {
			t.Fatal(err)
		}
		want, err := build.Code(ic, p)
		if err != nil {
			t.Fatal(err)
		}
		for platform, w := range map[string]string{"javascript": want.JavaScript, "react": want.React, "ios": want.IOS, "android": want.Android,
			"react_native": want.ReactNative, "flutter": want.Flutter, "swiftui": want.SwiftUI, "compose": want.Compose} {
			got := js[string](t, ctx, fmt.Sprintf(`window.iconlib.playSnippet(%s, %q, "outline", %q)`, recJSON, platform, state))
			if got != w {
				t.Errorf("%s code for %s: the page writes\n%s\nthe build writes\n%s", platform, state, got, w)
			}
		}
	}
	problems.check(t)
}

// TestWebsiteIconPagePicksStyle: an icon with a filled file and a morph (served here as the library will
// have them) gets a style picker; the filled file plays, the code points at it, and the morph plays.
func TestWebsiteIconPagePicksStyle(t *testing.T) {
	browser := newBrowser(t)
	lib := fullLibrary(t)
	ic := readRecord(t, lib.Public, "upload")
	outlineFile, err := os.ReadFile(filepath.Join(lib.Public, contract.AnimationFile("upload")))
	if err != nil {
		t.Fatal(err)
	}
	// The filled file: the outline one with a morph marker over the frames of hover-draw.
	start, end := stateFrames(t, ic, "hover-draw")
	var anim map[string]any
	if err := json.Unmarshal(outlineFile, &anim); err != nil {
		t.Fatal(err)
	}
	anim["markers"] = append(anim["markers"].([]any), map[string]any{"cm": "morph-upload-off", "tm": start, "dr": end - start})
	filledFile, _ := json.Marshal(anim)
	filledURL := lib.URL + "/assets/filled/upload.json"
	ic.Styles = append(ic.Styles, "filled")
	ic.Files = append(ic.Files, catalog.StyleFile{Style: "filled", FileURL: filledURL, SHA256: strings.Repeat("f", 64), SizeBytes: len(filledFile), SVGURL: lib.URL + "/svg/filled/upload.svg"})
	for i := range ic.States {
		ic.States[i].Styles = []string{"outline", "filled"}
	}
	ic.States = append(ic.States, catalog.State{Name: "morph-upload-off", StartFrame: start, EndFrame: end, Motion: "morph",
		Description: "Turns into upload-off.", Styles: []string{"filled"}, TargetIcon: "upload-off"})
	playerData, _ := json.Marshal(map[string]any{"styles": ic.Styles, "states": ic.States, "motions": ic.Motions, "files": ic.Files})

	target, _ := url.Parse(lib.URL)
	proxy := httputil.NewSingleHostReverseProxy(target)
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/assets/filled/upload.json":
			w.Header().Set("Content-Type", "application/json")
			w.Write(filledFile)
			return
		case "/svg/filled/upload.svg":
			r.URL.Path = "/svg/upload.svg"
		case "/icons/upload/":
			res, err := http.Get(lib.URL + r.URL.Path)
			if err != nil {
				http.Error(w, err.Error(), 500)
				return
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			body = regexp.MustCompile(`(id="icon-player">)[^<]*`).ReplaceAll(body, append([]byte("$1"), playerData...))
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Write(body)
			return
		}
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(site.Close)

	ctx, problems := openTab(t, browser, tabOptions{})
	navigate(t, ctx, site.URL+"/icons/upload/")
	waitJS(t, ctx, "both players", stagePlayersJS+`.length === 2 && `+stagePlayersJS+`.every((p) => p.isLoaded)`)
	if got := js[string](t, ctx, `[...document.querySelectorAll("#styles [data-style]")].map((b) => b.dataset.style + ":" + b.getAttribute("aria-pressed")).join(" ")`); got != "outline:true filled:false" {
		t.Errorf("style buttons %q", got)
	}
	if got := js[bool](t, ctx, `document.querySelector('[data-state="morph-upload-off"]').disabled`); !got {
		t.Error("the morph, which only the filled file holds, can be played on the outline file")
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`[data-style="filled"]`))); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the filled file in both players", stagePlayersJS+`.length === 2 && `+stagePlayersJS+`.every((p) => p.isLoaded && (p.path + p.fileName).endsWith("/assets/filled/upload"))`)
	code := callTool[codeAnswer](t, ctx, "get_icon_code", `{platform: "javascript"}`)
	if code.FileURL != filledURL || code.SHA256 != strings.Repeat("f", 64) {
		t.Errorf("get_icon_code after picking filled: file %s sha256 %s", code.FileURL, code.SHA256)
	}
	wantContains(t, "the filled JavaScript code", code.Code, `path: "`+filledURL+`"`)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`[data-state="morph-upload-off"]`))); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the morph playing", fmt.Sprintf(`Math.round(%s[0].firstFrame) === %d`, stagePlayersJS, start))
	wantContains(t, "the iOS tab for the morph", js[string](t, ctx, `document.querySelector('[data-code="ios"]').textContent`),
		`play(marker: "morph-upload-off")`, filledURL)
	// Back to outline: the morph is not in that file, so the state goes back to in.
	got := callTool[map[string]map[string]any](t, ctx, "set_icon_appearance", `{style: "outline"}`)
	if a := got["appearance"]; a["style"] != "outline" || a["state"] != "in" {
		t.Errorf("set_icon_appearance(outline) answered %v", got)
	}
	waitJS(t, ctx, "the outline file again", stagePlayersJS+`.every((p) => p.isLoaded && (p.path + p.fileName).endsWith("/assets/upload"))`)
	problems.check(t)
}

// TestWebsiteTileHover: a tile plays its hover on pointer and focus, does not restart a hover still
// playing, and ends on the still icon; the motion gallery's tiles play their motion's hover.
func TestWebsiteTileHover(t *testing.T) {
	browser := newBrowser(t)
	lib := fullLibrary(t)
	ctx, problems := openTab(t, browser, tabOptions{})
	navigate(t, ctx, lib.URL+"/categories/arrows/")
	const tile = `document.querySelector('#grid a[data-icon="arrow-left"]')`
	waitJS(t, ctx, "the arrow-left tile", tile)
	js[chromedp.Void](t, ctx, tile+`.scrollIntoView({block: "center"})`)
	const anim = `window.iconlib.players().find((p) => p.wrapper === ` + tile + `.querySelector(".preview"))`
	waitJS(t, ctx, "the arrow-left tile, drawn on and still", anim+` && `+anim+`.isLoaded && `+anim+`.isPaused && `+tile+`.querySelector(".preview.live")`)
	ic := readRecord(t, lib.Public, "arrow-left")
	start, end := stateFrames(t, ic, "hover")
	frame := func() int {
		return js[int](t, ctx, `(() => { const p = `+anim+`; return Math.round(p.firstFrame + p.currentFrame); })()`)
	}

	// The pointer leaves and comes back, and the keyboard focuses it, while the hover plays: read in the
	// same task as the re-entry, so a slow machine cannot finish the hover in between (if it finished
	// before, the hover is played again, three times at most).
	before := -1
	for try := 0; before < 0; try++ {
		if try == 3 {
			t.Fatal("the hover ended before it could be re-entered, three times")
		}
		js[chromedp.Void](t, ctx, tile+`.dispatchEvent(new MouseEvent("mouseleave")); `+tile+`.dispatchEvent(new MouseEvent("mouseenter"))`)
		waitJS(t, ctx, "the hover under way", fmt.Sprintf(`(() => { const p = %s; return !p.isPaused && p.firstFrame + p.currentFrame >= %d; })()`, anim, start+8))
		before = js[int](t, ctx, `(() => { const p = `+anim+`; if (p.isPaused) return -1; const f = Math.round(p.firstFrame + p.currentFrame); `+
			tile+`.dispatchEvent(new MouseEvent("mouseleave")); `+tile+`.dispatchEvent(new MouseEvent("mouseenter")); `+tile+`.focus(); return f; })()`)
		if before < 0 {
			waitJS(t, ctx, "the hover to finish", anim+`.isPaused`)
		}
	}
	if after := frame(); after < before || after < start || after > end {
		t.Errorf("re-entering at frame %d restarted the hover: now at frame %d (hover is %d–%d)", before, after, start, end)
	}
	waitJS(t, ctx, "the hover to finish", anim+`.isPaused`)
	if f := frame(); f < end-2 || f > end {
		t.Errorf("the hover stopped at frame %d, want its end %d (the still icon)", f, end)
	}
	// Idle again, a new hover starts from the still icon.
	js[chromedp.Void](t, ctx, tile+`.blur(); `+tile+`.dispatchEvent(new MouseEvent("mouseenter"))`)
	if f := frame(); f < start || f > start+10 {
		t.Errorf("a hover on the idle tile starts at frame %d, want %d", f, start)
	}
	problems.check(t)
}

// TestWebsiteMotionGallery: /motions/ shows every motion with its description and icons, linked from every
// page and listed in the sitemap; its rows in view play by themselves, again and again, and its tiles and
// play buttons play each motion's hover.
func TestWebsiteMotionGallery(t *testing.T) {
	browser := newBrowser(t)
	lib := fullLibrary(t)
	res, err := http.Get(lib.URL + "/sitemap.xml")
	if err != nil {
		t.Fatal(err)
	}
	sitemap, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if !strings.Contains(string(sitemap), "<loc>"+lib.URL+"/motions/</loc>") {
		t.Error("sitemap.xml does not list /motions/")
	}

	ctx, problems := openTab(t, browser, tabOptions{})
	navigate(t, ctx, lib.URL+"/")
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.bar nav a[href="/motions/"]`))); err != nil {
		t.Fatal(err)
	}
	waitNavigation(t, ctx, "/motions/")
	type section struct {
		Name, Text, Hover string
		Icons             int
	}
	sections := js[[]section](t, ctx, `[...document.querySelectorAll("section.motion[data-motion]")].map((s) => ({ name: s.dataset.motion,
	  text: s.querySelector(".motion-head p").textContent, icons: s.querySelectorAll("a[data-icon]").length,
	  hover: (s.querySelector("a[data-icon]") || {dataset: {}}).dataset.hover || "" }))`)
	var names []string
	for _, s := range sections {
		names = append(names, s.Name)
		if s.Icons < 1 || len(s.Text) < 30 || s.Hover != "hover-"+s.Name {
			t.Errorf("motion %s: %d icons, hover %q, text %q", s.Name, s.Icons, s.Hover, s.Text)
		}
	}
	want := "draw beat blink bounce drive fill float lift mark nudge open pop sequence shake spin swing tick tilt write"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("the gallery shows %q, want %q", got, want)
	}

	waitJS(t, ctx, "the tiles in view loaded", `window.iconlib.players().length > 0 && window.iconlib.players().every((p) => p.isLoaded)`)
	// The rows in view play by themselves, again and again: a draw tile plays, stops, and plays again.
	const drawTile = `window.iconlib.players().find((p) => p.wrapper === document.querySelector('#motion-draw a[data-icon] .preview'))`
	for _, step := range []struct{ what, expr string }{
		{"the draw row playing by itself", `!` + drawTile + `.isPaused`},
		{"the draw row at rest", drawTile + `.isPaused`},
		{"the draw row playing again", `!` + drawTile + `.isPaused`},
	} {
		waitJS(t, ctx, step.what, drawTile+` && `+step.expr)
	}
	// Play every motion: each tile plays its motion's hover (by the marker's frames in its own file).
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("play-all"))); err != nil {
		t.Fatal(err)
	}
	// A player is ready once its DOMLoaded handler ran (a task after isLoaded): the page marks its box live.
	waitJS(t, ctx, "every tile loaded", `document.querySelectorAll("section.motion .preview.live").length === document.querySelectorAll("section.motion [data-icon]").length`)
	type tilePlay struct {
		Icon, Hover string
		First, Want int
	}
	// A tile that had not appeared plays the hover once loaded (after drawing on, if it had not yet): watch
	// until every tile plays its hover, or a generous while has passed.
	var plays []tilePlay
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		plays = js[[]tilePlay](t, ctx, `[...document.querySelectorAll("section.motion a[data-icon]")].map((a) => {
		  const p = window.iconlib.players().find((x) => x.wrapper === a.querySelector(".preview"));
		  const m = p.animationData.markers.find((x) => x.cm === a.dataset.hover);
		  return { icon: a.dataset.icon, hover: a.dataset.hover, first: Math.round(p.firstFrame), want: m ? m.tm : -1 };
		})`)
		if !slices.ContainsFunc(plays, func(p tilePlay) bool { return p.First != p.Want }) || time.Now().After(deadline) {
			break
		}
	}
	for _, p := range plays {
		if p.First != p.Want {
			t.Errorf("%s: after Play every motion the tile plays from frame %d, want %s at %d", p.Icon, p.First, p.Hover, p.Want)
		}
	}
	problems.check(t)
}

// TestWebsiteMotionGalleryToggles: the gallery's toggles row has each pair of icons that morph into each
// other once, as the first of the two by id plays it. A tile plays morph-<id> on pointer hover and
// morph-<id>-back when left; taps toggle it both ways, a tap during a morph waiting for it to finish;
// keyboard focus turns it and Enter turns it back; the row's Play button plays there and back.
func TestWebsiteMotionGalleryToggles(t *testing.T) {
	browser := newBrowser(t)
	lib := fullLibrary(t)
	var want []string
	seen := map[[2]string]bool{}
	for _, ic := range readCatalog(t, lib.Public).Icons {
		for _, s := range ic.States {
			pair := [2]string{min(ic.ID, s.TargetIcon), max(ic.ID, s.TargetIcon)}
			if s.TargetIcon != "" && !s.MorphsBack() && !seen[pair] {
				seen[pair] = true
				want = append(want, ic.ID+" "+s.Name+" "+catalog.MorphBack(s.TargetIcon))
			}
		}
	}
	if len(want) < 20 || !slices.Contains(want, "menu-2 morph-x morph-x-back") || !slices.Contains(want, "bell morph-bell-off morph-bell-off-back") {
		t.Fatalf("the library's toggles %q lack menu-2 into x or bell into bell-off", want)
	}

	ctx, problems := openTab(t, browser, tabOptions{})
	navigate(t, ctx, lib.URL+"/motions/")
	got := js[[]string](t, ctx, `[...document.querySelectorAll("#toggles button[data-icon]")].map((b) => b.dataset.icon + " " + b.dataset.there + " " + b.dataset.back)`)
	if !slices.Equal(got, want) {
		t.Errorf("the toggles row lists %q, want %q", got, want)
	}

	const tile = `document.querySelector('#toggles button[data-icon="menu-2"]')`
	const anim = `window.iconlib.players().find((p) => p.wrapper === ` + tile + `.querySelector(".preview"))`
	js[chromedp.Void](t, ctx, tile+`.scrollIntoView({block: "center"})`)
	waitJS(t, ctx, "menu-2's tile, still", anim+` && `+anim+`.isLoaded && `+anim+`.isPaused && `+tile+`.querySelector(".preview.live")`)
	rec := readRecord(t, lib.Public, "menu-2")
	there, thereEnd := stateFrames(t, rec, "morph-x")
	back, backEnd := stateFrames(t, rec, "morph-x-back")
	// plays waits for the tile to play the state from start and to stop at its end (lottie-web stops a
	// frame before it), turned as pressed says.
	plays := func(what string, start, end int, pressed bool) {
		t.Helper()
		waitJS(t, ctx, what, fmt.Sprintf(`(() => { const p = %s; const f = p.firstFrame + p.currentFrame;
		  return Math.round(p.firstFrame) === %d && p.isPaused && f >= %d && f <= %d; })()`, anim, start, end-2, end))
		if got := js[string](t, ctx, tile+`.getAttribute("aria-pressed")`); got != fmt.Sprint(pressed) {
			t.Errorf("%s: aria-pressed %s, want %t", what, got, pressed)
		}
	}
	// The keyboard first (later real clicks would make a scripted focus a pointer's).
	if err := chromedp.Do(ctx, chromedp.Focus(chromedp.CSS(`#toggles button[data-icon="menu-2"]`))); err != nil {
		t.Fatal(err)
	}
	plays("the morph into x on keyboard focus", there, thereEnd, true)
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
		t.Fatal(err)
	}
	plays("the way back on Enter", back, backEnd, false)
	js[chromedp.Void](t, ctx, tile+`.blur()`)

	js[chromedp.Void](t, ctx, tile+`.dispatchEvent(new PointerEvent("pointerenter", {pointerType: "mouse"}))`)
	plays("the morph into x on hover", there, thereEnd, true)
	js[chromedp.Void](t, ctx, tile+`.dispatchEvent(new PointerEvent("pointerleave", {pointerType: "mouse"}))`)
	plays("the way back when left", back, backEnd, false)

	// A touch has no hover: a tap turns it, and a second tap at once waits for the morph to finish.
	js[chromedp.Void](t, ctx, tile+`.dispatchEvent(new PointerEvent("pointerenter", {pointerType: "touch"})); `+tile+`.click()`)
	if f := js[[]any](t, ctx, `(() => { `+tile+`.click(); const p = `+anim+`; return [Math.round(p.firstFrame), p.isPaused]; })()`); f[0] != float64(there) || f[1] != false {
		t.Errorf("a second tap during the morph: the tile plays from %v (paused %v), want morph-x from %d still playing", f[0], f[1], there)
	}
	plays("the way back after the second tap", back, backEnd, false)

	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#toggles .play-row`))); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "the row's Play turning menu-2 into x", fmt.Sprintf(`Math.round(%s.firstFrame) === %d`, anim, there))
	plays("the row's Play coming back", back, backEnd, false)
	problems.check(t)
}

// TestWebsiteGridPlaysChosenStyleAndMotion: on the home page, set_icon_appearance's style and motion apply
// to every tile: icons with a filled style play their filled file, and draw plays in-draw and hover-draw.
func TestWebsiteGridPlaysChosenStyleAndMotion(t *testing.T) {
	browser := newBrowser(t)
	lib := fullLibrary(t)
	ctx, problems := openTab(t, browser, tabOptions{})
	navigate(t, ctx, lib.URL+"/")
	callTool[searchAnswer](t, ctx, "search_icons", `{query: "arrow left", limit: 24}`) // the grid shows the edge's results
	tile := func(id string) string { return `document.querySelector('#grid a[data-icon="` + id + `"]')` }
	anim := func(id string) string {
		return `window.iconlib.players().find((p) => p.wrapper === ` + tile(id) + `.querySelector(".preview"))`
	}
	waitJS(t, ctx, "the tiles", tile("arrow-big-left")+` && `+tile("arrow-left"))
	if got := js[string](t, ctx, tile("arrow-big-left")+`.dataset.styles`); got != "outline filled" {
		t.Errorf("arrow-big-left's tile says styles %q, want outline filled", got)
	}

	got := callTool[map[string]map[string]any](t, ctx, "set_icon_appearance", `{style: "filled", motion: "draw"}`)
	if a := got["appearance"]; a["style"] != "filled" || a["motion"] != "draw" {
		t.Errorf("set_icon_appearance answered %v", got)
	}
	if picks := js[string](t, ctx, `[...document.querySelectorAll("#grid-pick select")].map((s) => s.value).join(" ")`); picks != "filled draw" {
		t.Errorf("the page's own picks show %q after the tool's, want filled draw", picks)
	}
	for _, id := range []string{"arrow-big-left", "arrow-left"} {
		js[chromedp.Void](t, ctx, tile(id)+`.scrollIntoView({block: "center"})`)
		waitJS(t, ctx, id+"'s tile loaded and still", anim(id)+` && `+anim(id)+`.isLoaded && `+anim(id)+`.isPaused`)
	}
	if path := js[string](t, ctx, `(() => { const p = `+anim("arrow-big-left")+`; return p.path + p.fileName; })()`); !strings.HasSuffix(path, "/assets/filled/arrow-big-left") {
		t.Errorf("arrow-big-left's tile plays %s, want its filled file", path)
	}
	if path := js[string](t, ctx, `(() => { const p = `+anim("arrow-left")+`; return p.path + p.fileName; })()`); !strings.HasSuffix(path, "/assets/arrow-left") {
		t.Errorf("arrow-left (no filled style) plays %s, want its outline file", path)
	}
	start, _ := stateFrames(t, readRecord(t, lib.Public, "arrow-left"), "hover-draw")
	js[chromedp.Void](t, ctx, tile("arrow-left")+`.dispatchEvent(new MouseEvent("mouseenter"))`)
	if f := js[int](t, ctx, `Math.round(`+anim("arrow-left")+`.firstFrame)`); f != start {
		t.Errorf("arrow-left's hover starts at frame %d, want hover-draw's %d", f, start)
	}

	for args, want := range map[string]string{
		`{style: "glossy"}`: "style must be one of outline, filled",
		`{motion: "spin"}`:  "motion must be one of signature, draw",
		`{state: "hover"}`:  "unknown argument state", // states are an icon page's
	} {
		if msg := toolError(t, ctx, "set_icon_appearance", args); !strings.Contains(msg, want) {
			t.Errorf("set_icon_appearance(%s): %q, want it to say %q", args, msg, want)
		}
	}
	problems.check(t)
}

// TestWebsiteTouchSeesMotion: on a phone's touch screen (390×844) the grid's icons move without a hover,
// one after another as they come into view (never all at once), and a tap on a tile opens its page.
func TestWebsiteTouchSeesMotion(t *testing.T) {
	browser := newBrowser(t)
	lib := fullLibrary(t)
	ctx, problems := openTab(t, browser, tabOptions{width: 390, height: 844, touch: true})
	navigate(t, ctx, lib.URL+"/")
	if !js[bool](t, ctx, `matchMedia("(hover: none) and (pointer: coarse)").matches`) {
		t.Fatal("the tab does not emulate a touch screen")
	}
	const playing = `[...document.querySelectorAll("#grid a[data-icon]")].filter((a) => {
	  const r = a.getBoundingClientRect();
	  const p = window.iconlib.players().find((x) => x.wrapper === a.querySelector(".preview"));
	  return r.top >= 0 && r.bottom <= innerHeight && p && p.isLoaded && !p.isPaused;
	}).map((a) => a.dataset.icon)`
	// Watch the tiles for three seconds, frame by frame, noting when each starts to move (those moving when
	// the watch starts started earlier: they are left out).
	starts := js[[]float64](t, ctx, `new Promise((done) => {
	  const started = new Map();
	  const before = new Set(window.iconlib ? `+playing+` : []);
	  const t0 = performance.now();
	  const tick = () => {
	    if (window.iconlib) for (const id of `+playing+`) if (!started.has(id) && !before.has(id)) started.set(id, performance.now());
	    if (performance.now() - t0 < 3000) requestAnimationFrame(tick);
	    else done([...started.values()].sort((a, b) => a - b));
	  };
	  tick();
	})`)
	if len(starts) < 2 {
		t.Fatalf("%d tiles in view started moving by themselves in 3 s, want at least 2", len(starts))
	}
	for i := 1; i < len(starts); i++ {
		if gap := starts[i] - starts[i-1]; gap < 80 {
			t.Errorf("two tiles started moving %.0f ms apart, want them one after another (120 ms): starts %v", gap, starts)
		}
	}
	id := js[string](t, ctx, `document.querySelector("#grid a[data-icon]").dataset.icon`)
	if err := chromedp.Do(ctx, chromedp.Tap(chromedp.CSS(`#grid a[data-icon="`+id+`"] .name`))); err != nil {
		t.Fatal(err)
	}
	waitNavigation(t, ctx, "/icons/"+id+"/")
	problems.check(t)
}
