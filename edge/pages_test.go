package edge_test

import (
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/iconlib/iconlib/internal/contract"
)

// browserAccept is what Chromium sends for a page.
const browserAccept = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8"

// TestHomeSearchFromTheForm: the form sends category= (empty) for "All categories", which searches every
// category; a category alone goes to its page; a search that cannot run says why on the page.
func TestHomeSearchFromTheForm(t *testing.T) {
	e := newEdge(t)
	res, body := e.do(t, http.MethodGet, "/?q=circel&category=", nil)
	if res.StatusCode != 200 || !strings.Contains(body, `href="/icons/circle-dot/"`) || !strings.Contains(body, "well, best first") {
		t.Errorf("/?q=circel&category=: %d, results or count missing:\n%s", res.StatusCode, body)
	}
	noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := noRedirect.Get(e.URL + "/?category=shapes")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusFound || res.Header.Get("Location") != "/categories/shapes/" {
		t.Errorf("/?category=shapes: %d Location %q, want 302 to the category's page", res.StatusCode, res.Header.Get("Location"))
	}
	res, body = e.do(t, http.MethodGet, "/?q=circle&category=nope", nil)
	if res.StatusCode != http.StatusBadRequest || !strings.Contains(body, "This search could not run") || !strings.Contains(body, "nope") {
		t.Errorf("unknown category: %d\n%s", res.StatusCode, body)
	}
	if res, body = e.do(t, http.MethodGet, "/?q=&category=", nil); res.StatusCode != 200 || !strings.Contains(body, "Popular icons") {
		t.Errorf("empty search: %d, want the plain home page", res.StatusCode)
	}
}

// TestSharedSearchLinksSurvive (issue 53): a search link as the world passes it on, with tracking tags,
// a page number or a parameter twice, answers its results; the REST API keeps its strict contract.
func TestSharedSearchLinksSurvive(t *testing.T) {
	e := newEdge(t)
	for _, path := range []string{"/?q=circel&fbclid=IwAR123", "/?q=circel&utm_source=newsletter&utm_medium=email",
		"/?q=circel&page=2", "/?q=circel&q=arrow", "/?q=circel&%zz=1"} {
		res, body := e.do(t, http.MethodGet, path, nil)
		if res.StatusCode != 200 || !strings.Contains(body, `href="/icons/circle-dot/"`) {
			t.Errorf("%s: %d, want 200 with the search's results", path, res.StatusCode)
		}
	}
	if res, _ := e.do(t, http.MethodGet, "/api/v1/icons?q=circel&fbclid=IwAR123", nil); res.StatusCode != http.StatusBadRequest {
		t.Errorf("the REST API with an unknown parameter: %d, want 400", res.StatusCode)
	}
}

// TestMistypedGuideAndCategoryAddressesSuggestThePage (issue 53): a 404 under /docs/ or /categories/
// suggests the guide or category meant before any icon; elsewhere, and when nothing is close, none.
func TestMistypedGuideAndCategoryAddressesSuggestThePage(t *testing.T) {
	e := newEdge(t)
	for _, tc := range []struct{ path, want string }{
		{"/docs/webb/", `Did you mean <a href="/docs/web/">`},
		{"/docs/getting-startd/", `Did you mean <a href="/docs/getting-started/">`},
		{"/categories/shape/", `Did you mean <a href="/categories/shapes/">Shapes</a>?`},
		{"/categories/arows/", `Did you mean <a href="/categories/arrows/">Arrows</a>?`},
		{"/docs/zzzzzzzz/", ""},
		{"/icons/webb/", ""},
		{"/docs/" + strings.Repeat("w", 200) + "/", ""},
	} {
		res, body := e.do(t, http.MethodGet, tc.path, map[string]string{"Accept": browserAccept})
		if got := strings.Contains(body, "Did you mean"); res.StatusCode != http.StatusNotFound ||
			tc.want != "" && !strings.Contains(body, tc.want) || tc.want == "" && got {
			t.Errorf("%s: %d, want %q; did-you-mean shown: %v", tc.path, res.StatusCode, tc.want, got)
		}
	}
}

// TestPagesForPeople: a person's browser on a mistyped page address gets a 404 page with the closest
// icons and a search box; API and file paths, and clients that do not ask for HTML, keep the envelope.
func TestPagesForPeople(t *testing.T) {
	e := newEdge(t)
	res, body := e.do(t, http.MethodGet, "/icons/circel-dot/", map[string]string{"Accept": browserAccept})
	if res.StatusCode != http.StatusNotFound || res.Header.Get("Content-Type") != "text/html; charset=utf-8" {
		t.Fatalf("mistyped icon page: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	for _, want := range []string{`href="/icons/circle-dot/"`, `<form class="search" action="/"`, `name="q"`, `value="circel dot"`, "noindex"} {
		if !strings.Contains(body, want) {
			t.Errorf("the 404 page lacks %s", want)
		}
	}
	if res, _ := e.do(t, http.MethodHead, "/icons/circel-dot/", map[string]string{"Accept": browserAccept}); res.StatusCode != http.StatusNotFound {
		t.Errorf("HEAD of a mistyped page: %d", res.StatusCode)
	}
	for _, tc := range []struct{ path, accept string }{
		{"/api/v1/icons/circel-dot", browserAccept},
		{"/api/v1/nope/", browserAccept},
		{"/assets/circel-dot.json", browserAccept},
		{"/icons/circel-dot/", ""},
		{"/icons/circel-dot/", "*/*"},
		{"/icons/circel-dot/", "application/json"},
		{"/icons/circel-dot/", "text/html;q=0"},
	} {
		res, body := e.do(t, http.MethodGet, tc.path, map[string]string{"Accept": tc.accept})
		if res.StatusCode != http.StatusNotFound || res.Header.Get("Content-Type") != "application/json" || !strings.Contains(body, `"not_found"`) {
			t.Errorf("%s (Accept %q): %d %s %s, want the JSON envelope", tc.path, tc.accept, res.StatusCode, res.Header.Get("Content-Type"), body)
		}
	}
}

// TestVersionedStaticFiles: pages name the site's scripts and styles with their version, and the edge lets
// such a URL be kept for a year; the plain URL, or another version's, keeps the short lifetime.
func TestVersionedStaticFiles(t *testing.T) {
	e := newEdge(t)
	_, home := e.do(t, http.MethodGet, "/", nil)
	m := regexp.MustCompile(`<script src="(/static/site\.js\?v=[0-9a-f]{12})" defer>`).FindStringSubmatch(home)
	if m == nil {
		t.Fatal("the home page does not name site.js with its version")
	}
	for _, tc := range []struct{ path, want string }{
		{m[1], "public, max-age=31536000, immutable"},
		{"/static/site.js", "public, max-age=300"},
		{"/static/site.js?v=000000000000", "public, max-age=300"},
	} {
		res, _ := e.do(t, http.MethodGet, tc.path, map[string]string{"Accept-Encoding": "gzip"})
		if got := res.Header.Get("Cache-Control"); res.StatusCode != 200 || got != tc.want {
			t.Errorf("%s: %d Cache-Control %q, want %q", tc.path, res.StatusCode, got, tc.want)
		}
	}
}

// TestFailurePageForPeople: a page whose file cannot be read is a 503 page for a person's browser and the
// envelope for everyone else.
func TestFailurePageForPeople(t *testing.T) {
	e := newEdge(t)
	page := filepath.Join(e.public, "icons", "circle-dot", "index.html")
	target, err := filepath.EvalSymlinks(page)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(target); err != nil { // the edge indexed it at start; now it cannot open it
		t.Fatal(err)
	}
	res, body := e.do(t, http.MethodGet, "/icons/circle-dot/", map[string]string{"Accept": browserAccept})
	if res.StatusCode != http.StatusServiceUnavailable || res.Header.Get("Content-Type") != "text/html; charset=utf-8" ||
		!strings.Contains(body, "Something went wrong on our side") || !strings.Contains(body, `name="q"`) {
		t.Errorf("unreadable page for a browser: %d %s\n%s", res.StatusCode, res.Header.Get("Content-Type"), body)
	}
	res, body = e.do(t, http.MethodGet, "/icons/circle-dot/", nil)
	if res.StatusCode != http.StatusServiceUnavailable || !strings.Contains(body, `"unavailable"`) {
		t.Errorf("unreadable page for an API client: %d %s", res.StatusCode, body)
	}
}

// TestEveryAnswerCarriesTheSecurityHeaders (issue 51): pages, files, API answers and errors all say that
// only the site's own scripts and styles run, that no other site may frame it, and not to sniff types.
func TestEveryAnswerCarriesTheSecurityHeaders(t *testing.T) {
	e := newEdge(t)
	for _, path := range []string{"/", "/icons/arrow-left/", "/?q=arrow", "/catalog.json", "/api/v1/icons?q=arrow",
		"/no/such/page", "/mcp/server-card"} {
		res, _ := e.do(t, http.MethodGet, path, map[string]string{"Accept": "text/html"})
		for k, want := range contract.SecurityHeaders {
			if got := res.Header.Get(k); got != want {
				t.Errorf("%s (%d): %s %q, want %q", path, res.StatusCode, k, got, want)
			}
		}
	}
	if csp := contract.SecurityHeaders["Content-Security-Policy"]; strings.Contains(csp, "unsafe") || !strings.Contains(csp, "frame-ancestors 'none'") {
		t.Errorf("the policy allows inline code or framing: %s", csp)
	}
}
