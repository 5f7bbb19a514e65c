package edge

import (
	"net/http"
	"os"
	"path"
	"strings"
	"time"

	"github.com/iconlib/iconlib/internal/catalog"
)

const categoriesFile = catalog.CategoriesFile

// handleStatic serves public/: files by path, directories by their index.html.
func (s *server) handleStatic(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		methodNotAllowed(w, "GET, HEAD")
		return
	}
	rel := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
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

// serveFile returns a handler for one file of public/.
func (s *server) serveFile(rel string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		f, ok := s.files.byPath[rel]
		if !ok {
			writeError(w, http.StatusServiceUnavailable, codeUnavailable, "the library could not be read; retry")
			return
		}
		s.sendFile(w, r, f)
	}
}

// handleRecord serves one icon's precomputed record.
func (s *server) handleRecord(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	f, ok := s.files.byPath[catalog.RecordFile(id)]
	if !ok || strings.Contains(id, "/") {
		notFound(w, "no icon with id "+quote(id))
		return
	}
	s.sendFile(w, r, f)
}

// sendFile writes a file with its validators; http.ServeContent answers If-None-Match, Range and HEAD.
func (s *server) sendFile(w http.ResponseWriter, r *http.Request, f *file) {
	fh, err := os.Open(f.path)
	if err != nil {
		s.logger.Error("open", "file", f.path, "err", err)
		writeError(w, http.StatusServiceUnavailable, codeUnavailable, "the library could not be read; retry")
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
