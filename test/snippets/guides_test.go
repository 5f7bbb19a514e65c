package snippets

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/iconlib/iconlib/build"
	"github.com/iconlib/iconlib/internal/catalog"
)

// fence finds the fenced code blocks of a guide: their language and text.
var fence = regexp.MustCompile("(?ms)^```(\\w+)\\n(.*?)^```$")

// TestPlatformGuidesShowTheRecordsSnippet: each platform's guide shows the snippet a record of bell-check
// would carry (the build's own template, so the guide cannot drift from the records), and every block of
// the platform's language in it, the recolouring too, calls only what the player declares.
func TestPlatformGuidesShowTheRecordsSnippet(t *testing.T) {
	const file = "{base_url}/assets/bell-check.json"
	rec := catalog.Icon{ID: "bell-check", Name: "Bell Check", FileURL: file,
		States: []catalog.State{{Name: "in", StartFrame: 0, EndFrame: 40, Styles: []string{"outline"}}},
		Files:  []catalog.StyleFile{{Style: "outline", FileURL: file}},
		License: catalog.License{TextURL: "{base_url}/LICENSE.txt",
			Attribution: "Animation: iconlib (MIT). Drawing: Tabler Icons by Paweł Kuna (MIT)."}}
	code, err := build.Code(rec, build.Play{FileURL: file, State: "in", Enter: "in", Hover: "hover"})
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range []struct {
		slug, lang, snippet, named string
		api                        map[string]signature
	}{
		{"react-native", "tsx", code.ReactNative, "", nil},
		{"flutter", "dart", code.Flutter, ":", dartAPI},
		{"swiftui", "swift", code.SwiftUI, ":", swiftAPI},
		{"compose", "kotlin", code.Compose, "=", kotlinAPI},
	} {
		b, err := os.ReadFile(filepath.Join("..", "..", "content", "guides", g.slug+".md"))
		if err != nil {
			t.Fatal(err)
		}
		shown := false
		for _, m := range fence.FindAllStringSubmatch(string(b), -1) {
			if m[1] != g.lang {
				continue
			}
			shown = shown || m[2] == g.snippet
			if g.api == nil || strings.Contains(m[2], "implementation(") || strings.Contains(m[2], ".package(") {
				continue // the TSX snippet is the record's, which TestSnippetsTypeCheck compiles; install lines
			}
			for _, p := range check(m[2], g.named, g.api) {
				t.Errorf("guide %s: %s in\n%s", g.slug, p, m[2])
			}
		}
		if !shown {
			t.Errorf("guide %s does not show the record's %s snippet:\n%s", g.slug, g.lang, g.snippet)
		}
	}
}
