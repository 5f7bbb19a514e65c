package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/iconlib/iconlib/build"
	"github.com/iconlib/iconlib/edge"
	"github.com/iconlib/iconlib/edge/access"
	"github.com/iconlib/iconlib/internal/catalog"
	"github.com/iconlib/iconlib/internal/contract"
)

// library is the whole real icon library, built once per test binary from ../../content and served by
// the edge on loopback, as `make run` does.
type library struct {
	Public string // the build's output directory
	URL    string // the edge's base URL; the build used it too
	Report build.Report
}

var (
	libOnce sync.Once
	libVal  *library
	libErr  error
	libSrv  *httptest.Server
)

// fullLibrary builds and serves the real library; tests that need it share one build.
func fullLibrary(t testing.TB) *library {
	t.Helper()
	skipShort(t)
	libOnce.Do(func() {
		// public in a directory of its own: the build puts public.snapshots beside it.
		out := filepath.Join(tempDir("iconlib-public-"), "public")
		libVal, libSrv, libErr = buildAndServe(context.Background(), "../../content", out)
	})
	if libErr != nil {
		t.Fatalf("building the real library: %v", libErr)
	}
	return libVal
}

// buildAndServe listens on a loopback port first, so the build can bake that base URL into its files,
// then builds contentDir into out and starts the edge on the port.
func buildAndServe(ctx context.Context, contentDir, out string) (*library, *httptest.Server, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, nil, err
	}
	base := "http://" + ln.Addr().String()
	report, err := build.Run(ctx, build.Options{ContentDir: contentDir, OutDir: out, BaseURL: contract.MustParseBaseURL(base)})
	if err != nil {
		ln.Close()
		return nil, nil, err
	}
	// Limits are off: the shared library serves many tests; edge/access tests the limits.
	h, err := edge.New(edge.Config{Logger: slog.New(slog.DiscardHandler), Version: "test", PublicDir: out, AnswerCacheMB: 64, Access: access.Settings{
		KeyFile: filepath.Join(tempDir("iconlib-key-"), "key.pem"), Limits: access.Unlimited(), Clock: time.Now}})
	if err != nil {
		ln.Close()
		return nil, nil, err
	}
	srv := &httptest.Server{Listener: ln, Config: &http.Server{Handler: h}}
	srv.Start()
	return &library{Public: out, URL: base, Report: report}, srv, nil
}

// loadRecord reads an icon's record from a built public/.
func loadRecord(public, id string) (catalog.Icon, error) {
	var ic catalog.Icon
	b, err := os.ReadFile(filepath.Join(public, filepath.FromSlash(contract.RecordFile(id))))
	if err != nil {
		return ic, err
	}
	if err := json.Unmarshal(b, &ic); err != nil {
		return ic, fmt.Errorf("icon record %s: %w", id, err)
	}
	return ic, nil
}

// readRecord is loadRecord for a test that cannot go on without the record.
func readRecord(t *testing.T, public, id string) catalog.Icon {
	t.Helper()
	ic, err := loadRecord(public, id)
	if err != nil {
		t.Fatal(err)
	}
	return ic
}
