package build

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"text/template"

	"github.com/iconlib/iconlib/internal/catalog"
	"github.com/iconlib/iconlib/internal/contract"
	"github.com/iconlib/iconlib/templates"
)

// Player versions the install commands pin; the snippets use their APIs.
const (
	lottieIOSVersion     = "4.5.0"
	lottieAndroidVersion = "6.6.0" // lottie-android and lottie-compose
	lottieFlutterVersion = "3.3.0"
)

func install(ic catalog.Icon) catalog.Install {
	return catalog.Install{
		JavaScript:     "npm install lottie-web",
		React:          "npm install lottie-react",
		IOSSPM:         `.package(url: "https://github.com/airbnb/lottie-spm.git", from: "` + lottieIOSVersion + `")`,
		IOSCocoaPods:   "pod 'lottie-ios', '~> " + lottieIOSVersion + "'",
		AndroidGradle:  `implementation("com.airbnb.android:lottie:` + lottieAndroidVersion + `")`,
		File:           "curl -fsSLO " + ic.FileURL,
		ReactNative:    "npm install lottie-react-native",
		Flutter:        "flutter pub add lottie:^" + lottieFlutterVersion,
		AndroidCompose: `implementation("com.airbnb.android:lottie-compose:` + lottieAndroidVersion + `")`,
	}
}

// snippetTemplates (templates/snippets/code.tmpl) load a file of an icon and play a state on each platform: on the web the state to
// play when the icon appears (Enter) and the one for pointer hover (Hover, none for a loop); on iOS and
// Android the chosen state itself. The website's code tabs (templates/static/site.js) turn the record's
// default code into the code for another state and style the same way; a test holds the two together.
var snippetTemplates = template.Must(template.New("").ParseFS(templates.FS, templates.SnippetsFile))

// Play is what a snippet plays: a state of one style's file.
type Play struct {
	Style   string // the style of FileURL
	FileURL string
	State   string // the state chosen; iOS and Android play it
	Loop    bool   // the state repeats
	Enter   string // the state the web plays when the icon appears
	Hover   string // the state the web plays on pointer hover; "" for none
}

// PlayFor resolves the state named state of an icon's file of the given style into what the snippets
// play. A loop plays on its own; an entrance (in, in-<motion>) pairs with the hover of its motion; any other
// state (a hover, a morph) plays on hover after the entrance of its motion.
func PlayFor(ic catalog.Icon, style, state string) (Play, error) {
	p := Play{Style: style, State: state}
	for _, f := range ic.Files {
		if f.Style == style {
			p.FileURL = f.FileURL
		}
	}
	if p.FileURL == "" {
		return p, fmt.Errorf("icon %s has no %s file", ic.ID, style)
	}
	st, ok := findState(ic, state)
	if !ok || !slices.Contains(st.Styles, style) {
		return p, fmt.Errorf("icon %s: the %s file has no state %q", ic.ID, style, state)
	}
	kind, _, _ := strings.Cut(state, "-")
	switch {
	case st.Loop:
		p.Loop, p.Enter = true, state
	case kind == "in":
		p.Enter, p.Hover = state, stateOf(ic, "hover", st.Motion)
	default:
		p.Enter, p.Hover = stateOf(ic, "in", st.Motion), state
	}
	return p, nil
}

// stateOf names the state of kind (in, hover, loop) that plays motion: the plain kind for the signature
// motion (or when the icon has no such state), else kind-motion.
func stateOf(ic catalog.Icon, kind, motion string) string {
	if hover, ok := findState(ic, "hover"); ok && hover.Motion == motion {
		return kind
	}
	if _, ok := findState(ic, kind+"-"+motion); ok {
		return kind + "-" + motion
	}
	return kind
}

func findState(ic catalog.Icon, name string) (catalog.State, bool) {
	for _, s := range ic.States {
		if s.Name == name {
			return s, true
		}
	}
	return catalog.State{}, false
}

type snippetData struct {
	catalog.Icon
	Component, Snake string
	Play             Play
	Frames           struct{ Start, End int } // of Play.State, for players that play frames, not markers
	Colors           []slotColor
	ElementScript    string // the versioned URL of <iconlib-icon>'s script
	ElementAttrs     string // the element's attributes after icon, each with its leading space
}

// elementAttrs are the attributes of an <iconlib-icon> that plays p as the other snippets do: its style,
// and its trigger with the motion (or the morph) the state belongs to; a state no trigger plays is named
// in state, which plays it when the icon loads.
func elementAttrs(ic catalog.Icon, p Play) string {
	var b strings.Builder
	if p.Style != "outline" {
		fmt.Fprintf(&b, ` icon-style="%s"`, p.Style)
	}
	st, _ := findState(ic, p.State)
	kind, _, _ := strings.Cut(p.State, "-")
	switch {
	case st.TargetIcon != "" || p.State == "morph" || p.State == "morph-back":
		fmt.Fprintf(&b, ` trigger="toggle" state="%s"`, strings.TrimSuffix(p.State, "-back"))
		return b.String()
	case p.Loop:
		b.WriteString(` trigger="loop"`)
	case kind == "in" || kind == "hover":
		b.WriteString(` trigger="hover"`)
	default:
		fmt.Fprintf(&b, ` trigger="hover" state="%s"`, p.State)
		return b.String()
	}
	if st.Motion != "" && st.Motion != ic.Signature() {
		fmt.Fprintf(&b, ` motion="%s"`, st.Motion)
	}
	return b.String()
}

// slotColor is the colour a snippet paints a colour slot of the icon's files: the newer snippets show how
// with their player's own API, in a near-black primary and the site's blue secondary, for people to change.
type slotColor struct {
	Slot    string
	R, G, B uint8
}

var slotColors = []slotColor{{"primary", 0x11, 0x18, 0x27}, {"secondary", 0x22, 0x57, 0xd6}}

// Hex is the colour as #rrggbb.
func (c slotColor) Hex() string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

// ARGB is the colour as an opaque ARGB literal, 0xFFRRGGBB (Dart's Color, Kotlin's Int).
func (c slotColor) ARGB() string { return fmt.Sprintf("0xFF%02X%02X%02X", c.R, c.G, c.B) }

// Unit is the colour's red, green and blue from 0 to 1, to three places (lottie-ios's LottieColor).
func (c slotColor) Unit() [3]string {
	unit := func(v uint8) string { return strconv.FormatFloat(float64(v)/255, 'f', 3, 64) }
	return [3]string{unit(c.R), unit(c.G), unit(c.B)}
}

// code is the record's code: the outline file's "in" state, and "hover" on pointer hover.
func code(ic catalog.Icon) (catalog.Code, error) {
	return Code(ic, Play{Style: "outline", FileURL: ic.FileURL, State: "in", Enter: "in", Hover: "hover"})
}

// Code is an icon's snippets for each platform, playing p. Each starts with a comment naming the icon's
// licence, so the record must have one.
func Code(ic catalog.Icon, p Play) (catalog.Code, error) {
	if ic.License.Attribution == "" || ic.License.TextURL == "" {
		return catalog.Code{}, fmt.Errorf("icon %s has no licence for its snippets' header", ic.ID)
	}
	d := snippetData{Icon: ic, Component: componentName(ic.ID), Snake: strings.ReplaceAll(ic.ID, "-", "_"), Play: p, Colors: slotColors,
		ElementScript: strings.TrimSuffix(ic.PageURL, contract.IconPage(ic.ID)) + templates.StaticURL(templates.ElementScript),
		ElementAttrs:  elementAttrs(ic, p)}
	if d.Snake[0] >= '0' && d.Snake[0] <= '9' {
		d.Snake = "icon_" + d.Snake
	}
	if st, ok := findState(ic, p.State); ok {
		d.Frames.Start, d.Frames.End = st.StartFrame, st.EndFrame
	}
	var c catalog.Code
	for _, s := range []struct {
		name string
		dst  *string
	}{{"html", &c.HTML}, {"javascript", &c.JavaScript}, {"react", &c.React}, {"ios", &c.IOS}, {"android", &c.Android},
		{"react_native", &c.ReactNative}, {"flutter", &c.Flutter}, {"swiftui", &c.SwiftUI}, {"compose", &c.Compose}} {
		var b strings.Builder
		if err := snippetTemplates.ExecuteTemplate(&b, s.name, d); err != nil {
			return c, fmt.Errorf("%s snippet: %w", s.name, err)
		}
		*s.dst = b.String()
	}
	return c, nil
}

// componentName is a React component name for an icon: "arrow-left" → "ArrowLeftIcon", "2fa" → "Icon2faIcon".
func componentName(id string) string {
	name := strings.ReplaceAll(displayName(id), " ", "") + "Icon"
	if name[0] >= '0' && name[0] <= '9' {
		name = "Icon" + name
	}
	return name
}
