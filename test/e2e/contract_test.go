package e2e

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/iconlib/iconlib/internal/contract"
)

// get fetches base+path from the shared library's edge and returns the body, failing the test on any
// answer but 200.
func get(t *testing.T, base, path string) string {
	t.Helper()
	res, err := http.Get(base + path)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d %v", path, res.StatusCode, err)
	}
	return string(body)
}

// names reports whether doc (a document of the site at base) names the URL path: after base (or $BASE,
// the guides' shell variable for it) or alone (OpenAPI's paths), and followed by anything but more of a
// path. "<id>" in a document is {id}.
func names(doc, base, path string) bool {
	doc = strings.NewReplacer(base, "", "$BASE", "", "<id>", "{id}").Replace(doc)
	return regexp.MustCompile(`(^|[\s"'(` + "`" + `])` + regexp.QuoteMeta(path) + `($|[^A-Za-z0-9_/.-]|\.($|[^A-Za-z0-9]))`).MatchString(doc)
}

// TestDiscoveryDocumentsNameTheContractsEndpoints: every document the contract says names an endpoint
// (llms.txt, OpenAPI, the ARD lists, cards, OAuth metadata, the auth guide) names it, with the path the
// edge answers.
func TestDiscoveryDocumentsNameTheContractsEndpoints(t *testing.T) {
	lib := fullLibrary(t)
	docs := map[string]string{}
	for _, e := range contract.Endpoints {
		for _, d := range e.NamedBy {
			if _, ok := docs[d]; !ok {
				docs[d] = get(t, lib.URL, d)
			}
			if !names(docs[d], lib.URL, e.Path) {
				t.Errorf("%s does not name %s", d, e.Path)
			}
		}
	}
	if len(docs) < 9 {
		t.Errorf("the contract names endpoints in %d documents, want the discovery documents (9 or more)", len(docs))
	}
}

// TestEndpointsTakeTheContractsMethods: every endpoint answers each method the contract gives it (bad
// input is fine; 404 and 405 are not), and the REST API and the credential endpoints refuse the others
// with 405 and the contract's Allow.
func TestEndpointsTakeTheContractsMethods(t *testing.T) {
	lib := fullLibrary(t)
	for _, e := range contract.Endpoints {
		path := strings.ReplaceAll(e.Path, "{id}", "bell")
		for _, m := range append(slices.Clone(e.Methods), http.MethodPut) {
			req, err := http.NewRequest(m, lib.URL+path, strings.NewReader("{}"))
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Accept", "application/json, text/event-stream")
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			refused := res.StatusCode == http.StatusNotFound || res.StatusCode == http.StatusMethodNotAllowed
			switch {
			case m != http.MethodPut && refused:
				t.Errorf("%s %s: %d, but the contract says it takes %s", m, path, res.StatusCode, m)
			case m == http.MethodPut && rest(e.Path) && (res.StatusCode != http.StatusMethodNotAllowed || res.Header.Get("Allow") != e.Allow()):
				t.Errorf("PUT %s: %d with Allow %q, want 405 with Allow %q", path, res.StatusCode, res.Header.Get("Allow"), e.Allow())
			}
		}
	}
}

// rest reports whether path is the REST API's, whose method checks the edge owns (the MCP and A2A
// libraries answer other methods as their protocols say).
func rest(path string) bool {
	return strings.HasPrefix(path, contract.LegacyAPIPath+"/")
}

// TestGuidesNameOnlyPathsThatExist: every path of the site a guide names ({base_url}/… in its Markdown)
// is a file of the snapshot, a page, or an endpoint of the contract, so a reader who follows a guide
// never meets a 404.
func TestGuidesNameOnlyPathsThatExist(t *testing.T) {
	lib := fullLibrary(t)
	guides, err := filepath.Glob(filepath.Join(lib.Public, "docs", "*.md"))
	if err != nil || len(guides) < 10 {
		t.Fatalf("guides in the snapshot: %d, %v", len(guides), err)
	}
	link := regexp.MustCompile(regexp.QuoteMeta(lib.URL) + `(/(?:<[a-z]+>|[A-Za-z0-9._~%/{}-])*)`)
	checked := 0
	for _, g := range guides {
		body, err := os.ReadFile(g)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range link.FindAllStringSubmatch(string(body), -1) {
			checked++
			if !siteHas(lib.Public, m[1]) {
				t.Errorf("%s names %s, which is no file, page or endpoint", filepath.Base(g), m[1])
			}
		}
	}
	t.Logf("%d links in %d guides checked", checked, len(guides))
}

// siteHas reports whether the URL path is an endpoint of the contract (with {id} or <id> for a segment,
// or below the protected-resource documents, or a version's prefix), or a file, page or folder of the
// snapshot in public (<slug> is a guide's).
func siteHas(public, path string) bool {
	path = strings.ReplaceAll(path, "<id>", "{id}")
	if path == contract.APIPath+"/" || strings.HasPrefix(path, contract.ProtectedResourcePath+"/") {
		return true
	}
	for _, e := range contract.Endpoints {
		if matches(e.Path, path) {
			return true
		}
	}
	path = strings.NewReplacer("{id}", "bell", "<slug>", "getting-started").Replace(path)
	file := filepath.Join(public, filepath.FromSlash(contract.PageFile(path)))
	if strings.HasSuffix(path, "/") {
		file = filepath.Dir(file) // a folder: assets/, or a page's
	}
	_, err := os.Stat(file)
	return err == nil
}

// matches reports whether the URL path fits the endpoint's path, where {id} stands for any one segment.
func matches(pattern, path string) bool {
	want, got := strings.Split(pattern, "/"), strings.Split(path, "/")
	return slices.EqualFunc(want, got, func(w, g string) bool { return w == g || w == "{id}" && g != "" })
}
