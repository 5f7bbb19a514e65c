package edge

import (
	"io"
	"net/http"
	"runtime/debug"
	"time"

	"github.com/iconlib/iconlib/edge/internal/apierror"
)

// recoverPanics turns a panic in a handler into a logged 500 with the contract's envelope (a page for a
// person on a page) and no stack trace for the client.
func (s *server) recoverPanics(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.logger.Error("handler panic", "path", r.URL.Path, "panic", v, "stack", string(debug.Stack()))
				s.failedFor(w, r, http.StatusInternalServerError, apierror.Internal, "the server failed; please retry")
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// statusRecorder remembers the status a handler sent, for the request log and the metrics.
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

// ReadFrom copies src to the response with the server's own ReadFrom, which sends a file with sendfile.
func (r *statusRecorder) ReadFrom(src io.Reader) (int64, error) {
	if rf, ok := r.ResponseWriter.(io.ReaderFrom); ok {
		return rf.ReadFrom(src)
	}
	return io.Copy(struct{ io.Writer }{r.ResponseWriter}, src)
}

// Flush sends what was written so far, for event streams (which check for http.Flusher).
func (r *statusRecorder) Flush() { _ = http.NewResponseController(r.ResponseWriter).Flush() }

// observe writes one log line per request the access log chooses (see AccessLog), refusals among them
// thinned (see refusalLog), and counts every request in the metrics under the route pattern it matched
// and that route's surface (surfaces, by pattern). A request no route took (a CORS preflight) counts as
// route "none" of the site.
func (s *server) observe(surfaces map[string]string, next http.Handler) http.Handler {
	refusals := newRefusalLog(refusalLogInterval, s.cfg.Access.Clock) // the clock the limits count by
	accessLog := &accessLogger{AccessLog: s.cfg.AccessLog}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		took := time.Since(start)
		if rec.status == 0 {
			rec.status = http.StatusOK
		}
		route, surface := r.Pattern, surfaces[r.Pattern] // the mux sets r.Pattern on this very request
		if route == "" {
			route, surface = "none", surfaceSite
		}
		s.metrics.Request(route, surface, rec.status, took)
		switch {
		case !accessLog.logs(rec.status):
		case !isRefusal(rec.status):
			s.logger.Info("request", "method", r.Method, "path", r.URL.Path, "status", rec.status, "duration", took)
		default:
			if logIt, skipped := refusals.sample(route, rec.status); logIt {
				s.logger.Info("request refused", "method", r.Method, "path", r.URL.Path, "status", rec.status,
					"duration", took, "route", route, "refusals_unlogged", skipped)
			}
		}
	})
}
