package edge_test

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/iconlib/iconlib/build"
	"github.com/iconlib/iconlib/edge"
	"github.com/iconlib/iconlib/edge/access"
	"github.com/iconlib/iconlib/internal/contract"
)

// TestAccessLogModes (issue 57): through the real server, each --access-log mode writes a request line
// for the answers it promises. all: every answer; sample:N: the first answer below 400 and every N-th
// after it; errors: none below 400; and in all three every error (503), every other client error (405)
// and the refusals (404, 429), thinned as ever. off writes the errors (503) alone.
func TestAccessLogModes(t *testing.T) {
	out := t.TempDir()
	if _, err := build.Run(context.Background(), build.Options{ContentDir: "../build/testdata/content", OutDir: out,
		BaseURL: contract.MustParseBaseURL(base)}); err != nil {
		t.Fatal(err)
	}
	// Without its index, search answers 503: an error the edge itself makes.
	if err := os.Remove(filepath.Join(out, "search", "icons", "index.bin")); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		mode         string
		lines        func(successes int) int // "request" lines for this many answers below 400, and three errors
		refusedLines int
		logged       string // the error statuses with a line
	}{
		{"all", func(n int) int { return n + 3 }, 2, "503 405 404 429"},
		{"sample:10", func(n int) int { return (n+9)/10 + 3 }, 2, "503 405 404 429"},
		{"errors", func(int) int { return 3 }, 2, "503 405 404 429"},
		{"off", func(int) int { return 2 }, 0, "503"},
	} {
		t.Run(c.mode, func(t *testing.T) {
			mode, err := edge.ParseAccessLog(c.mode)
			if err != nil || mode.String() != c.mode {
				t.Fatalf("ParseAccessLog(%q) = %v, %v", c.mode, mode, err)
			}
			log := &lockedBuffer{}
			h, err := edge.New(edge.Config{Version: "test", PublicDir: out, AccessLog: mode,
				Logger: slog.New(slog.NewTextHandler(log, nil)),
				Access: access.Settings{KeyFile: filepath.Join(t.TempDir(), "key.pem"), Clock: time.Now, Limits: access.DefaultLimits()}})
			if err != nil {
				t.Fatal(err)
			}
			srv := httptest.NewServer(h)
			defer srv.Close()
			successes := sendMixOfAnswers(t, srv.URL)
			requests, refused := log.lines("request"), log.lines("request refused")
			if len(requests) != c.lines(successes) || len(refused) != c.refusedLines {
				t.Errorf("%d request lines and %d refusal lines for %d answers below 400 and 5 above; want %d and %d:\n%s",
					len(requests), len(refused), successes, c.lines(successes), c.refusedLines, log)
			}
			joined := strings.Join(append(requests, refused...), "\n")
			for _, status := range []string{"503", "405", "404", "429"} {
				if want := strings.Contains(c.logged, status); strings.Contains(joined, "status="+status) != want {
					t.Errorf("a line with status=%s: %v, want %v", status, !want, want)
				}
			}
		})
	}
}

// sendMixOfAnswers asks the edge at url for two 503s, a 405, a 404, answers below 400 (files, then the
// categories until the anonymous quota runs out) and one 429, and returns how many answers were below 400.
func sendMixOfAnswers(t *testing.T, url string) int {
	t.Helper()
	want := func(method, path string, status int) {
		t.Helper()
		if res, body := send(t, method, url+path, nil); res.StatusCode != status {
			t.Fatalf("%s %s: %d %s, want %d", method, path, res.StatusCode, body, status)
		}
	}
	want(http.MethodGet, "/api/v1/search?q=arrow", http.StatusServiceUnavailable)
	want(http.MethodGet, "/api/v1/search?q=bell", http.StatusServiceUnavailable)
	want(http.MethodDelete, "/catalog.json", http.StatusMethodNotAllowed)
	want(http.MethodGet, "/no/such/file", http.StatusNotFound)
	for range 6 {
		want(http.MethodGet, "/catalog.json", http.StatusOK)
	}
	successes := 6
	for {
		res, _ := send(t, http.MethodGet, url+"/api/v1/categories", nil)
		if res.StatusCode == http.StatusTooManyRequests {
			return successes
		}
		if res.StatusCode != http.StatusOK || successes > 200 {
			t.Fatalf("GET /api/v1/categories: %d after %d answers", res.StatusCode, successes)
		}
		successes++
	}
}
