package main

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The frames TestLottieMatchesSVG looks at (docs/design.md, "Animation files").
const (
	lottieFrameEmpty  = 0   // the first frame of `in`: nothing drawn yet
	lottieFrameInEnd  = 39  // the last frame of `in` (0–40): the complete icon
	lottieFrameLast   = 199 // the last frame of the file (op 200): the complete icon
	lottieMinOverlap  = 0.95
	lottieMaxAtStart  = 0.02 // at frame 0, lottie pixels / SVG pixels
	lottieSampleEvery = 200  // the default sample has at least this many evenly spread ids
	lottieBatch       = 50   // icons per chromedp.Evaluate call
)

// lottieTrickyIDs are always in the default sample when they exist: arcs, circles, many subpaths, filled
// parts, dots, long compound paths.
var lottieTrickyIDs = []string{
	"download", "circle", "accessible", "brand-deliveroo", "brand-parsinta", "app-window-bottom",
	"loader-2", "settings", "calendar", "brand-github",
}

// lottieFrameFigures is what the page measured for one icon at one frame. Masks are the pixels with
// alpha > 127 in a 96×96 rendering.
type lottieFrameFigures struct {
	Frame  int     `json:"frame"`
	Lottie int     `json:"lottie"` // pixels in the lottie-web mask
	SVG    int     `json:"svg"`    // pixels in the static SVG mask
	Inter  int     `json:"inter"`  // pixels in both
	IoU    float64 `json:"iou"`    // |A∩B| / |A∪B|
}

type lottieWorst struct {
	id    string
	iou   float64
	frame int
}

type lottieIconFigures struct {
	ID     string               `json:"id"`
	Error  string               `json:"error"`
	Frames []lottieFrameFigures `json:"frames"`
}

// TestLottieMatchesSVG renders animations with the site's own lottie-web in Chromium and compares them
// pixel by pixel with the static SVG of the same icon: the end of `in` and the end of the file must show
// the whole icon, and frame 0 must be (nearly) empty. ICONLIB_LOTTIE_SAMPLE=all checks every icon.
func TestLottieMatchesSVG(t *testing.T) {
	lib := fullLibrary(t)

	ids, err := lottieSample(lib.Public, os.Getenv("ICONLIB_LOTTIE_SAMPLE") == "all")
	if err != nil {
		t.Fatal(err)
	}
	if len(ids) == 0 {
		t.Fatalf("no animations in %s", filepath.Join(lib.Public, "assets"))
	}

	// A few minutes for the sample; the whole library gets time in proportion to its size (about 0.1 s an
	// icon on a busy 2-core machine).
	timeout := 4*time.Minute + time.Duration(len(ids))*400*time.Millisecond
	if dl, ok := t.Deadline(); ok && time.Until(dl)-10*time.Second < timeout {
		timeout = time.Until(dl) - 10*time.Second
	}
	bctx, cancel := context.WithTimeout(newBrowser(t), timeout)
	defer cancel()

	start := time.Now()
	err = chromedp.Do(bctx,
		chromedp.Navigate(lib.URL+"/"),
		chromedp.Poll[chromedp.Void](`typeof window.lottie !== "undefined" && typeof window.lottie.loadAnimation === "function"`,
			chromedp.WithPollingTimeout(30*time.Second)),
		chromedp.Evaluate[chromedp.Void](lottieCompareJS),
	)
	if err != nil {
		t.Fatalf("opening %s/ in Chromium and waiting for window.lottie: %v", lib.URL, err)
	}

	frames := []int{lottieFrameInEnd, lottieFrameLast, lottieFrameEmpty}
	framesJSON, _ := json.Marshal(frames)
	var results []lottieIconFigures
	for batch := range slices.Chunk(ids, lottieBatch) {
		if n := len(results); n > 0 && n%1000 == 0 {
			t.Logf("%d of %d icons compared in %s", n, len(ids), time.Since(start).Round(time.Second))
		}
		idsJSON, _ := json.Marshal(batch)
		expr := fmt.Sprintf("window.__iconlibCompareLottie(%s, %s)", idsJSON, framesJSON)
		got, err := chromedp.Run(bctx, chromedp.Evaluate[[]lottieIconFigures](expr,
			chromedp.EvalAsValue, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatalf("comparing %s … %s in Chromium: %v", batch[0], batch[len(batch)-1], err)
		}
		if len(got) != len(batch) {
			t.Fatalf("the page answered %d results for %d icons", len(got), len(batch))
		}
		results = append(results, got...)
	}
	elapsed := time.Since(start)

	var failures []string
	var inEnd, last []float64
	var worst []lottieWorst // each icon's lower overlap of the two full frames
	var worstStart float64
	worstStartID := ""
	for _, r := range results {
		if r.Error != "" {
			failures = append(failures, fmt.Sprintf("%s: %s", r.ID, r.Error))
			continue
		}
		byFrame := map[int]lottieFrameFigures{}
		for _, f := range r.Frames {
			byFrame[f.Frame] = f
		}
		var problems []string
		low := lottieWorst{id: r.ID, iou: 2}
		for _, fr := range []int{lottieFrameInEnd, lottieFrameLast} {
			f, ok := byFrame[fr]
			if !ok {
				problems = append(problems, fmt.Sprintf("frame %d not measured", fr))
				continue
			}
			if fr == lottieFrameInEnd {
				inEnd = append(inEnd, f.IoU)
			} else {
				last = append(last, f.IoU)
			}
			if f.IoU < low.iou {
				low.iou, low.frame = f.IoU, fr
			}
			if f.IoU < lottieMinOverlap {
				problems = append(problems, fmt.Sprintf("frame %d overlap %.3f < %.2f (lottie %d px, svg %d px, both %d px)",
					fr, f.IoU, lottieMinOverlap, f.Lottie, f.SVG, f.Inter))
			}
		}
		if low.iou <= 1 {
			worst = append(worst, low)
		}
		if f, ok := byFrame[lottieFrameEmpty]; !ok {
			problems = append(problems, fmt.Sprintf("frame %d not measured", lottieFrameEmpty))
		} else if f.SVG == 0 {
			problems = append(problems, "the static SVG renders no pixels")
		} else {
			ratio := float64(f.Lottie) / float64(f.SVG)
			if ratio > worstStart {
				worstStart, worstStartID = ratio, r.ID
			}
			if ratio > lottieMaxAtStart {
				problems = append(problems, fmt.Sprintf("frame %d not empty: lottie %d px = %.1f%% of the svg's %d px (max %.0f%%)",
					lottieFrameEmpty, f.Lottie, 100*ratio, f.SVG, 100*lottieMaxAtStart))
			}
		}
		if len(problems) > 0 {
			failures = append(failures, r.ID+": "+strings.Join(problems, "; "))
		}
	}

	t.Logf("compared %d icons in %s (%d per batch)", len(results), elapsed.Round(time.Millisecond), lottieBatch)
	if len(inEnd) > 0 {
		t.Logf("overlap at frame %d: min %.4f, median %.4f", lottieFrameInEnd, slices.Min(inEnd), median(inEnd))
	}
	if len(last) > 0 {
		t.Logf("overlap at frame %d: min %.4f, median %.4f", lottieFrameLast, slices.Min(last), median(last))
	}
	slices.SortFunc(worst, func(a, b lottieWorst) int { return cmp.Compare(a.iou, b.iou) })
	var lows []string
	for _, w := range worst[:min(5, len(worst))] {
		lows = append(lows, fmt.Sprintf("%s %.4f (frame %d)", w.id, w.iou, w.frame))
	}
	t.Logf("lowest overlaps: %s", strings.Join(lows, ", "))
	if worstStartID != "" {
		t.Logf("frame %d: at most %.2f%% of the svg's pixels drawn (%s)", lottieFrameEmpty, 100*worstStart, worstStartID)
	} else {
		t.Logf("frame %d: no lottie pixels in any icon", lottieFrameEmpty)
	}
	if len(failures) > 0 {
		sort.Strings(failures)
		t.Errorf("%d of %d icons do not match their SVG:\n  %s", len(failures), len(results), strings.Join(failures, "\n  "))
	}
}

// chromiumForTest finds the browser: $ICONLIB_CHROMIUM, else `chromium` in PATH. Without one the test is
// skipped, except in CI (env CI set), where it must run.
func chromiumForTest(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("ICONLIB_CHROMIUM"); p != "" {
		if _, err := os.Stat(p); err != nil {
			t.Fatalf("ICONLIB_CHROMIUM=%s: %v", p, err)
		}
		return p
	}
	if p, err := exec.LookPath("chromium"); err == nil {
		return p
	}
	msg := "no Chromium: set ICONLIB_CHROMIUM or install Debian's chromium (make test-deps)"
	if os.Getenv("CI") != "" {
		t.Fatal(msg + "; CI must run the browser tests")
	}
	t.Skip(msg)
	return ""
}

// lottieSample lists the animation ids in public/assets: all of them, or every Nth id of the sorted list
// (at least lottieSampleEvery ids) plus the tricky ones that exist.
func lottieSample(public string, all bool) ([]string, error) {
	files, err := filepath.Glob(filepath.Join(public, "assets", "*.json"))
	if err != nil {
		return nil, err
	}
	ids := make([]string, 0, len(files))
	for _, f := range files {
		ids = append(ids, strings.TrimSuffix(filepath.Base(f), ".json"))
	}
	sort.Strings(ids)
	if all || len(ids) <= lottieSampleEvery {
		return ids, nil
	}
	step := len(ids) / lottieSampleEvery
	var sample []string
	for i := 0; i < len(ids); i += step {
		sample = append(sample, ids[i])
	}
	for _, id := range lottieTrickyIDs {
		if _, found := slices.BinarySearch(ids, id); found && !slices.Contains(sample, id) {
			sample = append(sample, id)
		}
	}
	return sample, nil
}

func median(v []float64) float64 {
	s := slices.Sorted(slices.Values(v))
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// lottieCompareJS defines window.__iconlibCompareLottie(ids, frames) in the page. For each id (in
// parallel) it fetches /assets/<id>.json and /svg/<id>.svg, plays the animation with lottie-web's SVG
// renderer in an off-screen 96×96 box, and for each frame compares the serialized lottie <svg> with the
// static SVG, both drawn as images into 96×96 canvases (masks: alpha > 127).
const lottieCompareJS = `
(() => {
  const SIZE = 96, ALPHA = 127, ICON_TIMEOUT_MS = 30000;

  async function get(url, json) {
    const r = await fetch(url, {cache: "no-store"});
    if (!r.ok) throw new Error("GET " + url + ": HTTP " + r.status);
    return json ? r.json() : r.text();
  }

  // Renders an SVG document (text) at SIZE×SIZE and returns its alpha mask.
  async function mask(svgText) {
    const doc = new DOMParser().parseFromString(svgText, "image/svg+xml");
    const root = doc.documentElement;
    if (root.localName !== "svg" || doc.getElementsByTagName("parsererror").length)
      throw new Error("not a valid SVG document");
    root.setAttribute("width", String(SIZE));
    root.setAttribute("height", String(SIZE));
    root.removeAttribute("style");
    const img = new Image(SIZE, SIZE);
    img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(new XMLSerializer().serializeToString(root));
    await img.decode();
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = SIZE;
    const g = canvas.getContext("2d", {willReadFrequently: true});
    g.drawImage(img, 0, 0, SIZE, SIZE);
    const px = g.getImageData(0, 0, SIZE, SIZE).data;
    const m = new Uint8Array(SIZE * SIZE);
    for (let i = 0; i < m.length; i++) m[i] = px[4 * i + 3] > ALPHA ? 1 : 0;
    return m;
  }

  function compare(lottieMask, svgMask) {
    let a = 0, b = 0, both = 0;
    for (let i = 0; i < lottieMask.length; i++) {
      a += lottieMask[i];
      b += svgMask[i];
      both += lottieMask[i] & svgMask[i];
    }
    const union = a + b - both;
    return {lottie: a, svg: b, inter: both, iou: union ? both / union : 1};
  }

  function loaded(anim) {
    if (anim.isLoaded) return Promise.resolve();
    return new Promise((resolve, reject) => {
      anim.addEventListener("DOMLoaded", resolve);
      anim.addEventListener("data_failed", () => reject(new Error("lottie-web: data_failed")));
    });
  }

  async function one(id, frames) {
    const [data, svgText] = await Promise.all([
      get("/assets/" + encodeURIComponent(id) + ".json", true),
      get("/svg/" + encodeURIComponent(id) + ".svg", false),
    ]);
    const reference = await mask(svgText);
    const box = document.createElement("div");
    box.style.cssText = "position:absolute;left:-10000px;top:0;width:" + SIZE + "px;height:" + SIZE + "px;overflow:hidden";
    document.body.appendChild(box);
    let anim;
    try {
      anim = window.lottie.loadAnimation({container: box, renderer: "svg", loop: false, autoplay: false, animationData: data});
      await loaded(anim);
      const out = [];
      for (const frame of frames) {
        anim.goToAndStop(frame, true);
        const svg = box.querySelector("svg");
        if (!svg) throw new Error("lottie-web rendered no <svg>");
        const text = new XMLSerializer().serializeToString(svg); // now, before the next seek
        out.push({frame, ...compare(await mask(text), reference)});
      }
      return out;
    } finally {
      if (anim) anim.destroy();
      box.remove();
    }
  }

  window.__iconlibCompareLottie = (ids, frames) => Promise.all(ids.map(async (id) => {
    let timer;
    try {
      const guard = new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("no result within " + ICON_TIMEOUT_MS + " ms")), ICON_TIMEOUT_MS);
      });
      return {id, error: "", frames: await Promise.race([one(id, frames), guard])};
    } catch (e) {
      return {id, error: String(e && e.message || e), frames: []};
    } finally {
      clearTimeout(timer);
    }
  }));
})()
`
