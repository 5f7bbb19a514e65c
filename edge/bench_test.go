package edge_test

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/klauspost/compress/gzhttp"

	"github.com/iconlib/iconlib/build"
	"github.com/iconlib/iconlib/edge"
	"github.com/iconlib/iconlib/edge/access"
	"github.com/iconlib/iconlib/internal/contract"
)

// buildFullLibrary builds the real library (5,233 icons) for a benchmark; ICONLIB_BENCH_PUBLIC=<a built
// public/> uses that one instead.
func buildFullLibrary(b *testing.B) string {
	b.Helper()
	if dir := os.Getenv("ICONLIB_BENCH_PUBLIC"); dir != "" {
		return dir
	}
	out := filepath.Join(b.TempDir(), "public")
	if _, err := build.Run(context.Background(), build.Options{ContentDir: "../content", OutDir: out, BaseURL: contract.MustParseBaseURL(base)}); err != nil {
		b.Fatal(err)
	}
	return out
}

// BenchmarkStaticCatalog serves the full library's catalog.json (3.7 MB) through the whole edge, per
// Accept-Encoding: the build's br and gzip variants cost what the plain file does, where compressing
// at request time ("gzip-on-the-fly", the edge before variants) costs the CPU of compressing 3.7 MB.
func BenchmarkStaticCatalog(b *testing.B) {
	public := buildFullLibrary(b)
	h, err := edge.New(edge.Config{Logger: slog.New(slog.DiscardHandler), Version: "test", PublicDir: public, Access: access.Settings{KeyFile: filepath.Join(b.TempDir(), "key.pem"), Limits: access.Unlimited(), Clock: time.Now}})
	if err != nil {
		b.Fatal(err)
	}
	onTheFly := gzhttp.GzipHandler(http.FileServer(http.Dir(public)))
	for _, c := range []struct {
		name, accept string
		handler      http.Handler
	}{
		{"identity", "", h},
		{"br", "br", h},
		{"gzip", "gzip", h},
		{"gzip-on-the-fly", "gzip", onTheFly},
	} {
		b.Run(c.name, func(b *testing.B) {
			req := httptest.NewRequest(http.MethodGet, "/catalog.json", nil)
			if c.accept != "" {
				req.Header.Set("Accept-Encoding", c.accept)
			}
			var sent int64
			for b.Loop() {
				w := &countingWriter{header: http.Header{}}
				c.handler.ServeHTTP(w, req)
				sent = w.n
			}
			b.ReportMetric(float64(sent), "bytes/resp")
		})
	}
}

// BenchmarkNewFullLibrary is the edge's start on the full library: loading the catalog, search indexes and
// manifest of public/.
func BenchmarkNewFullLibrary(b *testing.B) {
	public := buildFullLibrary(b)
	key := filepath.Join(b.TempDir(), "key.pem")
	for b.Loop() {
		if _, err := edge.New(edge.Config{Logger: slog.New(slog.DiscardHandler), Version: "test", PublicDir: public, Access: access.Settings{KeyFile: key, Clock: time.Now, Limits: access.DefaultLimits()}}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAPISearch answers GET /api/v1/icons?q= through the whole edge on the full library: every
// query new (the answer cache off), and a few popular queries asked again and again (the cache on).
func BenchmarkAPISearch(b *testing.B) {
	public := buildFullLibrary(b)
	queries := []string{"upload finished", "calender", "arrow left", "something to delete a file", "shoping cart",
		"bell", "notification settings for the user", "heart", "log out of the account", "camera"}
	for _, c := range []struct {
		name    string
		cacheMB int
	}{{"uncached", 0}, {"cached", 64}} {
		b.Run(c.name, func(b *testing.B) {
			h, err := edge.New(edge.Config{Logger: slog.New(slog.DiscardHandler), Version: "test", PublicDir: public, AnswerCacheMB: c.cacheMB,
				Access: access.Settings{KeyFile: filepath.Join(b.TempDir(), "key.pem"), Limits: access.Unlimited(), Clock: time.Now}})
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				q := url.QueryEscape(queries[i%len(queries)])
				w := &countingWriter{header: http.Header{}}
				h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/api/v1/icons?q="+q, nil))
				if w.n < 100 {
					b.Fatalf("%s: %d bytes", q, w.n)
				}
			}
		})
	}
}

// BenchmarkAPIHit is what an answer costs the handler when nothing is computed: a record lookup
// (GET /api/v1/icons/<id>, the build's file) beside a search answered from the answer cache, which should
// cost no more.
func BenchmarkAPIHit(b *testing.B) {
	public := buildFullLibrary(b)
	h, err := edge.New(edge.Config{Logger: slog.New(slog.DiscardHandler), Version: "test", PublicDir: public, AnswerCacheMB: 64,
		Access: access.Settings{KeyFile: filepath.Join(b.TempDir(), "key.pem"), Limits: access.Unlimited(), Clock: time.Now}})
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct{ name, path string }{
		{"lookup", "/api/v1/icons/arrow-left"},
		{"cached-search", "/api/v1/icons?q=" + url.QueryEscape("arrow left")},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				w := &countingWriter{header: http.Header{}}
				h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, c.path, nil))
				if w.n < 100 {
					b.Fatalf("%s: %d bytes", c.path, w.n)
				}
			}
		})
	}
}

// countingWriter is a ResponseWriter that counts the body and keeps nothing.
type countingWriter struct {
	header http.Header
	n      int64
}

func (w *countingWriter) Header() http.Header { return w.header }
func (w *countingWriter) WriteHeader(int)     {}
func (w *countingWriter) Write(p []byte) (int, error) {
	w.n += int64(len(p))
	return len(p), nil
}
