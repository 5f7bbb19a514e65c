package edge

import (
	"net/http"
	"runtime/debug"
	"time"

	"github.com/iconlib/iconlib/edge/internal/apierror"
)

// recoverPanics turns a panic in a handler into a logged 500 with the contract's envelope and no stack
// trace for the client.
func (s *server) recoverPanics(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.logger.Error("handler panic", "path", r.URL.Path, "panic", v, "stack", string(debug.Stack()))
				apierror.Write(w, http.StatusInternalServerError, apierror.Internal, "the server failed; please retry")
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// statusRecorder remembers the status a handler sent, for the request log.
type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (r *statusRecorder) WriteHeader(code int) {
	if r.status == 0 {
		r.status = code
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *statusRecorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

// logRequests writes one line per request.
func (s *server) logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		if rec.status == 0 {
			rec.status = http.StatusOK
		}
		s.logger.Info("request", "method", r.Method, "path", r.URL.Path, "status", rec.status,
			"duration", time.Since(start))
	})
}
