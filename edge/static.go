package edge

import (
	"net/http"
	"os"
	"path"
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
	if f, ok := s.files.byPath[rel]; ok && !strings.HasSuffix(r.URL.Path, "/") {
		s.sendFile(w, r, f)
		return
	}
	if index, ok := s.files.byPath[path.Join(rel, "index.html")]; ok {
		if !strings.HasSuffix(r.URL.Path, "/") {
			http.Redirect(w, r, "/"+rel+"/", http.StatusMovedPermanently)
			return
		}
		s.sendFile(w, r, index)
		return
	}
	notFound(w, "no such file: "+r.URL.Path)
}

// sendFile writes a file with its validators; http.ServeContent answers If-None-Match, Range and HEAD.
func (s *server) sendFile(w http.ResponseWriter, r *http.Request, f *file) {
	fh, err := os.Open(f.path)
	if err != nil {
		s.logger.Error("open", "file", f.path, "err", err)
		unavailable(w, "the library")
		return
	}
	defer fh.Close()
	h := w.Header()
	h.Set("Content-Type", f.contentType)
	h.Set("ETag", f.etag)
	h.Set("Cache-Control", f.cacheControl)
	http.ServeContent(w, r, "", time.Time{}, fh)
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
