package edge_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

type page struct {
	Items []struct {
		ID       string `json:"id"`
		Category string `json:"category"`
	} `json:"items"`
	Total      int  `json:"total"`
	Limit      int  `json:"limit"`
	Offset     int  `json:"offset"`
	NextOffset *int `json:"next_offset"`
}

func getPage(t *testing.T, e *testEdge, path string) page {
	t.Helper()
	var p page
	if err := json.Unmarshal(mustGet(t, e, path), &p); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestListPagesThroughEveryIcon(t *testing.T) {
	e := newEdge(t)
	first := getPage(t, e, "/api/v1/icons")
	if first.Total != 4 || first.Limit != 20 || first.Offset != 0 || first.NextOffset != nil || len(first.Items) != 4 {
		t.Fatalf("default page = %+v", first)
	}
	seen := map[string]int{}
	offset := 0
	for pages := 0; pages < 10; pages++ {
		p := getPage(t, e, "/api/v1/icons?limit=3&offset="+itoa(offset))
		for _, it := range p.Items {
			seen[it.ID]++
		}
		if p.NextOffset == nil {
			break
		}
		offset = *p.NextOffset
	}
	if len(seen) != 4 {
		t.Errorf("paging saw %d icons, want 4: %v", len(seen), seen)
	}
	for id, n := range seen {
		if n != 1 {
			t.Errorf("icon %s appeared %d times", id, n)
		}
	}
	beyond := getPage(t, e, "/api/v1/icons?offset=10")
	if len(beyond.Items) != 0 || beyond.NextOffset != nil || beyond.Total != 4 {
		t.Errorf("page past the end = %+v", beyond)
	}
	shapes := getPage(t, e, "/api/v1/icons?category=shapes")
	if shapes.Total != 2 || shapes.Items[0].Category != "shapes" {
		t.Errorf("category listing = %+v", shapes)
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func TestParameterErrors(t *testing.T) {
	e := newEdge(t)
	tests := []struct{ path, mention string }{
		{"/api/v1/icons?colour=red", `unknown parameter "colour"`},
		{"/api/v1/icons?limit=abc", "limit must be a whole number from 1 to 100"},
		{"/api/v1/icons?limit=0", "from 1 to 100"},
		{"/api/v1/icons?limit=101", "from 1 to 100"},
		{"/api/v1/icons?limit=-5", "from 1 to 100"},
		{"/api/v1/icons?offset=-1", "offset must be a whole number from 0"},
		{"/api/v1/icons?offset=1e3", "offset must be a whole number"},
		{"/api/v1/icons?limit=1&limit=2", "given 2 times"},
		{"/api/v1/icons?category=nope", `category "nope" does not exist; the category ids are arrows, design, shapes (also at /api/v1/categories)`},
		{"/api/v1/icons?q=", "the query is empty"},
		{"/api/v1/icons?q=%20%20", "the query is empty"},
		{"/api/v1/icons?q=" + strings.Repeat("a", 201), "longer than 200"},
		{"/api/v1/icons?q=bell&offset=20", "offset"},
		{"/api/v1/icons?q=%ff", "UTF-8"},
		{"/api/v1/icons?q=%zz", "malformed"},
		{"/api/v1/icons?" + strings.Repeat("a=1&", 1100), "longer than 4096"},
		{"/api/v1/icons?q=" + url.QueryEscape(strings.Repeat("😀", 201)), "longer than 200 characters"},
		{"/api/v1/search", "q is required"},
		{"/api/v1/search?q=x&offset=1", `unknown parameter "offset"`},
		{"/api/v1/icons/arrow-left?pretty=1", "takes no parameters"},
		{"/api/v1/categories?limit=5", "takes no parameters"},
		{"/api/icons?colour=red", `unknown parameter "colour"`},
	}
	for _, tc := range tests {
		t.Run(tc.path[:min(len(tc.path), 60)], func(t *testing.T) {
			res, body := e.do(t, http.MethodGet, tc.path, nil)
			if res.StatusCode != http.StatusBadRequest {
				t.Fatalf("status %d, want 400: %s", res.StatusCode, body)
			}
			var eb struct {
				Error struct{ Code, Message string }
			}
			json.Unmarshal([]byte(body), &eb)
			if eb.Error.Code != "invalid_parameter" || !strings.Contains(eb.Error.Message, tc.mention) {
				t.Errorf("error %+v, want invalid_parameter mentioning %q", eb.Error, tc.mention)
			}
		})
	}
}

func TestNotFoundAndMethodNotAllowed(t *testing.T) {
	e := newEdge(t)
	for _, path := range []string{"/api/v1/icons/nope", "/api/v1/nope", "/api/v2/icons", "/api/icons/nope"} {
		if res, body := e.do(t, http.MethodGet, path, nil); res.StatusCode != 404 || !strings.Contains(body, `"not_found"`) {
			t.Errorf("GET %s: %d %s", path, res.StatusCode, body)
		}
	}
	for _, method := range []string{http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete, http.MethodOptions} {
		for _, path := range []string{"/api/v1/icons", "/api/v1/icons/arrow-left", "/api/v1/categories", "/api/v1/search?q=x", "/api/icons"} {
			res, body := e.do(t, method, path, nil)
			if res.StatusCode != 405 || !strings.Contains(body, `"method_not_allowed"`) || res.Header.Get("Allow") != "GET, HEAD" {
				t.Errorf("%s %s: %d Allow=%q %s", method, path, res.StatusCode, res.Header.Get("Allow"), body)
			}
		}
	}
}

// TestUnknownIDGetsSuggestions: an id no icon has is answered 404 with the closest icons, in the words MCP
// and A2A use too (library.NotFoundError).
func TestUnknownIDGetsSuggestions(t *testing.T) {
	e := newEdge(t)
	res, body := e.do(t, http.MethodGet, "/api/v1/icons/arow-left", nil)
	if res.StatusCode != 404 || !strings.Contains(body, `No icon has the id \"arow-left\". Did you mean arrow-left`) {
		t.Errorf("GET /api/v1/icons/arow-left: %d %s", res.StatusCode, body)
	}
}

func TestSearchWithoutAnIndexIsUnavailableButTheRestAnswers(t *testing.T) {
	damages := map[string]func(public string){
		"missing": func(p string) { os.Remove(filepath.Join(p, "search", "icons", "index.bin")) },
		"corrupt": func(p string) {
			f := filepath.Join(p, "search", "icons", "index.bin")
			b, _ := os.ReadFile(f)
			b[len(b)/2] ^= 0xff
			os.WriteFile(f, b, 0o644)
		},
		"no vectors": func(p string) { os.Remove(filepath.Join(p, "search", "vectors.bin")) },
	}
	for name, damage := range damages {
		t.Run(name, func(t *testing.T) {
			e := newEdgeAfter(t, damage)
			for _, path := range []string{"/api/v1/icons?q=arrow", "/api/v1/search?q=arrow"} {
				res, body := e.do(t, http.MethodGet, path, nil)
				if res.StatusCode != http.StatusServiceUnavailable || !strings.Contains(body, `"unavailable"`) {
					t.Errorf("%s: %d %s", path, res.StatusCode, body)
				}
			}
			mustGet(t, e, "/api/v1/icons/arrow-left")
			mustGet(t, e, "/api/v1/icons")
		})
	}
}

type searchBody struct {
	Items []struct {
		ID       string  `json:"id"`
		Category string  `json:"category"`
		Score    float64 `json:"score"`
	} `json:"items"`
	Total int `json:"total"`
}

func search(t *testing.T, e *testEdge, path string) searchBody {
	t.Helper()
	var b searchBody
	if err := json.Unmarshal(mustGet(t, e, path), &b); err != nil {
		t.Fatal(err)
	}
	return b
}

func TestSearchRanksByNameTypoAndMeaning(t *testing.T) {
	e := newEdge(t)
	tests := []struct{ path, first string }{
		{"/api/v1/icons?q=arrow-left", "arrow-left"},
		{"/api/v1/icons?q=square%20rounded", "square-rounded"},
		{"/api/v1/icons?q=zigzg", "zigzag"},
		{"/api/v1/icons?q=go%20back", "arrow-left"},
		{"/api/icons?q=circle%20dot", "circle-dot"},
		{"/api/v1/search?q=go%20back%20to%20the%20previous%20screen", "arrow-left"},
	}
	for _, tc := range tests {
		b := search(t, e, tc.path)
		if len(b.Items) == 0 || b.Items[0].ID != tc.first {
			t.Errorf("%s: first %+v, want %s", tc.path, b.Items, tc.first)
		}
		for i := 1; i < len(b.Items); i++ {
			if b.Items[i].Score > b.Items[i-1].Score {
				t.Errorf("%s: scores not in descending order: %+v", tc.path, b.Items)
			}
		}
	}
	shapes := search(t, e, "/api/v1/icons?q=box%20circle%20square&category=shapes")
	for _, it := range shapes.Items {
		if it.Category != "shapes" {
			t.Errorf("category filter let %s (%s) through", it.ID, it.Category)
		}
	}
	if one := search(t, e, "/api/v1/icons?q=arrow%20circle%20square&limit=1"); len(one.Items) != 1 || one.Total != 1 {
		t.Errorf("limit=1 gave %d items", len(one.Items))
	}
	for _, odd := range []string{"%E2%80%8B%F0%9F%98%80", "%21%3F%21", strings.Repeat("%C3%A9", 200)} {
		res, body := e.do(t, http.MethodGet, "/api/v1/icons?q="+odd, nil)
		if res.StatusCode != 200 && res.StatusCode != 400 {
			t.Errorf("q=%s: %d %s", odd, res.StatusCode, body)
		}
	}
}

func TestUnversionedPathsAreDeprecated(t *testing.T) {
	e := newEdge(t)
	v1, v1Body := e.do(t, http.MethodGet, "/api/v1/icons?limit=2", nil)
	old, oldBody := e.do(t, http.MethodGet, "/api/icons?limit=2", nil)
	if v1Body != oldBody || old.StatusCode != 200 {
		t.Errorf("/api/icons answers differently from /api/v1/icons")
	}
	if old.Header.Get("Deprecation") != "@1791244800" || old.Header.Get("Sunset") != "Tue, 06 Apr 2027 00:00:00 GMT" {
		t.Errorf("Deprecation %q Sunset %q", old.Header.Get("Deprecation"), old.Header.Get("Sunset"))
	}
	links := strings.Join(old.Header.Values("Link"), ", ")
	for _, want := range []string{"<" + base + `/api/v1/icons?limit=2>; rel="successor-version"`, "<" + base + `/docs/versioning/>; rel="deprecation"`} {
		if !strings.Contains(links, want) {
			t.Errorf("Link %q lacks %q", links, want)
		}
	}
	for _, h := range []string{"Deprecation", "Sunset", "Link"} {
		if v1.Header.Get(h) != "" {
			t.Errorf("v1 carries %s", h)
		}
	}
	for _, path := range []string{"/api/icons/arrow-left", "/api/categories", "/api/icons/nope"} {
		if res, _ := e.do(t, http.MethodGet, path, nil); res.Header.Get("Deprecation") == "" {
			t.Errorf("%s lacks Deprecation", path)
		}
	}
}

func TestCORS(t *testing.T) {
	e := newEdge(t)
	res, _ := e.do(t, http.MethodOptions, "/api/v1/icons", map[string]string{
		"Origin": "https://app.example", "Access-Control-Request-Method": "GET",
		"Access-Control-Request-Headers": "authorization"}) // browsers send it lowercase
	if res.StatusCode/100 != 2 || res.Header.Get("Access-Control-Allow-Origin") != "*" ||
		!strings.Contains(strings.ToLower(res.Header.Get("Access-Control-Allow-Headers")), "authorization") {
		t.Errorf("preflight: %d %v", res.StatusCode, res.Header)
	}
	// A browser MCP client at 2026-07-28 sends the protocol's standard headers on every POST (issue 55).
	res, _ = e.do(t, http.MethodOptions, "/mcp", map[string]string{
		"Origin": "https://app.example", "Access-Control-Request-Method": "POST",
		"Access-Control-Request-Headers": "content-type,mcp-method,mcp-name,mcp-protocol-version"})
	if allowed := strings.ToLower(res.Header.Get("Access-Control-Allow-Headers")); res.StatusCode/100 != 2 ||
		!strings.Contains(allowed, "mcp-method") || !strings.Contains(allowed, "mcp-name") {
		t.Errorf("MCP preflight at 2026-07-28: %d, Access-Control-Allow-Headers %q", res.StatusCode, allowed)
	}
	res, _ = e.do(t, http.MethodGet, "/api/v1/icons/arrow-left", map[string]string{"Origin": "https://app.example"})
	if res.Header.Get("Access-Control-Allow-Origin") != "*" || !strings.Contains(res.Header.Get("Access-Control-Expose-Headers"), "Etag") {
		t.Errorf("simple request: Allow-Origin %q Expose %q", res.Header.Get("Access-Control-Allow-Origin"), res.Header.Get("Access-Control-Expose-Headers"))
	}
}

func TestAPIConditionalRequestsAndHead(t *testing.T) {
	e := newEdge(t)
	for _, path := range []string{"/api/v1/icons/arrow-left", "/api/v1/icons?limit=2", "/api/v1/categories", "/api/icons/arrow-left"} {
		res, body := e.do(t, http.MethodGet, path, nil)
		etag := res.Header.Get("ETag")
		if etag == "" || res.Header.Get("Cache-Control") == "" {
			t.Errorf("%s: ETag %q Cache-Control %q", path, etag, res.Header.Get("Cache-Control"))
			continue
		}
		if res, _ := e.do(t, http.MethodGet, path, map[string]string{"If-None-Match": etag}); res.StatusCode != http.StatusNotModified {
			t.Errorf("%s with If-None-Match: %d", path, res.StatusCode)
		}
		head, headBody := e.do(t, http.MethodHead, path, nil)
		if head.StatusCode != 200 || headBody != "" || head.Header.Get("ETag") != etag || head.Header.Get("Content-Length") != itoa(len(body)) {
			t.Errorf("HEAD %s: %d len %s etag %s", path, head.StatusCode, head.Header.Get("Content-Length"), head.Header.Get("ETag"))
		}
	}
}

func TestAPICatalog(t *testing.T) {
	e := newEdge(t)
	res, body := e.do(t, http.MethodGet, "/.well-known/api-catalog", nil)
	if !strings.HasPrefix(res.Header.Get("Content-Type"), "application/linkset+json") {
		t.Errorf("Content-Type %q", res.Header.Get("Content-Type"))
	}
	var ls struct {
		Linkset []struct {
			Anchor      string                  `json:"anchor"`
			ServiceDesc []struct{ Href string } `json:"service-desc"`
		} `json:"linkset"`
	}
	if err := json.Unmarshal([]byte(body), &ls); err != nil || len(ls.Linkset) == 0 || ls.Linkset[0].ServiceDesc[0].Href != base+"/openapi.json" {
		t.Errorf("api-catalog %s (%v)", body, err)
	}
	head, _ := e.do(t, http.MethodHead, "/.well-known/api-catalog", nil)
	if !strings.Contains(head.Header.Get("Link"), `rel="api-catalog"`) {
		t.Errorf("HEAD Link %q", head.Header.Get("Link"))
	}
}

// TestHomeSearchWithoutJavaScript: the home page's GET form works without scripts: /?q= comes back with
// the results rendered on the server, and / stays the built page.
func TestHomeSearchWithoutJavaScript(t *testing.T) {
	e := newEdge(t)
	res, body := e.do(t, http.MethodGet, "/?q=circel&category=shapes", nil)
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "text/html; charset=utf-8" {
		t.Fatalf("%d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	for _, want := range []string{`Icons for “circel”`, `href="/icons/circle-dot/"`, `value="circel"`, `<option value="shapes" selected>`} {
		if !strings.Contains(body, want) {
			t.Errorf("server-rendered search lacks %s", want)
		}
	}
	if strings.Contains(body, `href="/icons/arrow-left/"`) {
		t.Error("an icon outside the category was rendered")
	}
	_, plain := e.do(t, http.MethodGet, "/", nil)
	if !strings.Contains(plain, "Popular icons") {
		t.Error("the plain home page changed")
	}
	if res, _ := e.do(t, http.MethodGet, "/?q=%20", nil); res.StatusCode != 200 {
		t.Errorf("blank q: %d", res.StatusCode)
	}
}

// TestFilesBehindAPIRoutesVaryOnce: the records and categories the API sends as the build's files name
// Accept-Encoding in Vary once, though two layers (the variants and the gzip of API answers) care.
func TestFilesBehindAPIRoutesVaryOnce(t *testing.T) {
	e := newEdge(t)
	for _, p := range []string{"/api/v1/categories", "/api/v1/icons/arrow-left"} {
		for _, accept := range []string{"gzip", ""} {
			res, _ := send(t, http.MethodGet, e.URL+p, map[string]string{"Accept-Encoding": accept})
			if n := strings.Count(strings.ToLower(strings.Join(res.Header.Values("Vary"), ",")), "accept-encoding"); n != 1 {
				t.Errorf("%s (Accept-Encoding %q): Vary %q names Accept-Encoding %d times", p, accept, res.Header.Values("Vary"), n)
			}
		}
	}
}
