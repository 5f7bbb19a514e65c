package edge

import (
	"bytes"
	"html/template"
	"net/http"

	"github.com/iconlib/iconlib/edge/access"
	"github.com/iconlib/iconlib/edge/library"
	"github.com/iconlib/iconlib/templates"
)

// loadHome parses the home page template, which the edge renders for searches without JavaScript.
func loadHome() (*template.Template, error) {
	return templates.ParseHTML("layout.html", "home.html")
}

// meterSearches counts a search on the home page (/?q=…, cached or not) against the anonymous quota the
// REST API, MCP servers and A2A agent share: it runs the same search as GET /api/v1/icons?q=. The page
// takes no credentials, so a token does not raise the quota. The plain page, without q, is a static file
// and is never counted. Every request that can reach a search names q: handleHome serves the plain page
// for a query string that does not parse.
func (s *server) meterSearches(home http.Handler) http.Handler {
	metered := s.access.LimitAnonymous(home, access.REST)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Has("q") {
			metered.ServeHTTP(w, r)
			return
		}
		home.ServeHTTP(w, r)
	})
}

// handleHome serves the built home page, or, for /?q=…, the home page with the search's results rendered
// on the server, so the search form works without JavaScript too.
func (s *server) handleHome(w http.ResponseWriter, r *http.Request) {
	p, perr := parseParams(r, "q", "category")
	q, qerr := p.query()
	category, cerr := p.category(s.lib)
	if perr != nil || qerr != nil || cerr != nil {
		s.handleStatic(w, r) // no usable search: the plain home page; its script explains
		return
	}
	a, err := s.cachedAnswer(answerKey("home", category, q), "text/html; charset=utf-8", cacheSearch, func() ([]byte, error) {
		hits, err := s.lib.SearchIcons(q, library.SearchOptions{Category: category, Limit: library.HomeIcons.LimitDefault})
		if err != nil {
			return nil, err
		}
		data := templates.Home{Count: s.lib.Len(), Categories: s.lib.Categories(), Query: q, Category: category}
		for _, h := range hits {
			data.Featured = append(data.Featured, templates.Tile{ID: h.ID, Name: h.Name, Description: h.Description, Styles: h.Styles})
		}
		var buf bytes.Buffer
		if err := s.home.ExecuteTemplate(&buf, "layout", data); err != nil {
			s.logger.Error("home page", "err", err)
			return nil, err
		}
		return buf.Bytes(), nil
	})
	if err != nil {
		s.handleStatic(w, r) // the plain home page
		return
	}
	sendAnswer(w, r, a)
}
