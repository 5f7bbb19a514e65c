package e2e

import (
	"archive/zip"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"path"
	"testing"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestWebsiteDotLottieDownloadPlaysAsSet sets a colour and a stroke on bell's page as a person does and
// takes "Download dotLottie": the file is bell.lottie, a zip whose every animation (outline and filled) has
// each stroke in the colour at 3/4 of the site's width, whose other entries (manifest, themes, state
// machines) are the site's byte for byte, and which dotlottie-web opens with the record's manifest and
// draws in the colour alone.
func TestWebsiteDotLottieDownloadPlaysAsSet(t *testing.T) {
	dotLottieAvailable(t)
	lib := fullLibrary(t)
	ctx, problems := openTab(t, newBrowser(t), tabOptions{})
	downloads := t.TempDir()
	if _, err := chromedp.Call(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{Behavior: "allow", DownloadPath: downloads}); err != nil {
		t.Fatal(err)
	}
	navigate(t, ctx, lib.URL+"/icons/bell/")
	waitJS(t, ctx, "both players", stagePlayersJS+`.length === 2 && `+stagePlayersJS+`.every((p) => p.isLoaded)`)
	// Colour #e11d48 by the picker, stroke 1.5 by two ArrowLeft on its slider.
	js[chromedp.Void](t, ctx, `(() => { const c = document.getElementById("ap-color"); c.value = "#e11d48";
	  c.dispatchEvent(new Event("input", {bubbles: true})); })()`)
	if err := chromedp.Do(ctx, chromedp.Focus(chromedp.ID("ap-stroke")), chromedp.KeyEvent(kb.ArrowLeft), chromedp.KeyEvent(kb.ArrowLeft),
		chromedp.Click(chromedp.CSS(`#takeaway [data-take="dotlottie"]`))); err != nil {
		t.Fatal(err)
	}
	got := downloaded(t, downloads, "bell.lottie")
	problems.check(t)

	site := unzipped(t, "the site's bell.lottie", []byte(get(t, lib.URL, "/assets/bell.lottie")))
	took := unzipped(t, "the downloaded bell.lottie", got)
	if len(took) != len(site) {
		t.Fatalf("the downloaded bell.lottie holds %d entries, the site's %d", len(took), len(site))
	}
	animations := 0
	for name, orig := range site {
		switch {
		case took[name] == nil:
			t.Errorf("the downloaded bell.lottie has no %s", name)
		case path.Dir(name) == "a":
			animations++
			checkPaintAsSet(t, name, took[name], orig)
		case !bytes.Equal(took[name], orig):
			t.Errorf("the downloaded %s differs from the site's", name)
		}
	}
	if animations != 2 {
		t.Errorf("the site's bell.lottie has %d animations, want outline and filled", animations)
	}

	// Played in dotlottie-web: the record's manifest, drawn at rest in the colour and nothing dark.
	player := openDotLottieTab(t, lib)
	opened := js[dotLottieOpened](t, player, fmt.Sprintf("window.iconlibDotLottie.open(%q, %q, %q)", "bell", "", base64.StdEncoding.EncodeToString(got)))
	checkDotLottieManifest(t, readRecord(t, lib.Public, "bell"), opened)
	if played := js[dotLottiePlayed](t, player, `window.iconlibDotLottie.play("outline", [])`); len(played.Errors) > 0 {
		t.Fatalf("the downloaded bell.lottie's state machine: %v", played.Errors)
	}
	if p := js[dotLottiePixels](t, player, "window.iconlibDotLottie.pixels()"); p.Red < 500 || p.Dark > 0 {
		t.Errorf("dotlottie-web draws the downloaded bell.lottie with %d red and %d dark pixels, want it red alone", p.Red, p.Dark)
	}
}

// unzipped reads a zip's entries by name, checking each one's CRC-32 as it goes.
func unzipped(t *testing.T, what string, b []byte) map[string][]byte {
	t.Helper()
	z, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	out := map[string][]byte{}
	for _, f := range z.File {
		r, err := f.Open()
		if err == nil {
			out[f.Name], err = io.ReadAll(r) // a wrong CRC-32 is an error at the end
		}
		if err != nil {
			t.Fatalf("%s: %s: %v", what, f.Name, err)
		}
	}
	return out
}

// checkPaintAsSet: every stroke and fill of the animation took is #e11d48, each stroke at 1.5/2 of orig's
// width, and there are as many as orig has.
func checkPaintAsSet(t *testing.T, name string, took, orig []byte) {
	t.Helper()
	var got, want any
	if err := json.Unmarshal(took, &got); err != nil {
		t.Fatalf("the downloaded %s: %v", name, err)
	}
	if err := json.Unmarshal(orig, &want); err != nil {
		t.Fatal(err)
	}
	gs, ws := paints(got), paints(want)
	if len(gs) == 0 || len(gs) != len(ws) {
		t.Fatalf("the downloaded %s has %d strokes and fills, the site's %d", name, len(gs), len(ws))
	}
	for i := range gs {
		if fmt.Sprint(gs[i]["c"].(map[string]any)["k"]) != fmt.Sprint([]float64{225.0 / 255, 29.0 / 255, 72.0 / 255, 1}) {
			t.Errorf("%s %d of the downloaded %s has colour %v, want #e11d48", gs[i]["ty"], i, name, gs[i]["c"])
			return
		}
		if gs[i]["ty"] != "st" {
			continue
		}
		if w, ow := widthOf(gs[i]), widthOf(ws[i]); math.Abs(w-ow*0.75) > 1e-9 {
			t.Errorf("stroke %d of the downloaded %s is %v wide, want 1.5/2 of the site's %v", i, name, w, ow)
			return
		}
	}
}

// paints are the stroke and fill items (ty "st", "fl") of a Lottie file, in order.
func paints(v any) []map[string]any {
	var out []map[string]any
	switch v := v.(type) {
	case map[string]any:
		if v["ty"] == "st" || v["ty"] == "fl" {
			out = append(out, v)
		}
		for _, k := range []string{"layers", "shapes", "it", "assets"} {
			out = append(out, paints(v[k])...)
		}
	case []any:
		for _, x := range v {
			out = append(out, paints(x)...)
		}
	}
	return out
}

// widthOf is a stroke's still width, or its first keyframe's.
func widthOf(st map[string]any) float64 {
	switch k := st["w"].(map[string]any)["k"].(type) {
	case float64:
		return k
	case []any:
		return k[0].(map[string]any)["s"].([]any)[0].(float64)
	}
	return math.NaN()
}
