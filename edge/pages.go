package edge

import (
	"bytes"
	"html/template"
	"mime"
	"net/http"
	"path"
	"slices"
	"strings"

	"github.com/iconlib/iconlib/edge/access"
	"github.com/iconlib/iconlib/edge/internal/apierror"
	"github.com/iconlib/iconlib/edge/library"
	"github.com/iconlib/iconlib/internal/contract"
	"github.com/iconlib/iconlib/internal/search"
	"github.com/iconlib/iconlib/templates"
)

// sitePages are the pages the edge renders itself, from the binary's templates: the home page with a
// search's results (for visitors without JavaScript), and the page a person gets for a mistyped address
// or a failure, in place of the contract's JSON envelope.
type sitePages struct {
	home, problem *template.Template
}

// loadPages parses the templates of the pages the edge renders.
func loadPages() (*sitePages, error) {
	home, err := templates.ParseHTML("layout.html", "home.html")
	if err != nil {
		return nil, err
	}
	problem, err := templates.ParseHTML("layout.html", "problem.html")
	if err != nil {
		return nil, err
	}
	return &sitePages{home: home, problem: problem}, nil
}

// render executes a page's layout into a buffer.
func render(t *template.Template, data any) ([]byte, error) {
	var buf bytes.Buffer
	if err := t.ExecuteTemplate(&buf, "layout", data); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// suggestionLimit bounds the icons a 404 page suggests.
const suggestionLimit = 12

// wantsPage reports whether a request is a person's visit to a page of the site, who should get an HTML
// page rather than the JSON envelope when it goes wrong: a GET or HEAD, from a client that asks for HTML
// (browsers name text/html in Accept; API clients, curl's */* and no Accept at all get the envelope), of
// a path that names no file (it ends in a slash or its last part has no extension) outside the REST API.
func wantsPage(r *http.Request) bool {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		return false
	}
	p := r.URL.Path
	for _, api := range []string{contract.APIPath, contract.LegacyAPIPath} {
		if p == api || strings.HasPrefix(p, api+"/") {
			return false
		}
	}
	if !strings.HasSuffix(p, "/") && path.Ext(p) != "" {
		return false
	}
	return acceptsHTML(r.Header.Values("Accept"))
}

// acceptsHTML reports whether an Accept header names HTML with a quality above zero.
func acceptsHTML(accept []string) bool {
	for _, v := range accept {
		for _, item := range strings.Split(v, ",") {
			mt, params, err := mime.ParseMediaType(strings.TrimSpace(item))
			if err != nil || (mt != "text/html" && mt != "application/xhtml+xml") {
				continue
			}
			if q, ok := params["q"]; !ok || qualityParam("q="+q) > 0 {
				return true
			}
		}
	}
	return false
}

// notFoundFor answers a path that names nothing: a person on a page gets a 404 page with the icons
// closest to what the address named and a search box; everyone else the contract's envelope.
func (s *server) notFoundFor(w http.ResponseWriter, r *http.Request) {
	if !wantsPage(r) {
		notFound(w, "no such file: "+r.URL.Path)
		return
	}
	q := addressWords(r.URL.Path)
	page := func(w http.ResponseWriter, r *http.Request) {
		s.sendProblem(w, r, templates.Problem{Status: http.StatusNotFound, Title: "No page at this address",
			Message: "Nothing lives at " + r.URL.Path + ". It may be mistyped, or what you look for may have another name.",
			Query:   q, Pages: s.nearestPages(r.URL.Path), Suggestions: s.suggest(q)})
	}
	if q == "" {
		page(w, r)
		return
	}
	// The suggestions are a search, metered like the home page's: random addresses must not be a way
	// around the anonymous quota.
	s.access.LimitAnonymous(http.HandlerFunc(page), access.REST).ServeHTTP(w, r)
}

// failedFor answers a failure of the server (status 5xx): a person on a page gets a page that says so and
// offers a way on; everyone else the contract's envelope with code.
func (s *server) failedFor(w http.ResponseWriter, r *http.Request, status int, code, message string) {
	if !wantsPage(r) {
		apierror.Write(w, status, code, message)
		return
	}
	s.sendProblem(w, r, templates.Problem{Status: status, Title: "Something went wrong on our side",
		Message: "The page could not be shown just now. Please try again in a moment; nothing you did caused it."})
}

// unavailableFor answers a file of the library that could not be read: 503, as a page for a person.
func (s *server) unavailableFor(w http.ResponseWriter, r *http.Request) {
	s.failedFor(w, r, http.StatusServiceUnavailable, apierror.Unavailable, "the library could not be read; retry")
}

// sendProblem writes a problem page.
func (s *server) sendProblem(w http.ResponseWriter, r *http.Request, data templates.Problem) {
	body, err := render(s.pages.problem, data)
	if err != nil {
		s.logger.Error("problem page", "err", err)
		apierror.Write(w, http.StatusInternalServerError, apierror.Internal, "the server failed; please retry")
		return
	}
	sendPage(w, r, data.Status, body)
}

// sendPage writes a rendered page that is not a file or a cached answer (it tells of a problem), with its
// status; it is never cached.
func sendPage(w http.ResponseWriter, r *http.Request, status int, body []byte) {
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Del("ETag")
	h.Del("Content-Encoding")
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}

// addressWords are the words of a path's last part, to search for: /icons/trahs/ → "trahs",
// /icons/arrow-lft/ → "arrow lft"; at most the query's bound.
func addressWords(urlPath string) string {
	parts := strings.FieldsFunc(urlPath, func(r rune) bool { return r == '/' })
	if len(parts) == 0 {
		return ""
	}
	last := strings.NewReplacer("-", " ", "_", " ", "+", " ").Replace(parts[len(parts)-1])
	q, err := library.HomeIcons.CheckText(last)
	if err != nil {
		return ""
	}
	return q
}

// nearestPages are, for an address under /docs/ or /categories/, the guides or categories whose slug or id
// is within a few edits of what it names (/docs/reactt/ → React, /categories/arrow/ → Arrows), closest
// first, at most three; none elsewhere.
func (s *server) nearestPages(urlPath string) []templates.Link {
	section, name, _ := strings.Cut(strings.Trim(urlPath, "/"), "/")
	name, _, _ = strings.Cut(strings.ToLower(name), "/")
	if name == "" {
		return nil
	}
	type near struct {
		edits int
		page  templates.Link
	}
	var found []near
	add := func(id, title, url string) {
		limit := max(2, len(name)/4)
		if d := search.EditDistance(name, id, limit); d <= limit {
			found = append(found, near{d, templates.Link{Name: title, URL: url}})
		}
	}
	switch section {
	case "docs":
		for _, g := range s.lib.Guides() {
			add(g.Slug, g.Title, contract.GuidePage(g.Slug))
		}
	case "categories":
		for _, c := range s.lib.Categories() {
			add(c.ID, c.Name, contract.CategoryPage(c.ID))
		}
	}
	slices.SortStableFunc(found, func(a, b near) int { return a.edits - b.edits })
	var pages []templates.Link
	for _, f := range found[:min(len(found), 3)] {
		pages = append(pages, f.page)
	}
	return pages
}

// suggest is the icons that match q well, for a 404 page; none when search is unavailable.
func (s *server) suggest(q string) []templates.Tile {
	if q == "" {
		return nil
	}
	hits, err := s.lib.SearchIcons(library.Search{Text: q, Limit: suggestionLimit})
	if err != nil {
		return nil
	}
	tiles, good := splitByRelevance(hits)
	return tiles[:good]
}

// splitByRelevance turns hits into tiles and says how many of them, the first, match well
// (contract.Relevance).
func splitByRelevance(hits []library.IconHit) (tiles []templates.Tile, good int) {
	scores := make([]float64, len(hits))
	tiles = make([]templates.Tile, len(hits))
	for i, h := range hits {
		scores[i] = h.Score
		tiles[i] = templates.Tile{ID: h.ID, Name: h.Name, Description: h.Description, Styles: h.Styles}
	}
	return tiles, contract.Relevance.Strong(scores)
}
