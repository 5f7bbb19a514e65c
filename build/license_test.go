package build_test

import (
	"encoding/json"
	"html"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/iconlib/iconlib/internal/catalog"
	"github.com/iconlib/iconlib/internal/contract"
	"github.com/iconlib/iconlib/templates"
)

// wantLicense is every record's license in the fixture's build.
var wantLicense = catalog.License{
	Name: "MIT License", SPDX: "MIT",
	URL: fixtureBase + "/license/", TextURL: fixtureBase + "/LICENSE.txt",
	Attribution: "Animation: iconlib (MIT). Drawing: Tabler Icons by Paweł Kuna (MIT).",
}

// TestTheLicenceTravelsWithTheIcons: LICENSE.txt holds the animations' notice and the drawings' notice as
// content/ has it, word for word; the animations' notice is the code's (LICENSE), so the icons are under
// the same licence as iconlib itself; and both of the record's addresses name files the build wrote.
func TestTheLicenceTravelsWithTheIcons(t *testing.T) {
	out := t.TempDir()
	runBuild(t, fixtureContent, out)
	txt := readFile(t, out, contract.LicenseFile)
	code, err := os.ReadFile(filepath.Join("..", "LICENSE"))
	if err != nil {
		t.Fatal(err)
	}
	drawings, err := os.ReadFile(filepath.Join(fixtureContent, "icons", "LICENSE.tabler"))
	if err != nil {
		t.Fatal(err)
	}
	for what, notice := range map[string]string{"the code's licence (LICENSE)": string(code), "the drawings' notice": string(drawings)} {
		if !strings.Contains(txt, strings.TrimSpace(notice)) {
			t.Errorf("%s lacks %s, word for word:\n%s", contract.LicenseFile, what, txt)
		}
	}
	for _, want := range []string{"Copyright (c) 2026 The iconlib authors", "Copyright (c) 2020-2026 Paweł Kuna",
		"SPDX-License-Identifier: MIT", "Ship the two notices with the files", wantLicense.Attribution} {
		if !strings.Contains(txt, want) {
			t.Errorf("%s lacks %q", contract.LicenseFile, want)
		}
	}
	for _, url := range []string{wantLicense.URL, wantLicense.TextURL} {
		rel := contract.PageFile(strings.TrimPrefix(url, fixtureBase))
		if _, err := os.Stat(filepath.Join(out, rel)); err != nil {
			t.Errorf("the licence's address %s names no file a static host serves: %v", url, err)
		}
	}
	page := html.UnescapeString(readFile(t, out, contract.PageFile(contract.LicensePage)))
	for _, want := range []string{"<h1>Licence</h1>", "Copyright (c) 2026 The iconlib authors",
		"Copyright (c) 2020-2026 Paweł Kuna", `href="/LICENSE.txt"`, "<code>text_url</code>", wantLicense.Attribution,
		`href="/static/vendor/LICENSE.lottie-web.md"`} {
		if !strings.Contains(page, want) {
			t.Errorf("the licence page lacks %q", want)
		}
	}
	if sitemap := readFile(t, out, contract.SitemapFile); !strings.Contains(sitemap, "<loc>"+wantLicense.URL+"</loc>") {
		t.Error("sitemap.xml does not list the licence page")
	}
}

// TestEveryRecordCarriesItsLicence: catalog.json and each record file have the license, llms.txt shows
// the object, and each icon page says it under its downloads.
func TestEveryRecordCarriesItsLicence(t *testing.T) {
	out := t.TempDir()
	runBuild(t, fixtureContent, out)
	c := readCatalog(t, out)
	if diff := cmp.Diff(wantLicense, c.License); diff != "" {
		t.Errorf("catalog.json's license (-want +got):\n%s", diff)
	}
	for _, ic := range c.Icons {
		if ic.License != wantLicense {
			t.Errorf("%s: license %+v", contract.RecordFile(ic.ID), ic.License)
		}
		page := html.UnescapeString(readFile(t, out, contract.PageFile(contract.IconPage(ic.ID))))
		row := `<p class="license"><a href="/license/">MIT License</a>: ` + wantLicense.Attribution
		if !strings.Contains(page, row) || !strings.Contains(page, `<a href="/LICENSE.txt">LICENSE.txt</a>`) {
			t.Errorf("the page of %s does not show its licence", ic.ID)
		}
	}
	llms := readFile(t, out, contract.LLMsFile)
	obj, err := json.MarshalIndent(wantLicense, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"## Licence\n", "[LICENSE.txt](" + wantLicense.TextURL + ")", "```json\n" + string(obj) + "\n```"} {
		if !strings.Contains(llms, want) {
			t.Errorf("llms.txt lacks %q", want)
		}
	}
}

// TestEverySnippetStartsWithTheLicence: the first line of every snippet of every record is a comment
// that names the licence and the notices to ship, in the snippet's language.
func TestEverySnippetStartsWithTheLicence(t *testing.T) {
	out := t.TempDir()
	runBuild(t, fixtureContent, out)
	labels := platformLabels(t)
	for _, ic := range readCatalog(t, out).Icons {
		for _, l := range labels.Code {
			code := ic.Code.For(l.Key)
			first, _, _ := strings.Cut(code, "\n")
			want := commentIn(l.Lang, wantLicense.Attribution+" Licence: "+wantLicense.TextURL)
			if first != want {
				t.Errorf("icon %s, %s: first line\n%q\nwant\n%q", ic.ID, l.Key, first, want)
			}
		}
	}
}

// commentIn is text as a one-line comment of a snippet's language (its label's lang).
func commentIn(lang, text string) string {
	if lang == "html" || lang == "vue" || lang == "svelte" {
		return "<!-- " + text + " -->"
	}
	return "// " + text
}

func platformLabels(t *testing.T) catalog.Labels {
	t.Helper()
	l, err := templates.Platforms()
	if err != nil {
		t.Fatal(err)
	}
	return l
}
