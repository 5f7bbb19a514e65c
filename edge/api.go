package edge

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/iconlib/iconlib/edge/library"
	"github.com/iconlib/iconlib/internal/contract"
)

// Cache lifetimes of API answers; clients revalidate with the ETag afterwards.
const (
	cacheAPI    = "public, max-age=300"
	cacheSearch = "public, max-age=60"
)

const jsonType = "application/json"

// handleIcons answers GET /api/v1/icons: a search when q is given, otherwise one page of every icon.
func (s *server) handleIcons(w http.ResponseWriter, r *http.Request) {
	p, err := parseParams(r, "q", "category", "limit", "offset")
	if err != nil {
		writeParamError(w, err)
		return
	}
	if p.has("q") {
		if p.has("offset") {
			writeParamError(w, badParam("offset pages through the whole list and cannot be used with q; a search returns the best matches, up to limit=%d", library.RESTIcons.LimitMax))
			return
		}
		s.search(w, r, p, false)
		return
	}
	category, limit, offset, err := s.listing(p)
	if err != nil {
		writeParamError(w, err)
		return
	}
	// Not cached: a page is the records' bytes joined, cheap to make and large to keep (440 KB at
	// limit=100), so its buffer is reused instead; its ETag names the snapshot and the parameters.
	buf := pageBuffers.Get().(*[]byte)
	defer pageBuffers.Put(buf)
	page, err := s.encodePage((*buf)[:0], category, limit, offset)
	if err != nil {
		s.logger.Error("listing", "err", err)
		unavailable(w, "the library")
		return
	}
	*buf = page
	key := answerKey("list", category, strconv.Itoa(limit), strconv.Itoa(offset))
	sendAnswer(w, r, newAnswer(page, s.etagFor(key), jsonType, cacheAPI))
}

// listing reads a listing's category, limit and offset, held to the REST bounds.
func (s *server) listing(p params) (category string, limit, offset int, err error) {
	category = p.values.Get("category")
	if err = s.lib.CheckCategory(category); err != nil {
		return
	}
	l, err := p.limit(library.RESTIcons)
	if err != nil {
		return
	}
	if limit, err = library.RESTIcons.CheckLimit(l); err != nil {
		return
	}
	offset, err = p.offset()
	return
}

// pageBuffers hold listings while they are sent.
var pageBuffers = sync.Pool{New: func() any { return new([]byte) }}

// encodePage appends a listing, {"items":[…],"total","limit","offset","next_offset"}, to b, joining the
// records' JSON as the build wrote it: re-encoding them on every request cost most of a listing's time.
func (s *server) encodePage(b []byte, category string, limit, offset int) ([]byte, error) {
	b = append(b, `{"items":[`...)
	b, total, err := s.lib.AppendPage(b, category, offset, limit)
	if err != nil {
		return nil, err
	}
	b = fmt.Appendf(b, `],"total":%d,"limit":%d,"offset":%d,"next_offset":`, total, limit, offset)
	if next := offset + limit; next < total {
		b = strconv.AppendInt(b, int64(next), 10)
	} else {
		b = append(b, "null"...)
	}
	return append(b, "}\n"...), nil
}

// handleSearch answers GET /api/v1/search: the semantic ranking alone.
func (s *server) handleSearch(w http.ResponseWriter, r *http.Request) {
	p, err := parseParams(r, "q", "category", "limit")
	if err != nil {
		writeParamError(w, err)
		return
	}
	s.search(w, r, p, true)
}

// search ranks icons for q (fused, or by meaning alone) and answers with the ranked icons.
func (s *server) search(w http.ResponseWriter, r *http.Request, p params, semantic bool) {
	q, err := p.search(s.lib, library.RESTIcons, semantic)
	if err != nil {
		writeParamError(w, err)
		return
	}
	kind := "icons"
	if semantic {
		kind = "semantic"
	}
	// The ranking is cached under q's normalised form, for every surface; the body, which repeats q as
	// given, is joined from it into a reused buffer, and named by q itself.
	key := answerKey(kind, q.Category, strconv.Itoa(q.Limit), q.Text)
	buf := pageBuffers.Get().(*[]byte)
	defer pageBuffers.Put(buf)
	body, err := s.encodeSearch((*buf)[:0], q)
	if err != nil {
		if !errors.Is(err, library.ErrSearchUnavailable) {
			s.logger.Error("search", "query", q.Text, "err", err)
		}
		unavailable(w, "the search index")
		return
	}
	*buf = body
	a := newAnswer(body, s.etagFor(key), jsonType, cacheSearch)
	a.keepGzipIn(s.answers, key)
	sendAnswer(w, r, a)
}

// encodeSearch appends the body of a search to b: {"query","items","total"} and a newline, the bytes
// encoding/json writes, with the items joined from the library's encoded summaries.
func (s *server) encodeSearch(b []byte, q library.Search) ([]byte, error) {
	text, err := json.Marshal(q.Text)
	if err != nil {
		return nil, err
	}
	b = append(append(append(b, `{"query":`...), text...), `,"items":`...)
	b, n, err := s.lib.AppendIconHits(b, q)
	if err != nil {
		return nil, err
	}
	b = strconv.AppendInt(append(b, `,"total":`...), int64(n), 10)
	return append(b, "}\n"...), nil
}

// answerKey names an API answer in the answer cache by what it answers: the surface's kind and its
// parameters, as validated.
func answerKey(kind string, params ...string) string {
	return "answer\x00" + kind + "\x00" + strings.Join(params, "\x00")
}

// handleRecord answers GET /api/v1/icons/{id} with the icon's precomputed record; the record's file name,
// {id}.json, answers too, as it does on a static host.
func (s *server) handleRecord(w http.ResponseWriter, r *http.Request) {
	if _, err := parseParams(r); err != nil {
		writeParamError(w, err)
		return
	}
	id := strings.TrimSuffix(r.PathValue("id"), ".json") // no icon id has a dot
	f := s.files.lookup(contract.RecordFile(id))
	if f == nil {
		notFound(w, s.lib.Suggest(id).Error()+" Search with "+contract.SiteLinks.Icons+"?q=")
		return
	}
	s.sendFile(w, r, f)
}

// handleCategories answers GET /api/v1/categories with the precomputed list.
func (s *server) handleCategories(w http.ResponseWriter, r *http.Request) {
	if _, err := parseParams(r); err != nil {
		writeParamError(w, err)
		return
	}
	f := s.files.lookup(contract.CategoriesFile)
	if f == nil {
		unavailable(w, "the library")
		return
	}
	s.sendFile(w, r, f)
}
