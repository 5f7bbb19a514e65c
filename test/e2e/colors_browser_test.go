package e2e

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"testing"

	"github.com/chromedp/chromedp"
)

// colorsJS loads a built file twice in the site's lottie-web (SVG), as it is and with its secondary slot
// set to red, both stopped at frame; it finds the secondary groups by key path (**.secondary, walking the
// shape data by name beside the renderer's items) and by class, and says what it found.
const colorsJS = `(async (id, frame) => {
  document.body.innerHTML = '<div id="plain"></div><div id="red"></div>';
  document.body.style.cssText = 'margin:0;background:#fff';
  for (const d of document.querySelectorAll('div')) d.style.cssText = 'width:240px;height:240px';
  await new Promise((ok, fail) => { const s = document.createElement('script'); s.src = '/static/vendor/lottie_light.min.js';
    s.onload = ok; s.onerror = fail; document.head.append(s); });
  const data = await (await fetch('/assets/' + id + '.json')).json();
  const red = structuredClone(data);
  red.slots.secondary.p.k = [1, 0, 0, 1];
  const load = (el, d) => lottie.loadAnimation({ container: document.getElementById(el), renderer: 'svg', loop: false, autoplay: false, animationData: d });
  const plain = load('plain', data), tinted = load('red', red);
  plain.goToAndStop(frame, true); tinted.goToAndStop(frame, true);
  const layer = tinted.renderer.elements[0];
  const byPath = [];
  const walk = (shapes, items, path) => shapes.forEach((s, i) => {
    if (s.ty !== 'gr') return;
    const p = path.concat(s.nm || '');
    if (s.nm === 'secondary') byPath.push({ path: p.join('.'), class: items[i].gr.getAttribute('class'),
      paths: items[i].gr.querySelectorAll('path').length });
    walk(s.it, items[i].it, p);
  });
  walk(layer.data.shapes, layer.itemsData, [layer.data.nm]);
  return { byPath, classed: document.querySelectorAll('#red g.secondary').length,
    primary: document.querySelectorAll('#red g.primary').length, version: lottie.version };
})`

type colorsFound struct {
	ByPath []struct {
		Path  string
		Class string
		Paths int
	}
	Classed, Primary int
	Version          string
}

// TestLottieWebRecoloursTheSecondarySlot: in a real built file (bell-check), lottie-web finds the badge's
// group by key path and by class, and setting the file's secondary slot to red turns the check red and
// nothing else: the bell stays black, and without the change nothing is red.
func TestLottieWebRecoloursTheSecondarySlot(t *testing.T) {
	browser := newBrowser(t)
	lib := fullLibrary(t)
	ic := readRecord(t, lib.Public, "bell-check")
	if len(ic.ColorSlots) != 2 || ic.ColorSlots[1].Name != "secondary" || fmt.Sprint(ic.ColorSlots[1].Parts) != "[3]" {
		t.Fatalf("bell-check's color_slots = %+v, want its check (part 3) secondary", ic.ColorSlots)
	}
	still, _ := stateFrames(t, ic, "hover")     // hover starts on the still icon
	ctx, _ := openTab(t, browser, tabOptions{}) // a bare page of the site's origin: its problems (no favicon) are not the file's
	navigate(t, ctx, lib.URL+"/robots.txt")
	found := js[colorsFound](t, ctx, fmt.Sprintf("%s(%q, %d)", colorsJS, ic.ID, still))
	t.Logf("lottie-web %s: secondary by key path %+v; %d <g class=secondary>, %d <g class=primary>", found.Version, found.ByPath, found.Classed, found.Primary)
	if len(found.ByPath) == 0 || found.Classed != len(found.ByPath) || found.Primary == 0 {
		t.Fatalf("want the secondary groups found alike by key path and by class, and primary groups beside them")
	}
	for _, g := range found.ByPath {
		if g.Class != "secondary" || g.Paths == 0 {
			t.Errorf("the group at %s has class %q and %d paths, want class secondary and its paths", g.Path, g.Class, g.Paths)
		}
	}
	shot := func(sel string) image.Image {
		b, err := chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS(sel)))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		return img
	}
	plain, red := inks(shot("#plain")), inks(shot("#red"))
	// The check, M15 19l2 2l4 -4, with its stroke and a unit of antialiasing, at 10 px a unit.
	check := image.Rect(130, 150, 230, 230)
	if plain.red > 0 {
		t.Errorf("the file as built draws %d red pixels", plain.red)
	}
	if red.red < 100 || !red.redBox.In(check) {
		t.Errorf("with the secondary slot red, %d red pixels within %v, want the check's alone within %v", red.red, red.redBox, check)
	}
	if red.darkOutside(check) < plain.darkOutside(check)*9/10 || red.darkOutside(check) == 0 {
		t.Errorf("the bell drew %d dark pixels, %d with the secondary slot red: the primary slot must not change",
			plain.darkOutside(check), red.darkOutside(check))
	}
}

// inked counts a picture's red and dark pixels.
type inked struct {
	red    int
	redBox image.Rectangle
	dark   []image.Point
}

func inks(img image.Image) inked {
	var k inked
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			r, g, bl = r>>8, g>>8, bl>>8
			p := image.Pt(x-b.Min.X, y-b.Min.Y)
			switch {
			case r > 180 && g < 90 && bl < 90:
				k.red++
				k.redBox = k.redBox.Union(image.Rectangle{Min: p, Max: p.Add(image.Pt(1, 1))})
			case r < 90 && g < 90 && bl < 90:
				k.dark = append(k.dark, p)
			}
		}
	}
	return k
}

func (k inked) darkOutside(r image.Rectangle) int {
	n := 0
	for _, p := range k.dark {
		if !p.In(r) {
			n++
		}
	}
	return n
}
