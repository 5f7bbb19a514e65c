package edge

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/iconlib/iconlib/edge/internal/apierror"
	"github.com/iconlib/iconlib/edge/library"
	"github.com/iconlib/iconlib/internal/contract"
)

// Bounds of the REST parameters, as openapi.json states them.
var (
	maxOffset      = contract.REST.OffsetMax
	maxQueryString = contract.REST.QueryStringMaxBytes
)

// badParam is a parameter the REST API alone has (a query string, an offset) that it refuses: a 400
// invalid_parameter, as the library's own *library.InvalidError is.
func badParam(format string, args ...any) *library.InvalidError {
	return &library.InvalidError{Message: fmt.Sprintf(format, args...)}
}

// writeParamError answers a refused parameter (a *library.InvalidError) with 400 invalid_parameter.
func writeParamError(w http.ResponseWriter, err error) {
	apierror.Write(w, http.StatusBadRequest, apierror.InvalidParameter, err.Error())
}

// params is a request's query string, checked against the parameters an endpoint knows.
type params struct{ values url.Values }

// parseParams rejects an overlong or malformed query string, unknown parameters and repeated ones.
func parseParams(r *http.Request, known ...string) (params, error) {
	if len(r.URL.RawQuery) > maxQueryString {
		return params{}, badParam("the query string is longer than %d bytes", maxQueryString)
	}
	values, err := url.ParseQuery(r.URL.RawQuery)
	if err != nil {
		return params{}, badParam("the query string is malformed: %v", err)
	}
	for name, vs := range values {
		if !slices.Contains(known, name) {
			if len(known) == 0 {
				return params{}, badParam("unknown parameter %s: this endpoint takes no parameters", quote(name))
			}
			return params{}, badParam("unknown parameter %s: this endpoint takes %s", quote(name), strings.Join(known, ", "))
		}
		if len(vs) > 1 {
			return params{}, badParam("parameter %s is given %d times; give it once", name, len(vs))
		}
	}
	return params{values}, nil
}

func (p params) has(name string) bool { return p.values.Has(name) }

// offset reads a listing's offset, 0 when absent.
func (p params) offset() (int, error) {
	if !p.values.Has("offset") {
		return 0, nil
	}
	raw := p.values.Get("offset")
	n, err := strconv.Atoi(raw)
	if err != nil || n < 0 || n > maxOffset {
		return 0, badParam("offset must be a whole number from 0 to %d, not %s", maxOffset, quote(raw))
	}
	return n, nil
}

// search reads a search's q, category and limit and holds them to b with the library's one check.
func (p params) search(lib *library.Library, b library.Bounds, semantic bool) (library.Search, error) {
	if !p.has("q") {
		return library.Search{}, badParam("parameter q is required: the meaning, name or words to search for")
	}
	limit, err := p.limit(b)
	if err != nil {
		return library.Search{}, err
	}
	return lib.Check(library.Query{Text: p.values.Get("q"), Category: p.values.Get("category"), Limit: limit,
		Semantic: semantic}, b)
}

// limit reads limit, nil when absent; one that is not a whole number is refused as one out of b.
func (p params) limit(b library.Bounds) (*int, error) {
	if !p.has("limit") {
		return nil, nil
	}
	n, err := strconv.Atoi(p.values.Get("limit"))
	if err != nil {
		return nil, b.LimitError()
	}
	return &n, nil
}
