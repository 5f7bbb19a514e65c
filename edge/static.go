package edge

import (
	"net/http"
	"path"
	"strconv"
	"strings"

	"github.com/iconlib/iconlib/edge/internal/apierror"
	"github.com/iconlib/iconlib/internal/contract"
)

// handleStatic serves public/: files by path, directories by their index.html.
func (s *server) handleStatic(w http.ResponseWriter, r *http.Request) {
	if apierror.RefuseMethod(w, r, contract.StaticFiles) {
		return
	}
	rel := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
	if rel == contract.APICatalogFile {
		// RFC 9727: HEAD (and GET) on the catalog announce it with a Link header.
		w.Header().Add("Link", `</`+contract.APICatalogFile+`>; rel="api-catalog"`)
	}
	if f := s.staticFile(r.URL.Path); f != nil {
		s.sendFile(w, r, f)
		return
	}
	if s.files.lookup(path.Join(rel, "index.html")) != nil {
		http.Redirect(w, r, "/"+rel+"/", http.StatusMovedPermanently)
		return
	}
	s.notFoundFor(w, r)
}

// staticFile is the file of public/ a URL path names: the file itself, or a directory's index.html when
// the path ends in a slash; nil when there is none.
func (s *server) staticFile(urlPath string) *file {
	rel := strings.TrimPrefix(path.Clean("/"+urlPath), "/")
	if strings.HasSuffix(urlPath, "/") {
		return s.files.lookup(path.Join(rel, "index.html"))
	}
	return s.files.lookup(rel)
}

// sendFile writes a file with its validators; http.ServeContent answers If-None-Match, Range and HEAD.
// A file the build precompressed goes out as the variant the client accepts best, with the variant's
// own ETag and length: nothing is compressed at request time. The headers and bytes come from the file
// cache, computed and read on the file's first request.
func (s *server) sendFile(w http.ResponseWriter, r *http.Request, f *file) {
	idx := s.files
	h := w.Header()
	body := f
	if encodings := idx.encodings(f); len(encodings) > 0 {
		addVary(h, "Accept-Encoding")
		if v := chooseVariant(parseAcceptEncoding(r.Header.Values("Accept-Encoding")), encodings); v != nil {
			body = idx.variantFile(v)
			h["Content-Encoding"] = contentEncodings[v.coding]
		}
	}
	cf, err := s.cache.get(body)
	if err != nil {
		s.logger.Error("open", "file", idx.rel(body), "err", err)
		s.unavailableFor(w, r)
		return
	}
	// Set as they are: the keys are canonical, and the values' slices are the file's own, never
	// appended to in place (each has no room to grow).
	h["Content-Type"] = cf.contentType
	h["Cache-Control"] = cacheControlFor(r, idx.etag(f), cf.cacheControl) // the version names the file's bytes
	if cf.etag != nil {
		h["Etag"] = cf.etag
	}
	if body != f && r.Header.Get("Range") == "" {
		// ServeContent leaves the length of an encoded body unset; a whole one has the variant's.
		h["Content-Length"] = cf.length
	}
	if err := cf.serve(w, r, idx); err != nil {
		s.logger.Error("open", "file", idx.rel(body), "err", err)
		s.unavailableFor(w, r)
	}
}

// contentEncodings are the Content-Encoding headers of the codings, by name.
var contentEncodings = func() map[string][]string {
	m := map[string][]string{}
	for _, c := range contract.Codings {
		m[c.Name] = []string{c.Name}
	}
	return m
}()

// versionedCacheControl is the Cache-Control of a versioned URL.
var versionedCacheControl = []string{contract.CacheVersioned.CacheControl()}

// cacheControlFor is the Cache-Control of a file of ETag etag and its class's cacheControl: a year,
// immutable, when the URL names the version of the bytes sent (contract.VersionedURL, the first digits of
// the ETag's hash); else its class's.
func cacheControlFor(r *http.Request, etag string, cacheControl []string) []string {
	if r.URL.RawQuery == "" {
		return cacheControl
	}
	v := r.URL.Query().Get(contract.VersionParam)
	if len(v) == contract.VersionLen && strings.HasPrefix(etag, `"`+v) {
		return versionedCacheControl
	}
	return cacheControl
}

// addVary adds a header name to Vary unless it is there already (the gzip middleware of API answers may
// have added it).
func addVary(h http.Header, name string) {
	for _, v := range h.Values("Vary") {
		for _, n := range strings.Split(v, ",") {
			if strings.EqualFold(strings.TrimSpace(n), name) {
				return
			}
		}
	}
	h.Add("Vary", name)
}

// chooseVariant picks the precompressed variant the client accepts best (variants come best first, so
// the first wins a tie), or nil for the file itself: when it accepts none, or rates identity higher.
func chooseVariant(accept acceptEncoding, variants []variant) *variant {
	var best *variant
	bestQ := 0.0
	for i, v := range variants {
		if q := accept.quality(v.coding); q > bestQ {
			best, bestQ = &variants[i], q
		}
	}
	if q, ok := accept["identity"]; ok && best != nil && q > bestQ {
		return nil
	}
	return best
}

// acceptEncoding is a parsed Accept-Encoding header (RFC 9110 §12.5.3): content codings, lowercase,
// with their qualities.
type acceptEncoding map[string]float64

// parseAcceptEncoding reads every Accept-Encoding value; a coding named twice keeps its best quality, and
// x-gzip is gzip.
func parseAcceptEncoding(values []string) acceptEncoding {
	a := acceptEncoding{}
	for _, v := range values {
		for _, item := range strings.Split(v, ",") {
			name, params, _ := strings.Cut(strings.TrimSpace(item), ";")
			name = strings.ToLower(strings.TrimSpace(name))
			if name == "" {
				continue
			}
			if name == "x-gzip" {
				name = "gzip"
			}
			q := qualityParam(params)
			if old, ok := a[name]; ok {
				q = max(old, q)
			}
			a[name] = q
		}
	}
	return a
}

// qualityParam reads q=… from a coding's parameters; 1 when absent, 0 when out of range or unreadable.
func qualityParam(params string) float64 {
	for _, p := range strings.Split(params, ";") {
		k, val, ok := strings.Cut(strings.TrimSpace(p), "=")
		if !ok || !strings.EqualFold(strings.TrimSpace(k), "q") {
			continue
		}
		q, err := strconv.ParseFloat(strings.TrimSpace(val), 64)
		if err != nil || q < 0 || q > 1 {
			return 0
		}
		return q
	}
	return 1
}

// quality is how much the client wants a coding: its own quality, else that of "*", else 0.
func (a acceptEncoding) quality(coding string) float64 {
	if q, ok := a[coding]; ok {
		return q
	}
	return a["*"]
}

// quote shortens and quotes client input for an error message.
func quote(s string) string {
	if len(s) > 80 {
		s = s[:80] + "…"
	}
	return `"` + strings.ToValidUTF8(s, "�") + `"`
}
