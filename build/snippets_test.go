package build

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/iconlib/iconlib/internal/catalog"
)

// bellRecord is a record with both styles and a morph, as the library will have them.
func bellRecord() catalog.Icon {
	both := []string{"outline", "filled"}
	return catalog.Icon{
		ID: "bell", Name: "Bell", FileURL: "https://x/assets/bell.json",
		States: []catalog.State{
			{Name: "in", Motion: "swing", Styles: both}, {Name: "loop", Loop: true, Motion: "swing", Styles: both},
			{Name: "hover", Motion: "swing", Styles: both}, {Name: "in-swing", Motion: "swing", Styles: both},
			{Name: "in-draw", Motion: "draw", Styles: both}, {Name: "hover-draw", Motion: "draw", Styles: both},
			{Name: "loop-draw", Loop: true, Motion: "draw", Styles: both},
			{Name: "morph-bell-off", Motion: "morph", Styles: []string{"outline"}, TargetIcon: "bell-off"},
		},
		Files: []catalog.StyleFile{{Style: "outline", FileURL: "https://x/assets/bell.json"},
			{Style: "filled", FileURL: "https://x/assets/filled/bell.json"}},
		License: catalog.License{Name: "MIT License", SPDX: "MIT", URL: "https://x/license/", TextURL: "https://x/LICENSE.txt",
			Attribution: "Animation: iconlib (MIT). Drawing: Tabler Icons by Paweł Kuna (MIT)."},
	}
}

func TestPlayFor(t *testing.T) {
	const outline, filled = "https://x/assets/bell.json", "https://x/assets/filled/bell.json"
	tests := []struct {
		style, state string
		want         Play
		element      string // the attributes of the <iconlib-icon> that plays it
	}{
		{"outline", "in", Play{Style: "outline", FileURL: outline, State: "in", Enter: "in", Hover: "hover"}, ` trigger="hover"`},
		{"outline", "in-swing", Play{Style: "outline", FileURL: outline, State: "in-swing", Enter: "in-swing", Hover: "hover"}, ` trigger="hover"`},
		{"filled", "hover", Play{Style: "filled", FileURL: filled, State: "hover", Enter: "in", Hover: "hover"}, ` icon-style="filled" trigger="hover"`},
		{"filled", "in-draw", Play{Style: "filled", FileURL: filled, State: "in-draw", Enter: "in-draw", Hover: "hover-draw"}, ` icon-style="filled" trigger="hover" motion="draw"`},
		{"outline", "hover-draw", Play{Style: "outline", FileURL: outline, State: "hover-draw", Enter: "in-draw", Hover: "hover-draw"}, ` trigger="hover" motion="draw"`},
		{"filled", "loop-draw", Play{Style: "filled", FileURL: filled, State: "loop-draw", Loop: true, Enter: "loop-draw"}, ` icon-style="filled" trigger="loop" motion="draw"`},
		{"outline", "morph-bell-off", Play{Style: "outline", FileURL: outline, State: "morph-bell-off", Enter: "in", Hover: "morph-bell-off"}, ` trigger="toggle" state="morph-bell-off"`},
	}
	for _, tc := range tests {
		t.Run(tc.style+"/"+tc.state, func(t *testing.T) {
			got, err := PlayFor(bellRecord(), tc.style, tc.state)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			if attrs := elementAttrs(bellRecord(), got); attrs != tc.element {
				t.Errorf("<iconlib-icon icon=\"bell\"%s>, want%s", attrs, tc.element)
			}
		})
	}
	for _, bad := range [][2]string{{"duotone", "in"}, {"outline", "wobble"}, {"filled", "morph-bell-off"}} {
		if _, err := PlayFor(bellRecord(), bad[0], bad[1]); err == nil {
			t.Errorf("PlayFor(%s, %s) succeeded", bad[0], bad[1])
		}
	}
}

func TestCodePlaysTheChosenStateOfTheChosenFile(t *testing.T) {
	p, err := PlayFor(bellRecord(), "filled", "loop-draw")
	if err != nil {
		t.Fatal(err)
	}
	c, err := Code(bellRecord(), p)
	if err != nil {
		t.Fatal(err)
	}
	for platform, wants := range map[string][]string{
		c.JavaScript: {`loop: true,`, `path: "https://x/assets/filled/bell.json"`, `icon.goToAndPlay("loop-draw", true)`},
		c.React:      {`src="https://x/assets/filled/bell.json"`, `{ lottieRef.current?.setLoop(true); play("loop-draw"); }`},
		c.IOS:        {`URL(string: "https://x/assets/filled/bell.json")`, `iconView.play(marker: "loop-draw", loopMode: .loop)`},
		c.Android:    {`setAnimationFromUrl("https://x/assets/filled/bell.json")`, `setMinAndMaxFrame("loop-draw")`, "repeatCount = LottieDrawable.INFINITE", "import com.airbnb.lottie.LottieDrawable"},
	} {
		for _, w := range wants {
			if !strings.Contains(platform, w) {
				t.Errorf("code lacks %q:\n%s", w, platform)
			}
		}
	}
	if strings.Contains(c.JavaScript, "mouseenter") || strings.Contains(c.React, "onMouseEnter") {
		t.Errorf("a loop's web code plays a hover too:\n%s\n%s", c.JavaScript, c.React)
	}
}

// TestWebCodePlaysHoverOnFocus: the JavaScript code plays the hover on keyboard focus of the control the
// icon sits in, as on pointer hover.
func TestWebCodePlaysHoverOnFocus(t *testing.T) {
	ic := bellRecord()
	p, err := PlayFor(ic, "outline", "in")
	if err != nil {
		t.Fatal(err)
	}
	c, err := Code(ic, p)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{`const control = box.closest("a, button") || box;`, `control.addEventListener("mouseenter", playHover);`, `control.addEventListener("focus", playHover);`} {
		if !strings.Contains(c.JavaScript, w) {
			t.Errorf("the JavaScript code lacks %q:\n%s", w, c.JavaScript)
		}
	}
}
