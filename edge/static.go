package edge

import (
	"net/http"
	"os"
	"path"
	"strconv"
	"strings"
	"time"
)

// apiCatalogFile is the RFC 9727 API catalog, a linkset pointing at the OpenAPI document and the API guide.
const apiCatalogFile = ".well-known/api-catalog"

// handleStatic serves public/: files by path, directories by their index.html.
func (s *server) handleStatic(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		methodNotAllowed(w, "GET, HEAD")
		return
	}
	rel := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
	if rel == apiCatalogFile {
		// RFC 9727: HEAD (and GET) on the catalog announce it with a Link header.
		w.Header().Add("Link", `</`+apiCatalogFile+`>; rel="api-catalog"`)
	}
	if f := s.staticFile(r.URL.Path); f != nil {
		s.sendFile(w, r, f)
		return
	}
	if _, ok := s.files.byPath[path.Join(rel, "index.html")]; ok {
		http.Redirect(w, r, "/"+rel+"/", http.StatusMovedPermanently)
		return
	}
	notFound(w, "no such file: "+r.URL.Path)
}

// staticFile is the file of public/ a URL path names: the file itself, or a directory's index.html when
// the path ends in a slash; nil when there is none.
func (s *server) staticFile(urlPath string) *file {
	rel := strings.TrimPrefix(path.Clean("/"+urlPath), "/")
	if strings.HasSuffix(urlPath, "/") {
		return s.files.byPath[path.Join(rel, "index.html")]
	}
	return s.files.byPath[rel]
}

// sendFile writes a file with its validators; http.ServeContent answers If-None-Match, Range and HEAD.
// A file the build precompressed goes out as its .gz sidecar to clients that accept gzip, with the
// sidecar's own ETag and length: nothing is compressed at request time.
func (s *server) sendFile(w http.ResponseWriter, r *http.Request, f *file) {
	h := w.Header()
	h.Set("Content-Type", f.contentType)
	h.Set("Cache-Control", f.cacheControl)
	body := f
	if f.gzip != nil {
		h.Add("Vary", "Accept-Encoding")
		if acceptsGzip(r.Header.Values("Accept-Encoding")) {
			body = f.gzip
			h.Set("Content-Encoding", "gzip")
		}
	}
	h.Set("ETag", body.etag)
	fh, err := os.Open(body.path)
	if err != nil {
		s.logger.Error("open", "file", f.path, "err", err)
		unavailable(w, "the library")
		return
	}
	defer fh.Close()
	if body != f && r.Header.Get("Range") == "" {
		// ServeContent leaves the length of an encoded body unset; a whole one has the sidecar's.
		if info, err := fh.Stat(); err == nil {
			h.Set("Content-Length", strconv.FormatInt(info.Size(), 10))
		}
	}
	http.ServeContent(w, r, "", time.Time{}, fh)
}

// acceptsGzip reads Accept-Encoding (RFC 9110 §12.5.3): gzip (or x-gzip, or *) with a quality above 0.
func acceptsGzip(values []string) bool {
	star, gz := false, -1.0
	for _, v := range values {
		for _, item := range strings.Split(v, ",") {
			name, params, _ := strings.Cut(strings.TrimSpace(item), ";")
			q := 1.0
			for _, p := range strings.Split(params, ";") {
				if k, val, ok := strings.Cut(strings.TrimSpace(p), "="); ok && strings.EqualFold(k, "q") {
					if n, err := strconv.ParseFloat(strings.TrimSpace(val), 64); err == nil {
						q = n
					}
				}
			}
			switch name = strings.ToLower(strings.TrimSpace(name)); name {
			case "gzip", "x-gzip":
				gz = max(gz, q)
			case "*":
				star = q > 0
			}
		}
	}
	if gz >= 0 {
		return gz > 0
	}
	return star
}

func (s *server) handleHealth(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.Write([]byte(`{"status":"ok"}` + "\n"))
}

// quote shortens and quotes client input for an error message.
func quote(s string) string {
	if len(s) > 80 {
		s = s[:80] + "…"
	}
	return `"` + strings.ToValidUTF8(s, "�") + `"`
}
