package edge

import (
	"bytes"
	"html/template"
	"net/http"

	"github.com/iconlib/iconlib/edge/library"
	"github.com/iconlib/iconlib/templates"
)

// homeSearchLimit is how many results a home page rendered for a search shows.
const homeSearchLimit = 48

// loadHome parses the home page template, which the edge renders for searches without JavaScript.
func loadHome() (*template.Template, error) {
	return templates.ParseHTML("layout.html", "home.html")
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
		hits, err := s.lib.SearchIcons(q, library.SearchOptions{Category: category, Limit: homeSearchLimit})
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
