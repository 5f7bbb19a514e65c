package edge

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/iconlib/iconlib/edge/library"
	"github.com/iconlib/iconlib/internal/contract"
)

// Cache lifetimes of API answers; clients revalidate with the ETag afterwards.
const (
	cacheAPI    = "public, max-age=300"
	cacheSearch = "public, max-age=60"
)

// searchAnswer is the body of a search.
type searchAnswer struct {
	Query string            `json:"query"`
	Items []library.IconHit `json:"items"`
	Total int               `json:"total"`
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
		s.search(w, r, p, false)
		return
	}
	category, perr := p.category(s.lib)
	limit, perr2 := p.int("limit", defaultLimit, 1, maxLimit)
	offset, perr3 := p.int("offset", 0, 0, maxOffset)
	if err := firstErr(perr, perr2, perr3); err != nil {
		writeParamError(w, err)
		return
	}
	records, total, err := s.lib.Page(category, offset, limit)
	if err != nil {
		s.logger.Error("listing", "err", err)
		unavailable(w, "the library")
		return
	}
	w.Header().Set("Cache-Control", cacheAPI)
	s.writeBytes(w, r, encodePage(records, total, limit, offset), "application/json")
}

// encodePage writes a listing, {"items":[…],"total","limit","offset","next_offset"}, by joining the
// records' precomputed JSON: re-encoding them on every request cost most of a listing's time.
func encodePage(records [][]byte, total, limit, offset int) []byte {
	size := 96
	for _, r := range records {
		size += len(r) + 1
	}
	b := make([]byte, 0, size)
	b = append(b, `{"items":[`...)
	for i, r := range records {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, r...)
	}
	b = fmt.Appendf(b, `],"total":%d,"limit":%d,"offset":%d,"next_offset":`, total, limit, offset)
	if next := offset + limit; next < total {
		b = strconv.AppendInt(b, int64(next), 10)
	} else {
		b = append(b, "null"...)
	}
	return append(b, "}\n"...)
}

// handleSearch answers GET /api/v1/search: the semantic ranking alone.
func (s *server) handleSearch(w http.ResponseWriter, r *http.Request) {
	p, perr := parseParams(r, "q", "category", "limit")
	if perr != nil {
		writeParamError(w, perr)
		return
	}
	s.search(w, r, p, true)
}

// search ranks icons for q (fused, or by meaning alone) and answers with the ranked icons.
func (s *server) search(w http.ResponseWriter, r *http.Request, p params, semantic bool) {
	q, perr := p.query()
	category, perr2 := p.category(s.lib)
	limit, perr3 := p.int("limit", defaultLimit, 1, maxLimit)
	if err := firstErr(perr, perr2, perr3); err != nil {
		writeParamError(w, err)
		return
	}
	hits, err := s.lib.SearchIcons(q, library.SearchOptions{Category: category, Limit: limit, Semantic: semantic})
	if err != nil {
		if !errors.Is(err, library.ErrSearchUnavailable) {
			s.logger.Error("search", "query", q, "err", err)
		}
		unavailable(w, "the search index")
		return
	}
	s.writeJSON(w, r, searchAnswer{Query: q, Items: hits, Total: len(hits)}, cacheSearch)
}

// handleRecord answers GET /api/v1/icons/{id} with the icon's precomputed record; the record's file name,
// {id}.json, answers too, as it does on a static host.
func (s *server) handleRecord(w http.ResponseWriter, r *http.Request) {
	if _, perr := parseParams(r); perr != nil {
		writeParamError(w, perr)
		return
	}
	id := strings.TrimSuffix(r.PathValue("id"), ".json") // no icon id has a dot
	f, ok := s.files.byPath[contract.RecordFile(id)]
	if !ok {
		notFound(w, "no icon with id "+quote(id)+"; search with "+contract.SiteLinks.Icons+"?q=")
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
	f, ok := s.files.byPath[contract.CategoriesFile]
	if !ok {
		unavailable(w, "the library")
		return
	}
	s.sendFile(w, r, f)
}

// writeJSON sends v with an ETag of its bytes.
func (s *server) writeJSON(w http.ResponseWriter, r *http.Request, v any, cacheControl string) {
	body, err := json.Marshal(v)
	if err != nil {
		s.logger.Error("encode", "path", r.URL.Path, "err", err)
		unavailable(w, "the answer")
		return
	}
	w.Header().Set("Cache-Control", cacheControl)
	s.writeBytes(w, r, append(body, '\n'), "application/json")
}

// writeBytes sends a body with an ETag of it; http.ServeContent answers If-None-Match and HEAD.
func (s *server) writeBytes(w http.ResponseWriter, r *http.Request, body []byte, contentType string) {
	sum := sha256.Sum256(body)
	h := w.Header()
	h.Set("Content-Type", contentType)
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
