package edge

import (
	"net/http"

	"github.com/klauspost/compress/gzhttp"
)

// routes registers every endpoint of the edge, and wraps them in middleware, outermost first:
// recover from panics, log, compress.
func (s *server) routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", s.handleHealth)
	mux.HandleFunc("GET /api/v1/icons/{id}", s.handleRecord)
	mux.HandleFunc("GET /api/v1/categories", s.serveFile(categoriesFile))
	mux.HandleFunc("/", s.handleStatic)

	var h http.Handler = mux
	h = gzhttp.GzipHandler(h)
	h = s.logRequests(h)
	h = s.recoverPanics(h)
	return h
}
