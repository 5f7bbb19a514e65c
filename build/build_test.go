package build_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/iconlib/iconlib/build"
	"github.com/iconlib/iconlib/internal/catalog"
	"github.com/iconlib/iconlib/internal/contract"
)

const fixtureContent = "testdata/content"
const fixtureBase = "https://icons.example"

func runBuild(t *testing.T, contentDir, out string) build.Report {
	t.Helper()
	r, err := build.Run(context.Background(), build.Options{ContentDir: contentDir, OutDir: out, BaseURL: contract.MustParseBaseURL(fixtureBase)})
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	return r
}

// builtLibrary is a build's catalog with the records of its icons (in place of its entries).
type builtLibrary struct {
	catalog.Catalog
	Icons []catalog.Icon
}

// readCatalog reads the catalog of the build in dir, and the record of each icon it lists.
func readCatalog(t *testing.T, dir string) builtLibrary {
	t.Helper()
	c, records, err := catalog.ReadRecords(dir)
	if err != nil {
		t.Fatal(err)
	}
	return builtLibrary{c, records}
}

func TestRunWritesRecordsAndFiles(t *testing.T) {
	out := t.TempDir()
	r := runBuild(t, fixtureContent, out)
	if r.Icons != 4 || r.Guides != 3 || r.Categories != 3 {
		t.Fatalf("report = %+v, want 4 icons, 3 guides, 3 categories", r)
	}
	c := readCatalog(t, out)
	if c.BaseURL != fixtureBase || c.Count != 4 || len(c.Icons) != 4 {
		t.Fatalf("catalog base %q count %d icons %d", c.BaseURL, c.Count, len(c.Icons))
	}
	for _, ic := range c.Icons {
		checkRecord(t, out, ic)
	}
	arrow := c.Icons[0]
	if arrow.ID != "arrow-left" || arrow.Description != "Go back to the previous screen or step." {
		t.Errorf("hand-written description not applied: %+v", arrow)
	}
	if arrow.Tags[0] != "return" {
		t.Errorf("edit tags not merged first: %v", arrow.Tags)
	}
	// circle-dot has a filled drawing: its filled file exists, and its outline file morphs into it.
	if got := c.Icons[1].Styles; strings.Join(got, ",") != "outline,filled" {
		t.Errorf("circle-dot styles = %v", got)
	}
	if got := c.Icons[0].Styles; strings.Join(got, ",") != "outline" {
		t.Errorf("arrow-left (no filled drawing) styles = %v", got)
	}
	var morphs, both []string
	for _, s := range c.Icons[1].States {
		if s.Motion == "morph" {
			morphs = append(morphs, s.Name)
		}
		if strings.Join(s.Styles, ",") == "outline,filled" {
			both = append(both, s.Name)
		}
	}
	if strings.Join(morphs, ",") != "morph,morph-back" || strings.Join(both, ",") != "in,loop,hover,in-pop,loop-pop,hover-pop" {
		t.Errorf("circle-dot: morph states %v, states in both files %v", morphs, both)
	}
}

// checkRecord asserts every field of the contract is present and that the files it names exist and match.
func checkRecord(t *testing.T, out string, ic catalog.Icon) {
	t.Helper()
	empty := map[string]bool{
		"name": ic.Name == "", "description": ic.Description == "", "category": ic.Category == "",
		"category_name": ic.CategoryName == "", "tags": len(ic.Tags) == 0, "styles": len(ic.Styles) == 0,
		"states": len(ic.States) == 0, "motions": len(ic.Motions) == 0, "sha256": len(ic.SHA256) != 64,
		"install": ic.Install.JavaScript == "" || ic.Install.IOSSPM == "" || ic.Install.IOSCocoaPods == "" || ic.Install.AndroidGradle == "" || ic.Install.React == "" ||
			ic.Install.ReactNative == "" || ic.Install.Flutter == "" || ic.Install.AndroidCompose == "",
		"code": ic.Code.JavaScript == "" || ic.Code.React == "" || ic.Code.IOS == "" || ic.Code.Android == "" ||
			ic.Code.ReactNative == "" || ic.Code.Flutter == "" || ic.Code.SwiftUI == "" || ic.Code.Compose == "",
	}
	for field, bad := range empty {
		if bad {
			t.Errorf("icon %s: field %s missing or empty", ic.ID, field)
		}
	}
	if want := fixtureBase + "/assets/" + ic.ID + ".json"; ic.FileURL != want {
		t.Errorf("icon %s: file_url %q, want %q", ic.ID, ic.FileURL, want)
	}
	for _, snippet := range []string{ic.Code.JavaScript, ic.Code.React, ic.Code.IOS, ic.Code.Android, ic.Code.ReactNative, ic.Code.Flutter, ic.Code.SwiftUI, ic.Code.Compose} {
		if !strings.Contains(snippet, ic.FileURL) {
			t.Errorf("icon %s: a code snippet does not load its file:\n%s", ic.ID, snippet)
		}
	}
	anim, err := os.ReadFile(filepath.Join(out, contract.AnimationFile(ic.ID)))
	if err != nil {
		t.Fatal(err)
	}
	if sum := sha256.Sum256(anim); hex.EncodeToString(sum[:]) != ic.SHA256 || len(anim) != ic.SizeBytes {
		t.Errorf("icon %s: sha256/size of the asset does not match the record", ic.ID)
	}
	var styles []string
	for _, f := range ic.Files {
		styles = append(styles, f.Style)
		body, err := os.ReadFile(filepath.Join(out, strings.TrimPrefix(f.FileURL, fixtureBase+"/")))
		if err != nil {
			t.Errorf("icon %s: the %s file: %v", ic.ID, f.Style, err)
			continue
		}
		if sum := sha256.Sum256(body); hex.EncodeToString(sum[:]) != f.SHA256 || len(body) != f.SizeBytes {
			t.Errorf("icon %s: sha256/size of the %s file does not match the record", ic.ID, f.Style)
		}
		if _, err := os.Stat(filepath.Join(out, strings.TrimPrefix(f.SVGURL, fixtureBase+"/"))); err != nil {
			t.Errorf("icon %s: the %s SVG: %v", ic.ID, f.Style, err)
		}
	}
	if !slices.Equal(styles, ic.Styles) || len(ic.Files) == 0 || ic.Files[0].FileURL != ic.FileURL || ic.Files[0].SHA256 != ic.SHA256 {
		t.Errorf("icon %s: files %+v do not match styles %v and file_url", ic.ID, ic.Files, ic.Styles)
	}
	var rec catalog.Icon
	b, err := os.ReadFile(filepath.Join(out, contract.RecordFile(ic.ID)))
	if err != nil || json.Unmarshal(b, &rec) != nil || rec.SHA256 != ic.SHA256 {
		t.Errorf("icon %s: per-icon record missing or different from the catalog (%v)", ic.ID, err)
	}
	for _, f := range []string{contract.SVGFile(ic.ID), contract.PageFile(contract.IconPage(ic.ID))} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Errorf("icon %s: %v", ic.ID, err)
		}
	}
}

func TestRunWritesGuidesAndDiscovery(t *testing.T) {
	out := t.TempDir()
	runBuild(t, fixtureContent, out)
	md := readFile(t, out, "docs/getting-started.md")
	if !strings.HasPrefix(md, "# Getting started\n") || !strings.Contains(md, fixtureBase+"/api/v1/icons?q=arrow") {
		t.Errorf("guide markdown lacks its title or the filled-in base URL:\n%s", md)
	}
	bounds := fmt.Sprintf("`q` takes at most %d characters; `limit` runs from 1 to %d (default %d).",
		contract.REST.QueryMaxRunes, contract.REST.LimitMax, contract.REST.LimitDefault)
	if !strings.Contains(md, bounds) {
		t.Errorf("guide markdown lacks the REST bounds from the contract, %q:\n%s", bounds, md)
	}
	page := readFile(t, out, "docs/getting-started/index.html")
	if !strings.Contains(page, `<h2 id="find-an-icon">Find an icon</h2>`) {
		t.Errorf("guide page not rendered from Markdown:\n%s", page)
	}
	llms := readFile(t, out, "llms.txt")
	for _, want := range []string{"# iconlib\n", "\n> ", "## Guides", "## API", "## MCP", "## A2A",
		"[Getting started](" + fixtureBase + "/docs/getting-started.md)"} {
		if !strings.Contains(llms, want) {
			t.Errorf("llms.txt lacks %q", want)
		}
	}
	// The llmstxt.org format: past the first section, every list item is a link with optional notes (the
	// reference parser fails on an item without one).
	linkItem := regexp.MustCompile(`^- \[[^\]]+\]\([^)\s]+\)(: .+)?$`)
	for _, line := range strings.Split(llms[strings.Index(llms, "\n## "):], "\n") {
		if strings.HasPrefix(line, "- ") && !linkItem.MatchString(line) {
			t.Errorf("llms.txt: a list item that is not a link with notes: %q", line)
		}
	}
	sitemap := readFile(t, out, "sitemap.xml")
	for _, want := range []string{"<loc>" + fixtureBase + "/</loc>", "<loc>" + fixtureBase + "/icons/zigzag/</loc>",
		"<loc>" + fixtureBase + "/docs/web/</loc>", "<loc>" + fixtureBase + "/categories/shapes/</loc>",
		"<loc>" + fixtureBase + "/motions/</loc>"} {
		if !strings.Contains(sitemap, want) {
			t.Errorf("sitemap.xml lacks %s", want)
		}
	}
	// The motion gallery: draw first, each motion with its description and icons playing its hover.
	gallery := readFile(t, out, "motions/index.html")
	for _, want := range []string{`id="motion-draw"`, "Strokes draw on along their paths", `data-hover="hover-draw"`,
		`data-in="in-draw"`, `href="/icons/circle-dot/"`, `<button type="button" class="button" id="play-all">`} {
		if !strings.Contains(gallery, want) {
			t.Errorf("motions/index.html lacks %s", want)
		}
	}
	if strings.Index(gallery, `id="motion-draw"`) > strings.Index(gallery, `id="motion-pop"`) {
		t.Error("the gallery does not show draw first")
	}
	// The icon content/icons/gallery.txt lists comes first on its rows, before the hand-described one.
	if zig, dot := strings.Index(gallery, `href="/icons/zigzag/"`), strings.Index(gallery, `href="/icons/circle-dot/"`); zig < 0 || dot < 0 || zig > dot {
		t.Errorf("the gallery shows zigzag at %d and circle-dot at %d; want the listed zigzag first", zig, dot)
	}
	// The toggles row: each pair once (edits.yaml morphs square-rounded into circle-dot), its file playing
	// the morph there and its way back; hidden where scripts do not run, as only a script plays it.
	for _, want := range []string{`<section class="motion toggles needs-js" id="toggles"`, `<button type="button" class="toggle" data-icon="square-rounded" data-there="morph-circle-dot" data-back="morph-circle-dot-back" aria-pressed="false"`,
		"Square Rounded ↔ Circle Dot", "1 pair."} {
		if !strings.Contains(gallery, want) {
			t.Errorf("motions/index.html lacks %s", want)
		}
	}
	if n := strings.Count(gallery, `class="toggle"`); n != 1 {
		t.Errorf("the toggles row has %d tiles, want the one pair", n)
	}
	// The icon that morphs lists both ways; its page says where each ends or starts.
	squarePage := readFile(t, out, "icons/square-rounded/index.html")
	for _, want := range []string{"<code>morph-circle-dot</code> frames 200–239", `ends as <a href="/icons/circle-dot/">circle-dot</a>`,
		"<code>morph-circle-dot-back</code> frames 240–279", `starts as <a href="/icons/circle-dot/">circle-dot</a>`} {
		if !strings.Contains(squarePage, want) {
			t.Errorf("icons/square-rounded/index.html lacks %s", want)
		}
	}
	// The icon page: the picker (hidden where scripts do not run), the style buttons, motions with how they fit, states with their motion.
	iconPage := readFile(t, out, "icons/circle-dot/index.html")
	for _, want := range []string{`<div class="picker needs-js" id="picker">`, `data-style="filled"`, `data-motion="draw"`,
		`data-motion="pop"`, `<span class="tag">signature</span>`, `data-state="in"`, `data-state="hover"`, `data-state="loop"`,
		`<code>pop</code> (signature): `, "Pivot (12, 12).", `<code>hover-draw</code> frames`, `id="icon-player">{"styles":["outline","filled"]`} {
		if !strings.Contains(iconPage, want) {
			t.Errorf("icons/circle-dot/index.html lacks %s", want)
		}
	}
	if robots := readFile(t, out, "robots.txt"); !strings.Contains(robots, "Sitemap: "+fixtureBase+"/sitemap.xml") {
		t.Errorf("robots.txt = %q", robots)
	}
	if idx := readFile(t, out, "index.md"); !strings.Contains(idx, "- [Shapes]("+fixtureBase+"/categories/shapes/): 2 icons") {
		t.Errorf("index.md lacks the category list:\n%s", idx)
	}
	if js := readFile(t, out, "static/vendor/lottie_light.min.js"); !strings.Contains(js, "loadAnimation") {
		t.Error("lottie-web is not self-hosted under static/vendor")
	}
}

func readFile(t *testing.T, dir, rel string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, rel))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestRunIsDeterministic(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	runBuild(t, fixtureContent, a)
	runBuild(t, fixtureContent, b)
	filesA, filesB := tree(t, a), tree(t, b)
	if len(filesA) != len(filesB) {
		t.Fatalf("two builds wrote %d and %d files", len(filesA), len(filesB))
	}
	for p, body := range filesA {
		if !bytes.Equal(body, filesB[p]) {
			t.Errorf("%s differs between two builds", p)
		}
	}
}

// tree reads every file of a build; dir is the output path, a link to the snapshot, which WalkDir does
// not follow.
func tree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	dir, err := filepath.EvalSymlinks(dir)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		files[rel], err = os.ReadFile(p)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func TestRunRemovesStaleFilesAndSkipsUnchanged(t *testing.T) {
	out := t.TempDir()
	runBuild(t, fixtureContent, out)
	stale := filepath.Join(out, "assets", "gone.json")
	if err := os.WriteFile(stale, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := runBuild(t, fixtureContent, out)
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Error("a file the build no longer makes was left in public/")
	}
	if r.Written != 0 || r.Removed != 1 {
		t.Errorf("rebuild wrote %d and removed %d files, want 0 and 1", r.Written, r.Removed)
	}
}

func TestRunRefusesForeignOutputDirectory(t *testing.T) {
	out := t.TempDir()
	if err := os.WriteFile(filepath.Join(out, "precious.txt"), []byte("keep"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := build.Run(context.Background(), build.Options{ContentDir: fixtureContent, OutDir: out, BaseURL: contract.MustParseBaseURL(fixtureBase)})
	if err == nil || !strings.Contains(err.Error(), "refusing") {
		t.Fatalf("err = %v, want a refusal", err)
	}
	if _, err := os.Stat(filepath.Join(out, "precious.txt")); err != nil {
		t.Error("the build touched a directory it did not own")
	}
}

// TestRunManifestListsEveryFileAsWritten: manifest.json lists every file of the snapshot but itself and its
// own variants, each with the SHA-256 and size of its bytes on disk, and each file's precompressed
// variants; the files are stored as they are made, so the manifest is the one check that all arrived.
func TestRunManifestListsEveryFileAsWritten(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	runBuild(t, fixtureContent, out)
	files := map[string][]byte{}
	for rel, body := range tree(t, out) {
		files[filepath.ToSlash(rel)] = body
	}
	var m contract.Manifest
	if err := json.Unmarshal(files[contract.ManifestFile], &m); err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{contract.ManifestFile: true}
	check := func(p, sum string, size int) {
		listed[p] = true
		body, ok := files[p]
		if got := sha256.Sum256(body); !ok || hex.EncodeToString(got[:]) != sum || len(body) != size {
			t.Errorf("%s: the manifest says %d bytes, sha256 %.12s; on disk: %d bytes (present: %v)", p, size, sum, len(body), ok)
		}
	}
	variants := 0
	for p, e := range m.Files {
		check(p, e.SHA256, e.Size)
		for _, c := range contract.Codings {
			if v, ok := e.Encodings[c.Name]; ok {
				check(p+c.Suffix, v.SHA256, v.Size)
				variants++
			}
		}
	}
	for _, c := range contract.Codings {
		listed[contract.ManifestFile+c.Suffix] = true
	}
	for p := range files {
		if !listed[p] {
			t.Errorf("%s is in the snapshot but not in its manifest", p)
		}
	}
	if variants == 0 || len(m.Files) < 50 {
		t.Errorf("the manifest lists %d files and %d variants; want the whole fixture site", len(m.Files), variants)
	}
}
