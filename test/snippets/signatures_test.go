package snippets

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// signature is what a player declares of a function, initializer, method or enum case a snippet calls:
// how many arguments it takes without a label (min to max) and the labels (Swift, Dart) or parameter names
// (Kotlin) it accepts. Taken from the players' sources, as each table says.
type signature struct {
	positional [2]int
	labels     []string
}

// sig is a signature of min to max unlabelled arguments and the given labels.
func sig(minPos, maxPos int, labels ...string) signature {
	return signature{[2]int{minPos, maxPos}, labels}
}

const many = 1 << 10 // a vararg

// swiftAPI: lottie-ios 4.5 (Sources/Public): LottieAnimationView's init() and play(marker:loopMode:completion:)
// and setValueProvider(_:keypath:) (LottieAnimationView.swift); LottieAnimation.loadedFrom(url:session:
// closure:animationCache:) and its async form without closure (LottieAnimationHelpers.swift); the SwiftUI
// LottieView's playing(_:) and valueProvider(_:for:) (LottieView.swift); PlaybackMode.marker(_:loopMode:)
// (LottiePlaybackMode.swift); ColorValueProvider(_:) (ColorValueProvider.swift); LottieColor(r:g:b:a:
// denominator:) (LottieColor.swift); AnimationKeypath(keypath:) (AnimationKeypath.swift). Then what the
// snippets use of Foundation and SwiftUI.
var swiftAPI = map[string]signature{
	"LottieAnimationView":        sig(0, 0),
	"LottieAnimation.loadedFrom": sig(0, 0, "url", "session", "closure", "animationCache"),
	".play":                      sig(0, 0, "marker", "loopMode", "completion"),
	".setValueProvider":          sig(1, 1, "keypath"),
	".playing":                   sig(1, 1),
	".marker":                    sig(1, 1, "loopMode"),
	".valueProvider":             sig(1, 1, "for"),
	"ColorValueProvider":         sig(1, 1),
	"LottieColor":                sig(0, 0, "r", "g", "b", "a", "denominator"),
	"AnimationKeypath":           sig(0, 0, "keypath"),
	// Foundation and SwiftUI
	"URL":                 sig(0, 0, "string"),
	".frame":              sig(0, 0, "width", "height"),
	".accessibilityLabel": sig(1, 1),
}

// kotlinAPI: lottie-android 6.6 (lottie/src/main/java/com/airbnb/lottie/LottieAnimationView.java):
// setAnimationFromUrl(String), setMinAndMaxFrame(String markerName), playAnimation(),
// addValueCallback(KeyPath, T, LottieValueCallback<T>) and its SimpleLottieValueCallback form,
// addLottieOnCompositionLoadedListener(listener); KeyPath(String... keys) (model/KeyPath.java); lottie-compose
// 6.6 (lottie-compose/src/main/java/com/airbnb/lottie/compose): rememberLottieComposition(spec, …)
// (rememberLottieComposition.kt), LottieCompositionSpec.Url(url) (LottieCompositionSpec.kt),
// rememberLottieDynamicProperties(vararg properties) and rememberLottieDynamicProperty(property, value, vararg
// keyPath) (LottieDynamicProperties.kt), LottieClipSpec.Marker(marker) (LottieClipSpec.kt) and
// LottieAnimation(composition, modifier, isPlaying, restartOnPlay, clipSpec, speed, iterations, …,
// dynamicProperties, …) (LottieAnimation.kt). Then what the snippets use of Android and Compose.
var kotlinAPI = map[string]signature{
	".setAnimationFromUrl":                  sig(1, 1),
	".setMinAndMaxFrame":                    sig(1, 1),
	".playAnimation":                        sig(0, 0),
	".addValueCallback":                     sig(2, 3),
	".addLottieOnCompositionLoadedListener": sig(0, 1),
	"KeyPath":                               sig(1, many),
	"rememberLottieComposition":             sig(1, 1, "imageAssetsFolder", "fontAssetsFolder", "fontFileExtension", "cacheKey", "onRetry"),
	"LottieCompositionSpec.Url":             sig(1, 1),
	"rememberLottieDynamicProperties":       sig(0, many),
	"rememberLottieDynamicProperty":         sig(3, many),
	"LottieClipSpec.Marker":                 sig(1, 1),
	"LottieAnimation": sig(1, 2, "modifier", "isPlaying", "restartOnPlay", "clipSpec", "speed", "iterations",
		"outlineMasksAndMattes", "applyOpacityToLayers", "enableMergePaths", "renderMode", "reverseOnRepeat",
		"maintainOriginalImageBounds", "dynamicProperties", "alignment", "contentScale", "clipToCompositionBounds"),
	// Android and Compose
	"findViewById": sig(1, 1),
	".size":        sig(1, 1),
	".toInt":       sig(0, 0),
	".semantics":   sig(0, 0),
}

// dartAPI: lottie 3.3 (lib/src): Lottie.network(url, {client, headers, controller, …, delegates, …,
// onLoaded, key, …, width, height, …}) (lottie.dart); LottieDelegates({text, textStyle, values, image})
// (lottie_delegates.dart); ValueDelegate.color and ValueDelegate.strokeColor(keyPath, {value, callback})
// (value_delegate.dart); LottieComposition.getMarker(name) (composition.dart). Then what the snippets use of
// Flutter: AnimationController({vsync, duration, …}), its repeat({min, max, reverse, period}),
// animateTo(target, {duration, curve}) and dispose(), Semantics, Color(int).
var dartAPI = map[string]signature{
	"Lottie.network": sig(1, 1, "client", "headers", "controller", "frameRate", "animate", "repeat", "reverse",
		"delegates", "options", "imageProviderFactory", "onLoaded", "key", "frameBuilder", "errorBuilder", "width",
		"height", "fit", "alignment", "addRepaintBoundary", "filterQuality", "onWarning", "decoder", "renderCache",
		"backgroundLoading"),
	"LottieDelegates":           sig(0, 0, "text", "textStyle", "values", "image"),
	"ValueDelegate.color":       sig(1, 1, "value", "callback"),
	"ValueDelegate.strokeColor": sig(1, 1, "value", "callback"),
	".getMarker":                sig(1, 1),
	// Flutter
	"AnimationController": sig(0, 0, "value", "duration", "reverseDuration", "debugLabel", "lowerBound", "upperBound", "vsync"),
	".repeat":             sig(0, 0, "min", "max", "reverse", "period", "count"),
	".animateTo":          sig(1, 1, "duration", "curve"),
	".dispose":            sig(0, 0),
	"Semantics":           sig(0, 0, "label", "image", "child"),
	"Color":               sig(1, 1),
	"super.dispose":       sig(0, 0),
	"createState":         sig(0, 0),
	"build":               sig(1, 1),
}

// call is a call a snippet makes: the name as the tables key it, and its arguments' labels ("" for none).
type call struct {
	name   string
	labels []string
}

// calls finds the calls in code of a C-like language whose named arguments are written label: (Swift,
// Dart) or name = (Kotlin, named): an identifier, with the type or member it is on, then parentheses.
// Strings and comments are skipped; declarations (func, fun, class, struct, void, Widget…) are not calls.
func calls(code string, named string) []call {
	code = stripStrings(code)
	var out []call
	for i := 0; i < len(code); i++ {
		if code[i] != '(' {
			continue
		}
		j := i
		for j > 0 && isIdent(code[j-1]) {
			j--
		}
		name := code[j:i]
		if name == "" || isKeyword(name) || declared(code[:j]) {
			continue
		}
		switch {
		case j > 1 && code[j-1] == '.' && isIdent(code[j-2]):
			k := j - 1
			for k > 0 && isIdent(code[k-1]) {
				k--
			}
			if owner := code[k : j-1]; owner[0] >= 'A' && owner[0] <= 'Z' || owner == "super" {
				name = owner + "." + name
			} else {
				name = "." + name
			}
		case j > 0 && code[j-1] == '.':
			name = "." + name
		}
		out = append(out, call{name, labels(args(code[i+1:]), named)})
	}
	return out
}

// args is the text of the arguments of the call whose open parenthesis ends before s.
func args(s string) []string {
	depth, start := 0, 0
	var out []string
	for i, c := range s {
		switch c {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			if depth == 0 {
				if a := strings.TrimSpace(s[start:i]); a != "" {
					out = append(out, a)
				}
				return out
			}
			depth--
		case ',':
			if depth == 0 {
				if a := strings.TrimSpace(s[start:i]); a != "" {
					out = append(out, a)
				}
				start = i + 1
			}
		}
	}
	return out
}

func labels(args []string, named string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		k := 0
		for k < len(a) && isIdent(a[k]) {
			k++
		}
		rest := strings.TrimLeft(a[k:], " ")
		if k > 0 && strings.HasPrefix(rest, named) && !strings.HasPrefix(rest, "==") {
			out[i] = a[:k]
		}
	}
	return out
}

// stripStrings blanks the insides of string literals and removes comments, keeping offsets meaningless
// but structure intact.
func stripStrings(code string) string {
	var b strings.Builder
	for i := 0; i < len(code); i++ {
		c := code[i]
		switch {
		case c == '/' && i+1 < len(code) && code[i+1] == '/':
			for i < len(code) && code[i] != '\n' {
				i++
			}
			b.WriteByte('\n')
		case c == '"' || c == '\'':
			b.WriteByte(c)
			for i++; i < len(code) && code[i] != c; i++ {
				if code[i] == '\\' {
					i++
				}
			}
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func isIdent(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func isKeyword(s string) bool {
	return slices.Contains([]string{"if", "for", "while", "switch", "return", "in", "init"}, s)
}

// declared reports whether the text before a name declares it (func f(, fun F(, void dispose(, Widget
// build(, class X extends …): a definition, not a call.
func declared(before string) bool {
	line := before[strings.LastIndexByte(before, '\n')+1:]
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return false
	}
	last := fields[len(fields)-1]
	return slices.Contains([]string{"func", "fun", "void", "Widget", "class", "struct"}, last) || strings.HasPrefix(last, "State<")
}

// ownClass finds the classes a snippet declares itself (a Flutter widget and its state), whose
// constructors it may call.
var ownClass = regexp.MustCompile(`\bclass (\w+)`)

// check reports the calls of code that its table does not declare, or that pass arguments it does not take.
func check(code, named string, api map[string]signature) []string {
	var own []string
	for _, m := range ownClass.FindAllStringSubmatch(code, -1) {
		own = append(own, m[1])
	}
	var problems []string
	for _, c := range calls(code, named) {
		if slices.Contains(own, c.name) {
			continue
		}
		s, ok := api[c.name]
		if !ok {
			problems = append(problems, fmt.Sprintf("%s: not in the player's declarations", c.name))
			continue
		}
		pos := 0
		for _, l := range c.labels {
			switch {
			case l == "":
				pos++
			case !slices.Contains(s.labels, l):
				problems = append(problems, fmt.Sprintf("%s: no parameter %s (it takes %v)", c.name, l, s.labels))
			}
		}
		if pos < s.positional[0] || pos > s.positional[1] {
			problems = append(problems, fmt.Sprintf("%s: %d arguments without a name, want %d to %d", c.name, pos, s.positional[0], s.positional[1]))
		}
	}
	return problems
}

// TestNativeSnippetsCallTheirPlayersAPI: every call the Swift (UIKit and SwiftUI), Kotlin (Android views
// and Compose) and Dart (Flutter) snippets make, for every state of every style, is one the player's
// sources declare (or the platform's own), with arguments it takes; and the recolouring reaches both
// colour slots through each player's own key paths.
func TestNativeSnippetsCallTheirPlayersAPI(t *testing.T) {
	for _, v := range variants(t, records(t)) {
		for _, s := range []struct {
			platform, code, named string
			api                   map[string]signature
			wants                 []string
		}{
			{"ios", v.code.IOS, ":", swiftAPI, nil},
			{"swiftui", v.code.SwiftUI, ":", swiftAPI, []string{`AnimationKeypath(keypath: "**.primary.**.Color")`, `AnimationKeypath(keypath: "**.secondary.**.Color")`}},
			{"android", v.code.Android, "=", kotlinAPI, nil},
			{"compose", v.code.Compose, "=", kotlinAPI, []string{
				`LottieProperty.STROKE_COLOR, 0xFF111827.toInt(), "**", "primary", "**"`, `LottieProperty.COLOR, 0xFF111827.toInt(), "**", "primary", "**"`,
				`LottieProperty.STROKE_COLOR, 0xFF2257D6.toInt(), "**", "secondary", "**"`, `LottieProperty.COLOR, 0xFF2257D6.toInt(), "**", "secondary", "**"`}},
			{"flutter", v.code.Flutter, ":", dartAPI, []string{
				`ValueDelegate.strokeColor(const ['**', 'primary', '**']`, `ValueDelegate.color(const ['**', 'primary', '**']`,
				`ValueDelegate.strokeColor(const ['**', 'secondary', '**']`, `ValueDelegate.color(const ['**', 'secondary', '**']`}},
		} {
			if s.code == "" {
				t.Errorf("%s: no %s snippet", v.name, s.platform)
				continue
			}
			for _, p := range check(s.code, s.named, s.api) {
				t.Errorf("%s, %s: %s\n%s", v.name, s.platform, p, s.code)
			}
			for _, w := range s.wants {
				if !strings.Contains(s.code, w) {
					t.Errorf("%s, %s: lacks %s", v.name, s.platform, w)
				}
			}
		}
	}
}

// TestTheSignatureCheckRefusesWhatPlayersLack: the check is not blind: a misspelt method, a label the
// player does not take and a missing argument are each reported.
func TestTheSignatureCheckRefusesWhatPlayersLack(t *testing.T) {
	for code, want := range map[string]string{
		`view.play(mark: "in")`:             "no parameter mark",
		`view.setMinAndMaxFrames("in")`:     ".setMinAndMaxFrames: not in",
		`LottieClipSpec.Marker()`:           "0 arguments without a name",
		`Lottie.network('u', controllr: c)`: "no parameter controllr",
		`LottieAnimation(c, iteration = 1)`: "no parameter iteration",
	} {
		named := ":"
		if strings.Contains(code, " = ") {
			named = "="
		}
		api := map[string]signature{}
		for _, m := range []map[string]signature{swiftAPI, kotlinAPI, dartAPI} {
			for k, v := range m {
				api[k] = v
			}
		}
		got := strings.Join(check(code, named, api), "; ")
		if !strings.Contains(got, want) {
			t.Errorf("check(%s) = %q, want it to say %q", code, got, want)
		}
	}
}
