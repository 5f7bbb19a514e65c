package edge_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"github.com/iconlib/iconlib/edge"
	"github.com/iconlib/iconlib/edge/access"
)

// computedAnswers are requests whose answers the edge computes (and caches).
var computedAnswers = []string{
	"/api/v1/icons?q=arrow", "/api/v1/icons?q=Arrow&limit=1", "/api/v1/icons?q=arow+left&category=arrows",
	"/api/v1/search?q=heart", "/api/v1/icons?limit=2&offset=1", "/api/v1/icons?category=shapes", "/?q=circle",
	"/api/icons?q=arrow",
}

// TestCachedAnswersAreTheAnswers: an edge with the answer cache gives, the first time and every time
// after, the bytes an edge without it computes, in each coding, with one ETag per coding that answers
// If-None-Match with 304.
func TestCachedAnswersAreTheAnswers(t *testing.T) {
	cached := newEdge(t)
	h, err := edge.New(edge.Config{Logger: slog.New(slog.DiscardHandler), Version: "test", PublicDir: cached.public,
		Access: access.Settings{KeyFile: filepath.Join(t.TempDir(), "key.pem"), Limits: access.Unlimited(), Clock: time.Now}})
	if err != nil {
		t.Fatal(err)
	}
	fresh := httptest.NewServer(h)
	t.Cleanup(fresh.Close)
	gzipped := 0
	for _, path := range computedAnswers {
		res, body := send(t, http.MethodGet, fresh.URL+path, nil)
		want := decoded(t, res, body)
		etags := map[string]string{}
		for round := range 3 {
			for _, coding := range []string{"", "gzip"} {
				res, body := send(t, http.MethodGet, cached.URL+path, map[string]string{"Accept-Encoding": coding})
				if got := decoded(t, res, body); got != want {
					t.Errorf("%s (round %d, Accept-Encoding %q): the cached edge's answer differs from a fresh one", path, round, coding)
				}
				if res.Header.Get("Content-Encoding") == "gzip" {
					gzipped++
				}
				etag := res.Header.Get("ETag")
				if prev, ok := etags[coding]; ok && prev != etag || etag == "" {
					t.Errorf("%s (%q): ETag %q, then %q", path, coding, prev, etag)
				}
				etags[coding] = etag
				res, _ = send(t, http.MethodGet, cached.URL+path, map[string]string{"Accept-Encoding": coding, "If-None-Match": etag})
				if res.StatusCode != http.StatusNotModified {
					t.Errorf("%s (%q) with If-None-Match %s: %d, want 304", path, coding, etag, res.StatusCode)
				}
			}
		}
		if etags[""] == etags["gzip"] && len(want) >= 1024 {
			t.Errorf("%s: one ETag %s for the identity and gzip codings", path, etags[""])
		}
	}
	if gzipped == 0 {
		t.Error("no answer came gzipped")
	}
}

// decoded is the body of an answer, gunzipped if it came gzipped, after checking its status and length.
func decoded(t *testing.T, res *http.Response, body string) string {
	t.Helper()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("%s: %d %s", res.Request.URL, res.StatusCode, body)
	}
	if res.ContentLength >= 0 && int(res.ContentLength) != len(body) {
		t.Errorf("%s: Content-Length %d for %d bytes", res.Request.URL, res.ContentLength, len(body))
	}
	if res.Header.Get("Content-Encoding") != "gzip" {
		return body
	}
	zr, err := gzip.NewReader(bytes.NewReader([]byte(body)))
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
