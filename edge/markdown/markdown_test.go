package markdown

import (
	"strings"
	"testing"

	"github.com/iconlib/iconlib/edge/library"
	"github.com/iconlib/iconlib/internal/catalog"
	"github.com/iconlib/iconlib/templates"
)

var (
	arrowLeft = library.IconHit{ID: "arrow-left", Name: "Arrow Left", Description: "Go back.", Category: "arrows",
		PageURL: "https://x/icons/arrow-left/", FileURL: "https://x/assets/arrow-left.json",
		SVGURL: "https://x/svg/arrow-left.svg"}
	bell = library.IconHit{ID: "bell", Name: "Bell *new*", Description: "Ring\n\n# now", Category: "alerts",
		PageURL: "https://x/icons/bell/", FileURL: "https://x/assets/bell.json", SVGURL: "https://x/svg/bell.svg"}
)

const (
	arrowLeftItem = "1. [Arrow Left](https://x/icons/arrow-left/) `arrow-left`, file https://x/assets/arrow-left.json\n"
	bellItem      = "2. [Bell \\*new\\*](https://x/icons/bell/) `bell`, file https://x/assets/bell.json\n"
)

func TestIconHits(t *testing.T) {
	tests := []struct {
		name string
		s    Search
		hits []library.IconHit
		want string
	}{
		{
			name: "results", s: Search{Query: "go  back", Next: "Ask for one."}, hits: []library.IconHit{arrowLeft, bell},
			want: "**2 icons for “go back”**, best first:\n\n" + arrowLeftItem + bellItem + "\nAsk for one.\n",
		},
		{
			name: "one result in a category, no next step", s: Search{Query: "back", Category: "arrows"},
			hits: []library.IconHit{arrowLeft},
			want: "**1 icon for “back”** in category `arrows`, best first:\n\n" + arrowLeftItem,
		},
		{
			name: "no match", s: Search{Query: "[volcano](http://evil)", Next: "unused"},
			want: "No icon matches “\\[volcano\\](http://evil)”. Try other words for the meaning.\n",
		},
		{
			name: "no match in a category, with an alternative", s: Search{Query: "x", Category: "a`b", Instead: "Or browse."},
			want: "No icon matches “x” in category ``a`b``. Try other words for the meaning, or search every category. " +
				"Or browse.\n",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := IconHits(tc.s, tc.hits); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

func TestIconList(t *testing.T) {
	tests := []struct {
		name string
		hits []library.IconHit
		want string
	}{
		{"none", nil, ""},
		{"escaped, on one line each, without what only the structured answer carries", []library.IconHit{arrowLeft, bell}, arrowLeftItem + bellItem},
		{
			"no description",
			[]library.IconHit{{ID: "a", Name: "A", Category: "c", PageURL: "p", FileURL: "f", SVGURL: "s"}},
			"1. [A](p) `a`, file f\n",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := IconList(tc.hits); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

func TestIcon(t *testing.T) {
	full := catalog.Icon{
		ID: "bell", Name: "Bell", Description: "A bell that <rings>.", Category: "alerts", CategoryName: "Alerts",
		Tags: []string{"notify", "ring_ring"}, Styles: []string{"outline", "filled"},
		States: []catalog.State{
			{Name: "in", StartFrame: 0, EndFrame: 30, Description: "Draws | itself.", Motion: "swing", Styles: []string{"outline", "filled"}},
			{Name: "loop", StartFrame: 30, EndFrame: 90, Loop: true, Description: "Swings.", Motion: "swing", Styles: []string{"outline", "filled"}},
			{Name: "hover", StartFrame: 91, EndFrame: 120, Description: "Swings once.", Motion: "swing", Styles: []string{"outline", "filled"}},
			{Name: "hover-draw", StartFrame: 121, EndFrame: 150, Description: "Redraws.", Motion: "draw", Styles: []string{"outline"}},
			{Name: "morph-bell-off", StartFrame: 151, EndFrame: 190, Description: "Turns off.", Motion: "morph", Styles: []string{"outline"}, TargetIcon: "bell-off"},
			{Name: "morph-bell-off-back", StartFrame: 191, EndFrame: 230, Description: "Turns on again.", Motion: "morph", Styles: []string{"outline"}, TargetIcon: "bell-off"},
		},
		Motions: []catalog.Motion{{Name: "draw", Description: "Draws on."},
			{Name: "swing", Description: "Rocks side to side.", Parts: []int{1, 2}, Pivot: []float64{12, 2.5}, Direction: "cw"}},
		FileURL: "https://x/assets/bell.json", FileFormat: "lottie", SHA256: "abc", SizeBytes: 1234,
		SVGURL: "https://x/svg/bell.svg", PageURL: "https://x/icons/bell/",
		Install: catalog.Install{JavaScript: "npm install lottie-web", File: "curl -O https://x/assets/bell.json"},
		Code:    catalog.Code{JavaScript: "lottie.loadAnimation({})\n", Android: "val v = ```\n"},
		Files: []catalog.StyleFile{
			{Style: "outline", FileURL: "https://x/assets/bell.json", SHA256: "abc", SizeBytes: 1234, SVGURL: "https://x/svg/bell.svg"},
			{Style: "filled", FileURL: "https://x/assets/filled/bell.json", SHA256: "def", SizeBytes: 999, SVGURL: "https://x/svg/filled/bell.svg"},
		},
		License: catalog.License{Name: "MIT License", SPDX: "MIT", URL: "https://x/license/", TextURL: "https://x/LICENSE.txt",
			Attribution: "Animation: iconlib (MIT). Drawing: *Tabler* Icons (MIT)."},
	}
	bare := catalog.Icon{ID: "dot", Name: "Dot", Category: "shapes", CategoryName: "Shapes", FileURL: "f",
		FileFormat: "lottie", SHA256: "s", SizeBytes: 1, SVGURL: "v", PageURL: "p"}
	tests := []struct {
		name string
		icon catalog.Icon
		want string
	}{
		{
			name: "every part", icon: full,
			want: "## Bell (`bell`)\n\nA bell that \\<rings\\>.\n\n" +
				"- Page: https://x/icons/bell/\n- Category: Alerts (`alerts`)\n- Tags: notify, ring\\_ring\n" +
				"- Styles: outline, filled\n- Animation (lottie, 1234 bytes): https://x/assets/bell.json\n- sha256: `abc`\n" +
				"- Static SVG: https://x/svg/bell.svg\n" +
				"- Licence: MIT License (`MIT`, https://x/license/): Animation: iconlib (MIT). Drawing: \\*Tabler\\* Icons (MIT). " +
				"Ship the notices with the files: https://x/LICENSE.txt\n" +
				"\n### Files\n\n| Style | Animation | Bytes | sha256 | Static SVG |\n| --- | --- | --- | --- | --- |\n" +
				"| `outline` | https://x/assets/bell.json | 1234 | `abc` | https://x/svg/bell.svg |\n" +
				"| `filled` | https://x/assets/filled/bell.json | 999 | `def` | https://x/svg/filled/bell.svg |\n" +
				"\n### Motions\n\n- `draw`: Draws on.\n" +
				"- `swing` (signature): Rocks side to side. Parts 1, 2; pivot (12, 2.5); direction cw.\n" +
				"\n### States\n\nEach state is a Lottie marker of that name in the files of its styles.\n\n" +
				"| State | Frames | Loops | Motion | Styles | What it does |\n| --- | --- | --- | --- | --- | --- |\n" +
				"| `in` | 0–30 | no | `swing` | outline, filled | Draws \\| itself. |\n" +
				"| `loop` | 30–90 | yes | `swing` | outline, filled | Swings. |\n" +
				"| `hover` | 91–120 | no | `swing` | outline, filled | Swings once. |\n" +
				"| `hover-draw` | 121–150 | no | `draw` | outline | Redraws. |\n" +
				"| `morph-bell-off` | 151–190 | no | `morph` | outline | Turns off. Ends as icon `bell-off`. |\n" +
				"| `morph-bell-off-back` | 191–230 | no | `morph` | outline | Turns on again. Starts as icon `bell-off`. |\n" +
				"\n### Install\n\n- JavaScript: `npm install lottie-web`\n" +
				"- The file: `curl -O https://x/assets/bell.json`\n" +
				"\n### Code\n\n#### JavaScript (lottie-web)\n\n```javascript\nlottie.loadAnimation({})\n```\n" +
				"\n#### Android views (lottie-android, Kotlin)\n\n````kotlin\nval v = ```\n````\n",
		},
		{
			name: "empty parts left out", icon: bare,
			want: "## Dot (`dot`)\n\n- Page: p\n- Category: Shapes (`shapes`)\n- Animation (lottie, 1 bytes): f\n" +
				"- sha256: `s`\n- Static SVG: v\n",
		},
	}
	labels, err := templates.Platforms()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Icon(tc.icon, labels); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

func TestCategories(t *testing.T) {
	tests := []struct {
		name string
		cats []catalog.Category
		next string
		want string
	}{
		{
			name: "several, with a next step",
			cats: []catalog.Category{{ID: "arrows", Name: "Arrows", Count: 1}, {ID: "a|b", Name: "A | B", Count: 2}},
			next: "Pass an id.",
			want: "**2 categories**\n\n| Id | Name | Icons |\n| --- | --- | --- |\n| `arrows` | Arrows | 1 |\n" +
				"| `a\\|b` | A \\| B | 2 |\n\nPass an id.\n",
		},
		{
			name: "one", cats: []catalog.Category{{ID: "arrows", Name: "Arrows", Count: 1}},
			want: "**1 category**\n\n| Id | Name | Icons |\n| --- | --- | --- |\n| `arrows` | Arrows | 1 |\n",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Categories(tc.cats, tc.next); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

func TestSectionHits(t *testing.T) {
	section := func(slug, guide, heading, text string) library.SectionHit {
		return library.SectionHit{Section: catalog.Section{Slug: slug, Guide: guide, Heading: heading,
			URL: "https://x/docs/" + slug + "/#" + catalog.Slug(heading), Text: text}}
	}
	install := section("web", "On the web", "Install", "## Install\n\n```sh\nnpm install lottie-web\n```\n")
	play := section("web", "On the web", "Play `loop`", "## Play `loop`\n\nCall play().")
	intro := section("react", "In React", "In React", "Use lottie-react.")
	const (
		installFull = "\n### 1. [On the web › Install](https://x/docs/web/#install) (guide `web`)\n\n" +
			"```sh\nnpm install lottie-web\n```\n"
		playFull = "\n### 2. [On the web › Play loop](https://x/docs/web/#play-loop) (guide `web`)\n\nCall play().\n"
	)
	tests := []struct {
		name string
		s    Search
		hits []library.SectionHit
		want string
	}{
		{
			name: "every section in full", s: Search{Query: "install?"}, hits: []library.SectionHit{install, play},
			want: "**2 guide sections for “install?”**, best first:\n" + installFull + playFull,
		},
		{
			name: "the first quoted, the rest linked", s: Search{Query: "play", Full: 1, Next: "Read more."},
			hits: []library.SectionHit{install, play, intro},
			want: "**3 guide sections for “play”**, best first:\n" + installFull + "\nMore sections:\n\n" +
				"- [On the web › Play loop](https://x/docs/web/#play-loop) (guide `web`)\n" +
				"- [In React › In React](https://x/docs/react/#in-react) (guide `react`)\n\nRead more.\n",
		},
		{
			name: "fewer than Full", s: Search{Query: "react", Full: 3}, hits: []library.SectionHit{intro},
			want: "**1 guide section for “react”**, best first:\n" +
				"\n### 1. [In React › In React](https://x/docs/react/#in-react) (guide `react`)\n\nUse lottie-react.\n",
		},
		{
			name: "no match", s: Search{Query: "*volcano*"},
			want: "No guide section answers “\\*volcano\\*”. Try other words.\n",
		},
		{
			name: "no match, with an alternative", s: Search{Query: "volcano", Instead: "Or read a guide."},
			want: "No guide section answers “volcano”. Try other words. Or read a guide.\n",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := SectionHits(tc.s, tc.hits); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

func TestGuides(t *testing.T) {
	guide := func(slug, title, desc string) library.Guide {
		return library.Guide{Guide: catalog.Guide{Slug: slug, Title: title, Description: desc,
			URL: "https://x/docs/" + slug + "/", MarkdownURL: "https://x/docs/" + slug + ".md"}}
	}
	tests := []struct {
		name   string
		guides []library.Guide
		want   string
	}{
		{"none", nil, ""},
		{
			"each linked, with its Markdown",
			[]library.Guide{guide("web", "On the web", "Play an icon with lottie-web."), guide("api", "The [REST] API", "")},
			"- [On the web](https://x/docs/web/): Play an icon with lottie-web. (Markdown: https://x/docs/web.md)\n" +
				"- [The \\[REST\\] API](https://x/docs/api/) (Markdown: https://x/docs/api.md)\n",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Guides(tc.guides); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

func TestHelpers(t *testing.T) {
	tests := []struct{ got, want string }{
		{Code("bell"), "`bell`"},
		{Code("a`b"), "``a`b``"},
		{Code("`x"), "`` `x ``"},
		{Code("a\n\nb"), "`a  b`"},
		{fence("js", "x()\n"), "```js\nx()\n```\n"},
		{fence("md", "```\ncode\n```"), "````md\n```\ncode\n```\n````\n"},
		{escape("[link](x) *b* <i> #1 a_b"), `\[link\](x) \*b\* \<i\> \#1 a\_b`},
		{inline("two\n\nlines  |here|"), `two lines \|here\|`},
		{quote("an icon\n  for *logout*"), `“an icon for \*logout\*”`},
		{cell("`a|b`"), "`a\\|b`"},
		{sectionBody("## Install\n\nnpm i x\n"), "npm i x"},
		{sectionBody("## Heading only"), ""},
		{sectionBody("  No heading.\n"), "No heading."},
		{count(1, "icon") + ", " + count(3, "icon"), "1 icon, 3 icons"},
		{count(1, "category") + ", " + count(0, "category"), "1 category, 0 categories"},
	}
	for _, tc := range tests {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}

// TestInlineFastPathAgreesWithEscaping: text taken as inline already is exactly what escaping makes of it.
func TestInlineFastPathAgreesWithEscaping(t *testing.T) {
	for _, s := range []string{"Arrow Left", "a\\b", "a`b", "a*b", "a_b", "a[b]", "<a>", "a#b", "a|b", " a", "a ", "a  b",
		"a\tb", "a\nb", "café", "Go back.", "", "x"} {
		want := escape(strings.Join(strings.Fields(s), " "))
		if got := inline(s); got != want {
			t.Errorf("inline(%q) = %q, want %q", s, got, want)
		}
		if isInline(s) && s != want {
			t.Errorf("%q taken as inline, but escaping makes %q", s, want)
		}
	}
}
