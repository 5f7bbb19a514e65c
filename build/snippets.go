package build

import (
	"fmt"
	"strings"
	"text/template"

	"github.com/iconlib/iconlib/internal/catalog"
)

// Player versions the install commands pin; the snippets use their APIs.
const (
	lottieIOSVersion     = "4.5.0"
	lottieAndroidVersion = "6.6.0"
)

func install(ic catalog.Icon) catalog.Install {
	return catalog.Install{
		JavaScript:    "npm install lottie-web",
		React:         "npm install lottie-react",
		IOSSPM:        `.package(url: "https://github.com/airbnb/lottie-spm.git", from: "` + lottieIOSVersion + `")`,
		IOSCocoaPods:  "pod 'lottie-ios', '~> " + lottieIOSVersion + "'",
		AndroidGradle: `implementation("com.airbnb.android:lottie:` + lottieAndroidVersion + `")`,
		File:          "curl -fsSLO " + ic.FileURL,
	}
}

// snippetTemplates load an icon's file and play its "in" state on each platform.
var snippetTemplates = template.Must(template.New("").Parse(`
{{define "javascript"}}import lottie from "lottie-web";

// <span id="{{.ID}}-icon" role="img" aria-label="{{.Name}}"></span>
const icon = lottie.loadAnimation({
  container: document.getElementById("{{.ID}}-icon"),
  renderer: "svg",
  loop: false,
  autoplay: false,
  path: "{{.FileURL}}",
});
icon.addEventListener("DOMLoaded", () => icon.goToAndPlay("in", true));
icon.wrapper.addEventListener("mouseenter", () => icon.goToAndPlay("hover", true));
{{end}}
{{define "react"}}import { useRef } from "react";
import { Lottie } from "lottie-react";

// lottie-react 3: plays "in" when ready and "hover" on pointer hover or keyboard focus.
export function {{.Component}}() {
  const lottieRef = useRef(null);
  const play = (marker) => lottieRef.current?.playSegments({ marker });
  return (
    <span role="img" aria-label="{{.Name}}" onMouseEnter={() => play("hover")}>
      <Lottie
        as="span"
        src="{{.FileURL}}"
        lottieRef={lottieRef}
        subscriptions={ { ready: () => play("in") } }
        style={ { display: "inline-block", width: 24, height: 24 } }
        aria-hidden="true"
      />
    </span>
  );
}
{{end}}
{{define "ios"}}import Lottie
import UIKit

let iconView = LottieAnimationView()
iconView.accessibilityLabel = "{{.Name}}"
LottieAnimation.loadedFrom(url: URL(string: "{{.FileURL}}")!) { animation in
    iconView.animation = animation
    iconView.play(marker: "in")
}
{{end}}
{{define "android"}}import com.airbnb.lottie.LottieAnimationView

val iconView = findViewById<LottieAnimationView>(R.id.{{.Snake}}_icon)
iconView.contentDescription = "{{.Name}}"
iconView.setAnimationFromUrl("{{.FileURL}}")
iconView.addLottieOnCompositionLoadedListener {
    iconView.setMinAndMaxFrame("in")
    iconView.playAnimation()
}
{{end}}`))

type snippetData struct {
	catalog.Icon
	Component, Snake string
}

func code(ic catalog.Icon) (catalog.Code, error) {
	d := snippetData{Icon: ic, Component: componentName(ic.ID), Snake: strings.ReplaceAll(ic.ID, "-", "_")}
	if d.Snake[0] >= '0' && d.Snake[0] <= '9' {
		d.Snake = "icon_" + d.Snake
	}
	var c catalog.Code
	for _, s := range []struct {
		name string
		dst  *string
	}{{"javascript", &c.JavaScript}, {"react", &c.React}, {"ios", &c.IOS}, {"android", &c.Android}} {
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
