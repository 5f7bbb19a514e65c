package edge_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"testing"
	"time"

	"github.com/iconlib/iconlib/build"
	"github.com/iconlib/iconlib/edge"
	"github.com/iconlib/iconlib/edge/access"
	"github.com/iconlib/iconlib/internal/contract"
)

// FuzzAPIQuery sends arbitrary query strings to every REST endpoint: the edge must answer 200 or 400 (never
// a 5xx), whatever the input.
func FuzzAPIQuery(f *testing.F) {
	for _, seed := range []string{"", "q=arrow", "limit=5&offset=2", "q=%ff", "limit=abc", "q=" + "é😀\x00",
		"category=shapes&q=box", "offset=99999999999999999999", "q=a&q=b", ";;;&&&==", "%zz", "limit=+5"} {
		f.Add(seed)
	}
	out := f.TempDir()
	if _, err := build.Run(context.Background(), build.Options{ContentDir: "../build/testdata/content", OutDir: out, BaseURL: contract.MustParseBaseURL(base)}); err != nil {
		f.Fatal(err)
	}
	h, err := edge.New(edge.Config{Logger: slog.New(slog.DiscardHandler), Version: "test", PublicDir: out, Access: access.Settings{KeyFile: filepath.Join(f.TempDir(), "key.pem"), Limits: access.Unlimited(), Clock: time.Now}})
	if err != nil {
		f.Fatal(err)
	}
	paths := []string{"/api/v1/icons", "/api/v1/search", "/api/v1/icons/arrow-left", "/api/v1/categories", "/api/icons"}
	f.Fuzz(func(t *testing.T, rawQuery string) {
		for _, p := range paths {
			req := httptest.NewRequest(http.MethodGet, "/", nil)
			req.URL = &url.URL{Path: p, RawQuery: rawQuery}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			body, _ := io.ReadAll(rec.Result().Body)
			if rec.Code != http.StatusOK && rec.Code != http.StatusBadRequest {
				t.Fatalf("%s?%q: status %d: %s", p, rawQuery, rec.Code, body)
			}
		}
	})
}
