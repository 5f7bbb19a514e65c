package edge

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/iconlib/iconlib/edge/internal/apierror"
	"github.com/iconlib/iconlib/edge/library"
	"github.com/iconlib/iconlib/internal/contract"
)

// Bounds of the REST parameters, as openapi.json states them.
var (
	defaultLimit   = contract.REST.LimitDefault
	maxLimit       = contract.REST.LimitMax
	maxOffset      = contract.REST.OffsetMax
	maxQueryRunes  = contract.REST.QueryMaxRunes
	maxQueryString = contract.REST.QueryStringMaxBytes
)

// paramError is a 400 invalid_parameter naming the parameter and what is allowed.
type paramError struct{ msg string }

func (e *paramError) Error() string { return e.msg }

func badParam(format string, args ...any) *paramError {
	return &paramError{msg: fmt.Sprintf(format, args...)}
}

func writeParamError(w http.ResponseWriter, err *paramError) {
	apierror.Write(w, http.StatusBadRequest, apierror.InvalidParameter, err.msg)
}

// params is a request's query string, checked against the parameters an endpoint knows.
type params struct{ values url.Values }

// parseParams rejects an overlong or malformed query string, unknown parameters and repeated ones.
func parseParams(r *http.Request, known ...string) (params, *paramError) {
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

// int reads an integer parameter within [min, max], or def when it is absent.
func (p params) int(name string, def, min, max int) (int, *paramError) {
	if !p.values.Has(name) {
		return def, nil
	}
	raw := p.values.Get(name)
	n, err := strconv.Atoi(raw)
	if err != nil || n < min || n > max {
		return 0, badParam("%s must be a whole number from %d to %d, not %s", name, min, max, quote(raw))
	}
	return n, nil
}

// query reads the search text: present, not blank, at most maxQueryRunes characters of valid UTF-8.
func (p params) query() (string, *paramError) {
	if !p.values.Has("q") {
		return "", badParam("parameter q is required: the meaning, name or words to search for")
	}
	q := strings.TrimSpace(p.values.Get("q"))
	switch {
	case q == "":
		return "", badParam("parameter q is empty: give the meaning, name or words to search for")
	case !utf8.ValidString(q):
		return "", badParam("parameter q is not valid UTF-8")
	case utf8.RuneCountInString(q) > maxQueryRunes:
		return "", badParam("parameter q is longer than %d characters", maxQueryRunes)
	}
	return q, nil
}

// category reads an optional category id, which must exist.
func (p params) category(lib *library.Library) (string, *paramError) {
	c := p.values.Get("category")
	if c == "" && !p.values.Has("category") {
		return "", nil
	}
	if !lib.HasCategory(c) {
		return "", badParam("%s", lib.UnknownCategory(c))
	}
	return c, nil
}
