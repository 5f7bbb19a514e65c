package mcp_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/iconlib/iconlib/edge/library"
	"github.com/iconlib/iconlib/internal/catalog"
	"github.com/iconlib/iconlib/internal/contract"
)

type iconSearch struct {
	Query    string
	Category string
	Items    []library.IconHit
	Total    int
}

func TestSearchIcons(t *testing.T) {
	lib := newLibrary(t, nil)
	url := serve(t, lib)
	for _, v := range versions {
		c, _ := connect(t, url+contract.MCPIconsPath, v)

		var got iconSearch
		text := succeed(t, call(t, c, "search_icons", map[string]any{"query": "  go back  "}), &got)
		want, err := lib.SearchIcons(library.Search{Text: "go back", Limit: 10})
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(iconSearch{Query: "go back", Items: want, Total: len(want)}, got); diff != "" {
			t.Errorf("%s: structured content (-want +got):\n%s", v, diff)
		}
		if got.Total == 0 || got.Items[0].ID != "arrow-left" {
			t.Fatalf("%s: %+v", v, got)
		}
		first := got.Items[0]
		// The text holds what a model acts on; the rest of each hit is in the structured content alone.
		for _, s := range []string{"**1 icon for “go back”**, best first", "[" + first.Name + "](" + first.PageURL + ") `arrow-left`",
			"file " + first.FileURL, "get_icon"} {
			if !strings.Contains(text, s) {
				t.Errorf("%s: text lacks %q:\n%s", v, s, text)
			}
		}
		for _, s := range []string{first.Description, first.SVGURL} {
			if strings.Contains(text, s) {
				t.Errorf("%s: text repeats %q of the structured content:\n%s", v, s, text)
			}
		}

		succeed(t, call(t, c, "search_icons", map[string]any{"query": "circle box", "category": "shapes", "limit": 1}), &got)
		if got.Category != "shapes" || got.Total != 1 || got.Items[0].Category != "shapes" {
			t.Errorf("%s: category and limit: %+v", v, got)
		}

		text = succeed(t, call(t, c, "search_icons", map[string]any{"query": "unicorn", "category": "arrows"}), &got)
		if got.Total != 0 || got.Items == nil || !strings.Contains(text, "No icon matches “unicorn” in category `arrows`") {
			t.Errorf("%s: no match: %+v %q", v, got, text)
		}
	}
}

func TestGetIconReturnsTheFullRecord(t *testing.T) {
	lib := newLibrary(t, nil)
	c, _ := connect(t, serve(t, lib)+contract.MCPIconsPath, versions[0])
	var got catalog.Icon
	text := succeed(t, call(t, c, "get_icon", map[string]any{"id": "circle-dot"}), &got)
	want, _ := lib.Icon("circle-dot")
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("record (-want +got):\n%s", diff)
	}
	// Styles with their files, motions with how they fit, states with their motion: in the structured
	// record and in the text.
	if len(got.Files) != 2 || got.Files[0].Style != "outline" || got.Files[0].SHA256 != want.SHA256 || got.Files[0].FileURL != want.FileURL ||
		got.Files[1].Style != "filled" || !strings.HasSuffix(got.Files[1].FileURL, "/assets/filled/circle-dot.json") {
		t.Errorf("files = %+v, want the outline file and the filled one", got.Files)
	}
	if len(got.Motions) != 3 || got.Motions[0].Name != "draw" || got.Motions[1].Name != "pop" || got.Motions[1].Description == "" || got.Motions[2].Name != "morph" {
		t.Errorf("motions = %+v, want draw, pop and morph with descriptions", got.Motions)
	}
	if got.License.SPDX != "MIT" || !strings.HasSuffix(got.License.TextURL, "/LICENSE.txt") || got.License.Attribution == "" {
		t.Errorf("license = %+v, want MIT with its notices and attribution", got.License)
	}
	motionOf := map[string]string{}
	for _, s := range got.States {
		motionOf[s.Name] = s.Motion
	}
	if motionOf["hover"] != "pop" || motionOf["hover-draw"] != "draw" || motionOf["loop-draw"] != "draw" {
		t.Errorf("states' motions = %v", motionOf)
	}
	for _, s := range []string{"## " + want.Name + " (`circle-dot`)", want.Description, want.FileURL, want.SHA256,
		"### Files", "| `outline` | " + want.FileURL + " | ", " | `" + want.SHA256 + "` | ",
		"### Motions", "- `draw`: ", "- `pop` (signature): " + want.Motions[1].Description + " Part 2; pivot (12, 12).",
		"### States", "| `loop` | 41–160 | yes | `pop` | outline, filled |", "| `morph` | ", "| `hover-draw` | ", " | `draw` | outline | ",
		"- Licence: MIT License (`MIT`, " + want.License.URL + "): ", want.License.TextURL,
		"### Install", want.Install.React, "### Code",
		"```jsx\n" + strings.TrimRight(want.Code.React, "\n") + "\n```", "#### Android"} {
		if !strings.Contains(text, s) {
			t.Errorf("text lacks %q:\n%s", s, text)
		}
	}
}

func TestListCategories(t *testing.T) {
	lib := newLibrary(t, nil)
	c, _ := connect(t, serve(t, lib)+contract.MCPIconsPath, versions[2])
	var got catalog.CategoryList
	text := succeed(t, call(t, c, "list_categories", map[string]any{}), &got)
	want := catalog.CategoryList{Items: lib.Categories(), Total: len(lib.Categories())}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("categories (-want +got):\n%s", diff)
	}
	c0 := want.Items[0]
	if !strings.Contains(text, fmt.Sprintf("%d categories", want.Total)) ||
		!strings.Contains(text, fmt.Sprintf("| `%s` | %s | %d |", c0.ID, c0.Name, c0.Count)) {
		t.Errorf("text:\n%s", text)
	}
}

func TestReadGuideOnBothServers(t *testing.T) {
	lib := newLibrary(t, nil)
	url := serve(t, lib)
	g, _ := lib.Guide("web")
	for _, path := range []string{contract.MCPIconsPath, contract.MCPDocsPath} {
		c, _ := connect(t, url+path, versions[1])
		var got struct {
			catalog.Guide
			URI, Markdown string
		}
		text := succeed(t, call(t, c, "read_guide", map[string]any{"slug": "web"}), &got)
		if got.Guide != g.Guide || got.URI != "iconlib://guides/web" || got.Markdown != g.Markdown || text != g.Markdown {
			t.Errorf("%s: %+v, text %q", path, got, text)
		}
	}
}

func TestSearchGuides(t *testing.T) {
	lib := newLibrary(t, nil)
	c, _ := connect(t, serve(t, lib)+contract.MCPDocsPath, versions[0])
	var got struct {
		Question string
		Items    []library.SectionHit
		Total    int
	}
	text := succeed(t, call(t, c, "search_guides", map[string]any{"question": "How do I install lottie-web?"}), &got)
	want, err := lib.SearchGuides(library.Search{Text: "How do I install lottie-web?", Limit: 5})
	if err != nil {
		t.Fatal(err)
	}
	if got.Total == 0 || got.Total != len(want) || got.Items[0].Slug != "web" || got.Items[0].Anchor == "" {
		t.Fatalf("%+v", got)
	}
	if diff := cmp.Diff(want, got.Items); diff != "" {
		t.Errorf("items (-want +got):\n%s", diff)
	}
	s := got.Items[0]
	for _, part := range []string{"best first", s.Guide + " › " + s.Heading, s.URL, "npm install lottie-web"} {
		if !strings.Contains(text, part) {
			t.Errorf("text lacks %q:\n%s", part, text)
		}
	}
	// A section is read away from its page: its links are absolute.
	succeed(t, call(t, c, "search_guides", map[string]any{"question": "start the states with the player"}), &got)
	if got.Total == 0 || got.Items[0].Heading != "Play" ||
		!strings.Contains(got.Items[0].Text, "[states]("+base+"/docs/getting-started/)") ||
		!strings.Contains(got.Items[0].Text, "[setup]("+base+"/docs/web/#install)") {
		t.Errorf("links of a section: %+v", got.Items)
	}
	succeed(t, call(t, c, "search_guides", map[string]any{"question": "install", "limit": 1}), &got)
	if got.Total != 1 {
		t.Errorf("limit 1 gave %d", got.Total)
	}
}
