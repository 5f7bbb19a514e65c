package edge

import (
	"context"
	"log/slog"
	"testing"

	"github.com/iconlib/iconlib/build"
	"github.com/iconlib/iconlib/internal/contract"
)

// TestFileCacheKeepsToItsBudget: the cache holds no more bytes of small files than its budget and no more
// large files than it may keep; a file asked for again since the clock's hand last passed stays, one never
// asked for again goes; and an evicted large file's descriptors are closed.
func TestFileCacheKeepsToItsBudget(t *testing.T) {
	out := t.TempDir()
	if _, err := build.Run(context.Background(), build.Options{ContentDir: "../build/testdata/content", OutDir: out,
		BaseURL: contract.MustParseBaseURL("http://localhost:8080")}); err != nil {
		t.Fatal(err)
	}
	idx, err := indexFiles(out)
	if err != nil {
		t.Fatal(err)
	}
	c := newFileCache(idx, slog.New(slog.DiscardHandler))
	get := func(rel string) *cachedFile {
		t.Helper()
		f := idx.lookup(rel)
		if f == nil {
			t.Fatalf("no %s", rel)
		}
		cf, err := c.get(f)
		if err != nil {
			t.Fatal(err)
		}
		return cf
	}
	hot, large := get("catalog.json"), get("static/vendor/lottie_light.min.js")
	if large.body != nil || len(large.idle) != 1 || hot.body == nil {
		t.Fatalf("a large file in memory (%d bytes) or without a descriptor (%d); a small one not in memory", len(large.body), len(large.idle))
	}
	c.budget, c.keep = len(hot.body)+8000, 0
	for _, rel := range []string{"assets/arrow-left.json", "assets/circle-dot.json", "assets/square-rounded.json", "llms.txt", "index.html"} {
		get("catalog.json") // hot: used again before each new file
		get(rel)
		if c.bytes > c.budget || c.large > c.keep {
			t.Fatalf("after %s: %d bytes and %d large files; budget %d and %d", rel, c.bytes, c.large, c.budget, c.keep)
		}
	}
	if c.entries[idx.lookup("catalog.json").id].Load() != hot {
		t.Error("the file asked for before each new one was evicted")
	}
	if c.entries[idx.lookup("static/vendor/lottie_light.min.js").id].Load() != nil || !large.evicted || len(large.idle) != 0 {
		t.Error("the large file stayed past its limit, or kept its descriptors")
	}
}
