package hostconf

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/iconlib/iconlib/internal/contract"
)

// TestHeaderRulesNeverSetAHeaderTwice: a directory whose files share a header's value shares one
// pattern; where they differ, each file and subdirectory gets its own, so no URL matches two rules that
// set one header (a host would join their values).
func TestHeaderRulesNeverSetAHeaderTwice(t *testing.T) {
	files := []string{"index.html", "catalog.json", "llms.txt", "assets/a.json", "assets/filled/a.json",
		"icons/a/index.html", "docs/index.html", "docs/guide.md", "docs/guide/index.html", "docs/index.json",
		"static/site.js", "static/vendor/lib.js", contract.APICatalogFile, ".well-known/ai-catalog.json",
		".well-known/ard.json"}
	const build, release = "public, max-age=300", "public, max-age=86400"
	got := map[string]map[string]string{}
	for _, r := range HeaderRules(files)[1:] {
		got[r.Pattern] = r.Headers
	}
	want := map[string]map[string]string{
		"/":                            {"Cache-Control": build},
		"/catalog.json":                {"Cache-Control": build, "Content-Type": "application/json"},
		"/llms.txt":                    {"Cache-Control": build},
		"/assets/*":                    {"Cache-Control": release},
		"/assets/*.json":               {"Content-Type": "application/json"},
		"/icons/*":                     {"Cache-Control": build},
		"/docs/*":                      {"Cache-Control": build},
		"/docs/*.json":                 {"Content-Type": "application/json"},
		"/*.md":                        {"Content-Type": "text/markdown; charset=utf-8"},
		"/static/site.js":              {"Cache-Control": build},
		"/static/vendor/*":             {"Cache-Control": release},
		"/.well-known/*":               {"Cache-Control": build},
		"/.well-known/ard.json":        {"Content-Type": "application/json"},
		"/.well-known/ai-catalog.json": {"Content-Type": "application/ai-catalog+json"},
		"/" + contract.APICatalogFile: {"Content-Type": contract.MediaType(contract.APICatalogFile),
			"Link": `</.well-known/api-catalog>; rel="api-catalog"`},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("HeaderRules (-want +got):\n%s", d)
	}
	every := HeaderRules(files)[0]
	if every.Pattern != "/*" || every.Headers["Access-Control-Allow-Origin"] != "*" ||
		every.Headers["X-Frame-Options"] != contract.SecurityHeaders["X-Frame-Options"] {
		t.Errorf("the first rule should give every URL CORS and the security headers: %+v", every)
	}
}

// TestEdgeRedirectsSendEveryEndpoint: every path the contract lists goes to the edge, and so does every
// protected resource's document, the files left to the edge and a search on the home page.
func TestEdgeRedirectsSendEveryEndpoint(t *testing.T) {
	edge := contract.MustParseBaseURL("https://edge.example")
	rules := EdgeRedirects(edge)
	from := map[string]Redirect{}
	for _, r := range rules {
		if r.Status != 200 || !strings.HasPrefix(r.To, edge.String()+"/") {
			t.Errorf("%s → %s %d: want a proxy to the edge", r.From, r.To, r.Status)
		}
		from[r.From+" "+r.Query] = r
	}
	want := []string{"/assets/:file ", "/.well-known/oauth-protected-resource/mcp/docs ", "/ q=:q"}
	for _, e := range contract.Endpoints {
		want = append(want, strings.ReplaceAll(e.Path, "{id}", ":id")+" ")
	}
	for _, w := range want {
		if _, ok := from[w]; !ok {
			t.Errorf("no rule from %q", w)
		}
	}
	if home := from["/ q=:q"]; !home.Force || home.To != "https://edge.example/?q=:q" {
		t.Errorf("the home page's search: %+v; want it forced past index.html, to the edge", home)
	}
	text := string(Redirects(rules))
	if !strings.Contains(text, "\n/  q=:q  https://edge.example/?q=:q  200!\n") ||
		!strings.Contains(text, "\n/mcp/sse  https://edge.example/mcp/sse  200\n") {
		t.Errorf("_redirects:\n%s", text)
	}
	if len(from) != len(rules) {
		t.Errorf("%d rules from %d patterns: some twice", len(rules), len(from))
	}
}
