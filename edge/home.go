package edge

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/iconlib/iconlib/edge/access"
	"github.com/iconlib/iconlib/edge/internal/apierror"
	"github.com/iconlib/iconlib/edge/library"
	"github.com/iconlib/iconlib/internal/contract"
	"github.com/iconlib/iconlib/templates"
)

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
// on the server, so the search form works without JavaScript too. An empty category (the form's "All
// categories") searches every category; /?category=… without words goes to the category's page.
func (s *server) handleHome(w http.ResponseWriter, r *http.Request) {
	q, err := s.homeQuery(r)
	switch {
	case err != nil && !r.URL.Query().Has("q"):
		s.handleStatic(w, r) // not a search (a link with other parameters): the plain home page
	case err != nil:
		s.sendHome(w, r, http.StatusBadRequest, s.homeData("This search could not run: "+err.Error()+"."))
	case q.Text == "" && q.Category == "":
		s.handleStatic(w, r) // nothing to search for: the plain home page
	case q.Text == "":
		http.Redirect(w, r, contract.CategoryPage(q.Category), http.StatusFound)
	default:
		s.homeSearch(w, r, q, homePage(r))
	}
}

// homeSearchPages is how deep the home page's search goes: this many pages of library.HomeIcons tiles,
// ranked once.
const homeSearchPages = 10

// homePage is the page of a search the link asks for (?page=, from 1); a page that is not a number from 1
// is the first, as other parameters a page does not know are ignored.
func homePage(r *http.Request) int {
	values, _ := url.ParseQuery(r.URL.RawQuery)
	n, err := strconv.Atoi(values.Get("page"))
	if err != nil || n < 1 {
		return 1
	}
	return min(n, homeSearchPages)
}

// homeQuery reads a home page search, held to the home page's bounds: its words, which may be blank (no
// search), and its category, where "" is every category. Unlike the REST API, a page takes a link as
// the world passes it on: other parameters (fbclid, utm_source, page) are ignored, and a repeated one
// counts once.
func (s *server) homeQuery(r *http.Request) (library.Search, error) {
	if len(r.URL.RawQuery) > maxQueryString {
		return library.Search{}, badParam("the query string is longer than %d bytes", maxQueryString)
	}
	values, _ := url.ParseQuery(r.URL.RawQuery) // the pairs that parse
	category := values.Get("category")
	if strings.TrimSpace(values.Get("q")) == "" {
		return library.Search{Category: category}, s.lib.CheckCategory(category)
	}
	return s.lib.Check(library.Query{Text: values.Get("q"), Category: category}, library.HomeIcons)
}

// homeSearch answers a search with the home page showing page of its results (library.HomeIcons
// tiles a page, homeSearchPages deep). On the first page the good matches (contract.Relevance, over the
// whole ranking) fill the grid and the page's weaker ones go behind "show more"; the later pages show
// their tiles in the grid. A page past the last shows the last.
func (s *server) homeSearch(w http.ResponseWriter, r *http.Request, q library.Search, page int) {
	a, err := s.cachedAnswer(answerKey("home", q.Category, strconv.Itoa(page), q.Text), "text/html; charset=utf-8", cacheSearch, func() ([]byte, error) {
		perPage := q.Limit
		q.Limit = perPage * homeSearchPages
		hits, err := s.lib.SearchIcons(q)
		if err != nil {
			return nil, err
		}
		data := s.homeData("")
		data.Query, data.Category = q.Text, q.Category
		pages := templates.PageCount(len(hits), perPage)
		page = min(page, pages)
		data.Pager = templates.NewPager(page, pages, func(n int) string { return homeSearchURL(q, n) })
		tiles, good := splitByRelevance(hits)
		data.Ranked, data.Matches = len(tiles), good
		from, to := (page-1)*perPage, min(page*perPage, len(tiles))
		data.Featured = tiles[from:to]
		if page == 1 {
			data.Featured, data.More = tiles[:min(good, to)], tiles[min(good, to):to]
		}
		return render(s.pages.home, data)
	})
	if err != nil {
		s.logger.Error("home page search", "err", err)
		data := s.homeData("Search is unavailable just now. Browse the categories below, or try again in a moment.")
		data.Query, data.Category = q.Text, q.Category
		s.sendHome(w, r, http.StatusServiceUnavailable, data)
		return
	}
	sendAnswer(w, r, a)
}

// homeSearchURL is the address of page n of the home page's search q.
func homeSearchURL(q library.Search, n int) string {
	v := url.Values{"q": {q.Text}}
	if q.Category != "" {
		v.Set("category", q.Category)
	}
	if n > 1 {
		v.Set("page", strconv.Itoa(n))
	}
	return "/?" + v.Encode()
}

// homeData is the home page's data without results, with problem shown where results go.
func (s *server) homeData(problem string) templates.Home {
	return templates.Home{Count: s.lib.Len(), Categories: s.lib.Categories(), Problem: problem}
}

// sendHome writes a home page that is not a cacheable answer (one that tells of a problem) with its status.
func (s *server) sendHome(w http.ResponseWriter, r *http.Request, status int, data templates.Home) {
	body, err := render(s.pages.home, data)
	if err != nil {
		s.logger.Error("home page", "err", err)
		s.failedFor(w, r, http.StatusInternalServerError, apierror.Internal, "the server failed; please retry")
		return
	}
	sendPage(w, r, status, body)
}
