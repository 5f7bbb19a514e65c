package edge

import (
	"bytes"
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/iconlib/iconlib/build"
	"github.com/iconlib/iconlib/edge/access"
	"github.com/iconlib/iconlib/internal/contract"
)

// TestWatchReloadsEachNewSnapshotOnce: a look at an unchanged public/ loads nothing; a new build is loaded;
// a broken one is refused once, not at every look; the next good build is loaded.
func TestWatchReloadsEachNewSnapshotOnce(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	publish := func(base string) string {
		t.Helper()
		r, err := build.Run(context.Background(), build.Options{ContentDir: "../build/testdata/content", OutDir: out, BaseURL: contract.MustParseBaseURL(base)})
		if err != nil {
			t.Fatal(err)
		}
		dir, err := filepath.EvalSymlinks(r.Snapshot) // as the edge sees it
		if err != nil {
			t.Fatal(err)
		}
		return dir
	}
	publish("https://a.example")
	var log bytes.Buffer // only this goroutine logs
	e, err := New(Config{Version: "test", PublicDir: out, Logger: slog.New(slog.NewTextHandler(&log, nil)),
		Access: access.Settings{KeyFile: filepath.Join(t.TempDir(), "key.pem"), Clock: time.Now, Limits: access.DefaultLimits()}})
	if err != nil {
		t.Fatal(err)
	}
	serving := func() string { return e.current.Load().version.dir }
	first := serving()
	e.reloadIfChanged()
	if serving() != first {
		t.Fatal("an unchanged public/ was loaded again")
	}

	second := publish("https://b.example")
	if e.reloadIfChanged(); serving() != second {
		t.Fatalf("serving %s after a build, want %s", serving(), second)
	}

	broken := publish("https://c.example")
	path := filepath.Join(broken, contract.CatalogFile)
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("{not"), 0o644); err != nil {
		t.Fatal(err)
	}
	e.reloadIfChanged()
	e.reloadIfChanged()
	if n := strings.Count(log.String(), "snapshot refused"); n != 1 || serving() != second {
		t.Errorf("a broken build: refused %d times, serving %s; want once, and %s", n, serving(), second)
	}

	fourth := publish("https://d.example")
	if e.reloadIfChanged(); serving() != fourth {
		t.Errorf("serving %s after a good build, want %s", serving(), fourth)
	}
}
