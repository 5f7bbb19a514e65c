package edge

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/iconlib/iconlib/edge/internal/apierror"
	"github.com/iconlib/iconlib/internal/contract"
)

// apiVersion is one major version of the REST API, served under its path prefix. A deprecated version
// answers like its successor and says so in headers (RFC 9745 Deprecation, RFC 8594 Sunset, Link).
type apiVersion struct {
	prefix     string
	deprecated *deprecation
}

type deprecation struct {
	since, sunset time.Time
	successor     string // prefix of the version that replaces this one
	policy        string // path of the page that explains the deprecation
}

// apiVersions lists every version the edge serves. A future v2 adds a line here, and v1 gets a deprecation.
var apiVersions = []apiVersion{
	{prefix: contract.APIPath},
	{prefix: contract.LegacyAPIPath, deprecated: &deprecation{
		since:     time.Date(2026, time.October, 6, 0, 0, 0, 0, time.UTC),
		sunset:    time.Date(2027, time.April, 6, 0, 0, 0, 0, time.UTC),
		successor: contract.APIPath,
		policy:    contract.VersioningPage,
	}},
}

// wrap adds the version's deprecation headers to every answer of h.
func (v apiVersion) wrap(base string, h http.Handler) http.Handler {
	d := v.deprecated
	if d == nil {
		return h
	}
	deprecationValue := "@" + strconv.FormatInt(d.since.Unix(), 10)
	sunsetValue := d.sunset.Format(http.TimeFormat)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		successor := base + d.successor + successorPath(strings.TrimPrefix(r.URL.Path, v.prefix), r.URL.Query())
		hdr := w.Header()
		hdr.Set("Deprecation", deprecationValue)
		hdr.Set("Sunset", sunsetValue)
		hdr.Add("Link", "<"+successor+`>; rel="successor-version"`)
		hdr.Add("Link", "<"+base+d.policy+`>; rel="deprecation"; type="text/html"`)
		h.ServeHTTP(w, r)
	})
}

// successorPath is path and query re-encoded for a Link header: every segment and parameter is escaped
// from its parsed form, so nothing a client writes (">", quotes, commas, semicolons) can end the link's
// URI and add parameters or links of its own.
func successorPath(path string, query url.Values) string {
	segments := strings.Split(path, "/")
	for i, seg := range segments {
		segments[i] = url.PathEscape(seg)
	}
	p := strings.Join(segments, "/")
	if len(query) > 0 {
		p += "?" + query.Encode()
	}
	return p
}

// methodsOf answers a method the contract's endpoint at path does not take with 405 method_not_allowed
// and an Allow header.
func methodsOf(path string, h http.HandlerFunc) http.Handler {
	e, ok := contract.EndpointAt(path)
	if !ok {
		panic("edge: no endpoint in the contract at " + path) // a route without its contract entry
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !apierror.RefuseMethod(w, r, e) {
			h(w, r)
		}
	})
}
