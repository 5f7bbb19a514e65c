package e2e

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"encoding/xml"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/iconlib/iconlib/build"
	"github.com/iconlib/iconlib/internal/catalog"
	"github.com/iconlib/iconlib/internal/contract"
	"github.com/iconlib/iconlib/internal/openapicheck"
)

// builtLibrary is a build's catalog with the records of its icons (in place of its entries).
type builtLibrary struct {
	catalog.Catalog
	Icons []catalog.Icon
}

// builtLibraries are the libraries readCatalog read, by directory: reading every record takes a while.
var builtLibraries sync.Map

// readCatalog reads the catalog of the build in dir, and the record of each icon it lists.
func readCatalog(t *testing.T, dir string) builtLibrary {
	t.Helper()
	if lib, ok := builtLibraries.Load(dir); ok {
		return lib.(builtLibrary)
	}
	c, records, err := catalog.ReadRecords(dir)
	if err != nil {
		t.Fatal(err)
	}
	lib, _ := builtLibraries.LoadOrStore(dir, builtLibrary{c, records})
	return lib.(builtLibrary)
}

// TestLibraryRecordsAreComplete: every icon of the real library has every field of its record, and its
// animation file on disk has the sha256 and size the record says.
func TestLibraryRecordsAreComplete(t *testing.T) {
	lib := fullLibrary(t)
	c := readCatalog(t, lib.Public)
	if c.Count != 5233 || len(c.Icons) != 5233 || len(c.Categories) != 41 {
		t.Fatalf("catalog has %d icons (count %d) in %d categories; want Tabler's 5233 in 41", len(c.Icons), c.Count, len(c.Categories))
	}
	filled := 0
	for _, ic := range c.Icons {
		if msg := incomplete(ic); msg != "" {
			t.Errorf("icon %s: %s", ic.ID, msg)
			continue
		}
		body, err := os.ReadFile(filepath.Join(lib.Public, contract.AnimationFile(ic.ID)))
		if err != nil {
			t.Errorf("icon %s: %v", ic.ID, err)
			continue
		}
		if sum := sha256.Sum256(body); hex.EncodeToString(sum[:]) != ic.SHA256 || len(body) != ic.SizeBytes {
			t.Errorf("icon %s: asset does not match its sha256/size", ic.ID)
		}
		if msg := dotLottieFault(lib.Public, ic); msg != "" {
			t.Errorf("icon %s: %s", ic.ID, msg)
		}
		if msg := slotFault(ic, "outline", body); msg != "" {
			t.Errorf("icon %s: outline file: %s", ic.ID, msg)
		}
		if len(ic.Styles) == 2 {
			if msg := slotFault(ic, "filled", mustRead(t, lib.Public, contract.FilledAnimationFile(ic.ID))); msg != "" {
				t.Errorf("icon %s: filled file: %s", ic.ID, msg)
			}
		}
		if len(ic.Styles) == 2 {
			filled++
		}
		if !strings.HasSuffix(ic.Description, ".") || strings.Count(ic.Description, ". ") > 0 {
			t.Errorf("icon %s: description is not one sentence: %q", ic.ID, ic.Description)
		}
	}
	if filled != 1054 {
		t.Errorf("%d icons have the filled style, want 1054", filled)
	}
	sizes := make([]int, len(c.Icons))
	total := 0
	for i, ic := range c.Icons {
		sizes[i] = ic.SizeBytes
		total += ic.SizeBytes
	}
	slices.Sort(sizes)
	t.Logf("animation files: %d, total %d bytes, median %d, max %d", len(sizes), total, sizes[len(sizes)/2], sizes[len(sizes)-1])
}

// hasStates reports whether the record lists in, loop and hover first, playing the signature motion,
// and a state of each motion for in, hover and loop.
func hasStates(ic catalog.Icon) bool {
	if len(ic.States) < 9 || len(ic.Motions) < 2 {
		return false
	}
	sig := ic.Motions[1].Name
	names := map[string]string{}
	for _, s := range ic.States {
		names[s.Name] = s.Motion
	}
	for i, want := range []string{"in", "loop", "hover"} {
		if ic.States[i].Name != want || ic.States[i].Motion != sig || names[want+"-"+sig] != sig || names[want+"-draw"] != "draw" {
			return false
		}
	}
	return true
}

func incomplete(ic catalog.Icon) string {
	var missing []string
	check := func(name string, ok bool) {
		if !ok {
			missing = append(missing, name)
		}
	}
	check("id", regexp.MustCompile(`^[a-z0-9-]+$`).MatchString(ic.ID))
	check("name", ic.Name != "")
	check("description", ic.Description != "")
	check("category", ic.Category != "" && ic.CategoryName != "")
	check("tags", len(ic.Tags) > 0)
	check("styles", len(ic.Styles) > 0 && ic.Styles[0] == "outline")
	check("states", hasStates(ic))
	check("motions", len(ic.Motions) >= 2 && ic.Motions[0].Name == "draw" && ic.Motions[1].Description != "" &&
		(len(ic.Motions) == 3) == (len(ic.Styles) == 2 || slices.ContainsFunc(ic.States, func(s catalog.State) bool { return s.TargetIcon != "" })))
	check("file_url", strings.HasSuffix(ic.FileURL, "/assets/"+ic.ID+".json"))
	check("sha256", len(ic.SHA256) == 64)
	check("install", ic.Install.JavaScript != "" && ic.Install.React != "" && ic.Install.IOSSPM != "" &&
		ic.Install.IOSCocoaPods != "" && ic.Install.AndroidGradle != "" && ic.Install.File != "")
	check("code", strings.Contains(ic.Code.JavaScript, ic.FileURL) && strings.Contains(ic.Code.React, ic.FileURL) &&
		strings.Contains(ic.Code.IOS, ic.FileURL) && strings.Contains(ic.Code.Android, ic.FileURL))
	if len(missing) == 0 {
		return ""
	}
	return "missing or wrong: " + strings.Join(missing, ", ")
}

// TestLibraryHasHandWrittenDescriptions: at least 300 common icons carry a description written by a person.
func TestLibraryHasHandWrittenDescriptions(t *testing.T) {
	b, err := os.ReadFile("../../content/icons/edits.yaml")
	if err != nil {
		t.Fatal(err)
	}
	n := len(regexp.MustCompile(`(?m)^  description: \S`).FindAll(b, -1))
	if n < 300 {
		t.Errorf("%d hand-written descriptions, want at least 300", n)
	}
	lib := fullLibrary(t)
	c := readCatalog(t, lib.Public)
	for _, ic := range c.Icons {
		if ic.ID == "logout" && !strings.Contains(strings.ToLower(ic.Description), "sign out") {
			t.Errorf("logout's hand-written description is not in its record: %q", ic.Description)
		}
	}
}

// TestLibraryLinksResolve: every file URL and page link in the catalog, the sitemap and llms.txt answers
// 200 from the edge.
func TestLibraryLinksResolve(t *testing.T) {
	lib := fullLibrary(t)
	c := readCatalog(t, lib.Public)
	urls := map[string]string{}
	for _, ic := range c.Icons {
		urls[ic.FileURL] = "catalog"
		urls[ic.SVGURL] = "catalog"
		urls[ic.PageURL] = "catalog"
		urls[ic.DotLottie.FileURL] = "catalog"
	}
	var sitemap struct {
		URLs []struct {
			Loc string `xml:"loc"`
		} `xml:"url"`
	}
	if err := xml.Unmarshal(mustRead(t, lib.Public, "sitemap.xml"), &sitemap); err != nil {
		t.Fatal(err)
	}
	for _, u := range sitemap.URLs {
		urls[u.Loc] = "sitemap.xml"
	}
	if len(sitemap.URLs) < 5233 {
		t.Errorf("sitemap lists %d pages, want every icon page at least", len(sitemap.URLs))
	}
	for _, doc := range []string{"llms.txt", "index.md"} {
		links := regexp.MustCompile(`\]\((https?://[^)\s]+)\)`).FindAllSubmatch(mustRead(t, lib.Public, doc), -1)
		if len(links) < 10 {
			t.Errorf("%s has only %d links", doc, len(links))
		}
		for _, m := range links {
			urls[string(m[1])] = doc
		}
	}
	failures := checkURLs(t, lib.URL, urls)
	for _, f := range failures {
		t.Error(f)
	}
	t.Logf("%d distinct URLs checked", len(urls))
}

func mustRead(t *testing.T, dir, rel string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, rel))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// checkURLs GETs every URL (which must be on base) with a few workers and returns the failures.
func checkURLs(t *testing.T, base string, urls map[string]string) []string {
	jobs := make(chan string)
	var mu sync.Mutex
	var failures []string
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for u := range jobs {
				if msg := get200(base, u); msg != "" {
					mu.Lock()
					failures = append(failures, urls[u]+": "+u+": "+msg)
					mu.Unlock()
				}
			}
		}()
	}
	for u := range urls {
		jobs <- u
	}
	close(jobs)
	wg.Wait()
	return failures
}

func get200(base, u string) string {
	if !strings.HasPrefix(u, base+"/") {
		return "not on the site's base URL " + base
	}
	res, err := http.Get(u)
	if err != nil {
		return err.Error()
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return res.Status
	}
	return ""
}

// TestLibraryBuildIsDeterministic: building the real library twice gives byte-identical files.
func TestLibraryBuildIsDeterministic(t *testing.T) {
	lib := fullLibrary(t)
	again := t.TempDir()
	if _, err := build.Run(context.Background(), build.Options{ContentDir: "../../content", OutDir: again, BaseURL: contract.MustParseBaseURL(lib.URL)}); err != nil {
		t.Fatal(err)
	}
	// Both output paths are links to snapshots, which WalkDir does not follow.
	public, err := filepath.EvalSymlinks(lib.Public)
	if err != nil {
		t.Fatal(err)
	}
	first := 0
	err = filepath.WalkDir(public, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(public, p)
		a, _ := os.ReadFile(p)
		b, err := os.ReadFile(filepath.Join(again, rel))
		if err != nil || !bytes.Equal(a, b) {
			t.Errorf("%s differs between two builds (%v)", rel, err)
		}
		first++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	second := 0
	again, err = filepath.EvalSymlinks(again)
	if err != nil {
		t.Fatal(err)
	}
	filepath.WalkDir(again, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			second++
		}
		return err
	})
	if first != second {
		t.Errorf("two builds wrote %d and %d files", first, second)
	}
}

// TestLibraryPagingCoversEveryIcon: paging through /api/v1/icons with the largest page returns every
// icon of the catalog exactly once, and every page matches openapi.json.
func TestLibraryPagingCoversEveryIcon(t *testing.T) {
	lib := fullLibrary(t)
	spec, err := openapicheck.Load(lib.Public)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	next := 0
	for pages := 0; pages < 100; pages++ {
		res, err := http.Get(lib.URL + "/api/v1/icons?limit=100&offset=" + strconv.Itoa(next))
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if err := spec.Check(http.MethodGet, "/api/v1/icons", res.StatusCode, res.Header, body); err != nil {
			t.Fatal(err)
		}
		var page struct {
			Items []struct {
				ID string `json:"id"`
			} `json:"items"`
			Total      int  `json:"total"`
			NextOffset *int `json:"next_offset"`
		}
		if err := json.Unmarshal(body, &page); err != nil {
			t.Fatal(err)
		}
		for _, it := range page.Items {
			seen[it.ID]++
		}
		if page.NextOffset == nil {
			break
		}
		next = *page.NextOffset
	}
	c := readCatalog(t, lib.Public)
	for _, ic := range c.Icons {
		if seen[ic.ID] != 1 {
			t.Errorf("icon %s seen %d times while paging", ic.ID, seen[ic.ID])
		}
	}
	if len(seen) != len(c.Icons) {
		t.Errorf("paging saw %d icons, catalog has %d", len(seen), len(c.Icons))
	}
}

// TestLibraryCatalogIsLean: the whole library's catalog.json, as the edge serves it, matches the schema
// openapi.json links and stays within 4 MB (install commands and code stay in the records); its brotli
// sidecar is logged.
func TestLibraryCatalogIsLean(t *testing.T) {
	lib := fullLibrary(t)
	spec, err := openapicheck.Load(lib.Public)
	if err != nil {
		t.Fatal(err)
	}
	res, err := http.Get(lib.URL + "/" + contract.CatalogFile)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if err := spec.Check(http.MethodGet, "/"+contract.CatalogFile, res.StatusCode, res.Header, body); err != nil {
		t.Fatal(err)
	}
	const budget = 4_000_000
	if len(body) > budget {
		t.Errorf("catalog.json is %d bytes, over its %d", len(body), budget)
	}
	if n := len(readCatalog(t, lib.Public).Icons); n != 5233 {
		t.Errorf("catalog.json lists %d icons, want 5233", n)
	}
	br, err := os.Stat(filepath.Join(lib.Public, contract.CatalogFile+".br"))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("catalog.json: %d bytes, %d as its brotli sidecar", len(body), br.Size())
}
