package edge

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"time"

	"github.com/iconlib/iconlib/internal/catalog"
)

// Ranker is the search core as the edge uses it. Without one, search answers 503 and the rest works.
type Ranker interface {
	// Fused ranks by word matching, typo tolerance and meaning together.
	Fused(query, category string, limit int) ([]Hit, error)
	// Semantic ranks by meaning (embedding similarity) alone.
	Semantic(query, category string, limit int) ([]Hit, error)
}

// Hit is one ranked icon.
type Hit struct {
	ID    string
	Score float64
}

// Cache lifetimes of API answers; clients revalidate with the ETag afterwards.
const (
	cacheAPI    = "public, max-age=300"
	cacheSearch = "public, max-age=60"
)

// iconPage is the body of a listing: one page of records and how to get the next.
type iconPage struct {
	Items      []json.RawMessage `json:"items"`
	Total      int               `json:"total"`
	Limit      int               `json:"limit"`
	Offset     int               `json:"offset"`
	NextOffset *int              `json:"next_offset"`
}

// searchAnswer is the body of a search.
type searchAnswer struct {
	Query string       `json:"query"`
	Items []searchItem `json:"items"`
	Total int          `json:"total"`
}

type searchItem struct {
	ID          string  `json:"id"`
	Name        string  `json:"name"`
	Description string  `json:"description"`
	Category    string  `json:"category"`
	Score       float64 `json:"score"`
	PageURL     string  `json:"page_url"`
	FileURL     string  `json:"file_url"`
	SVGURL      string  `json:"svg_url"`
}

// handleIcons answers GET /api/v1/icons: a search when q is given, otherwise one page of every icon.
func (s *server) handleIcons(w http.ResponseWriter, r *http.Request) {
	p, perr := parseParams(r, "q", "category", "limit", "offset")
	if perr != nil {
		writeParamError(w, perr)
		return
	}
	if p.has("q") {
		if p.has("offset") {
			writeParamError(w, badParam("offset pages through the whole list and cannot be used with q; a search returns the best matches, up to limit=%d", maxLimit))
			return
		}
		s.search(w, r, p, Ranker.Fused)
		return
	}
	category, perr := p.category(s.lib)
	limit, perr2 := p.int("limit", defaultLimit, 1, maxLimit)
	offset, perr3 := p.int("offset", 0, 0, maxOffset)
	if err := firstErr(perr, perr2, perr3); err != nil {
		writeParamError(w, err)
		return
	}
	members := s.lib.members[category]
	page := iconPage{Items: []json.RawMessage{}, Total: len(members), Limit: limit, Offset: offset}
	for i := offset; i < len(members) && i < offset+limit; i++ {
		page.Items = append(page.Items, s.lib.compact[members[i]])
	}
	if next := offset + limit; next < len(members) {
		page.NextOffset = &next
	}
	s.writeJSON(w, r, page, cacheAPI)
}

// handleSearch answers GET /api/v1/search: the semantic ranking alone.
func (s *server) handleSearch(w http.ResponseWriter, r *http.Request) {
	p, perr := parseParams(r, "q", "category", "limit")
	if perr != nil {
		writeParamError(w, perr)
		return
	}
	s.search(w, r, p, Ranker.Semantic)
}

// search runs one ranking for q, category and limit and answers with the ranked icons.
func (s *server) search(w http.ResponseWriter, r *http.Request, p params, rank func(Ranker, string, string, int) ([]Hit, error)) {
	q, perr := p.query()
	category, perr2 := p.category(s.lib)
	limit, perr3 := p.int("limit", defaultLimit, 1, maxLimit)
	if err := firstErr(perr, perr2, perr3); err != nil {
		writeParamError(w, err)
		return
	}
	if s.ranker == nil {
		unavailable(w, "the search index")
		return
	}
	hits, err := rank(s.ranker, q, category, limit)
	if err != nil {
		s.logger.Error("search", "query", q, "err", err)
		unavailable(w, "the search index")
		return
	}
	answer := searchAnswer{Query: q, Items: make([]searchItem, 0, len(hits))}
	for _, h := range hits {
		i, ok := s.lib.byID[h.ID]
		if !ok {
			continue
		}
		answer.Items = append(answer.Items, summarize(s.lib.icons[i], h.Score))
	}
	answer.Total = len(answer.Items)
	s.writeJSON(w, r, answer, cacheSearch)
}

func summarize(ic catalog.Icon, score float64) searchItem {
	return searchItem{ID: ic.ID, Name: ic.Name, Description: ic.Description, Category: ic.Category,
		Score: score, PageURL: ic.PageURL, FileURL: ic.FileURL, SVGURL: ic.SVGURL}
}

// handleRecord answers GET /api/v1/icons/{id} with the icon's precomputed record.
func (s *server) handleRecord(w http.ResponseWriter, r *http.Request) {
	if _, perr := parseParams(r); perr != nil {
		writeParamError(w, perr)
		return
	}
	id := r.PathValue("id")
	f, ok := s.files.byPath[catalog.RecordFile(id)]
	if !ok {
		notFound(w, "no icon with id "+quote(id)+"; search with /api/v1/icons?q=")
		return
	}
	s.sendFile(w, r, f)
}

// handleCategories answers GET /api/v1/categories with the precomputed list.
func (s *server) handleCategories(w http.ResponseWriter, r *http.Request) {
	if _, perr := parseParams(r); perr != nil {
		writeParamError(w, perr)
		return
	}
	f, ok := s.files.byPath[catalog.CategoriesFile]
	if !ok {
		unavailable(w, "the library")
		return
	}
	s.sendFile(w, r, f)
}

// writeJSON sends v with an ETag of its bytes; http.ServeContent answers If-None-Match and HEAD.
func (s *server) writeJSON(w http.ResponseWriter, r *http.Request, v any, cacheControl string) {
	body, err := json.Marshal(v)
	if err != nil {
		s.logger.Error("encode", "path", r.URL.Path, "err", err)
		unavailable(w, "the answer")
		return
	}
	body = append(body, '\n')
	sum := sha256.Sum256(body)
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Cache-Control", cacheControl)
	h.Set("ETag", `"`+hex.EncodeToString(sum[:16])+`"`)
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(body))
}

func firstErr(errs ...*paramError) *paramError {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}
