package build_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/iconlib/iconlib/build"
	"github.com/iconlib/iconlib/internal/contract"
)

// BenchmarkRunFullLibrary builds the real library (5,233 icons): "cold" into an empty directory each
// time; "repeated" over an earlier build of the same content, which keeps the live snapshot; "one-edit"
// over an earlier build after one description changed, which publishes a new snapshot of mostly hard
// links.
func BenchmarkRunFullLibrary(b *testing.B) {
	opts := build.Options{ContentDir: "../content", BaseURL: contract.MustParseBaseURL("http://localhost:8080")}
	b.Run("cold", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			o := opts
			o.OutDir = filepath.Join(b.TempDir(), "public")
			if _, err := build.Run(context.Background(), o); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("repeated", func(b *testing.B) {
		o := opts
		o.OutDir = filepath.Join(b.TempDir(), "public")
		if _, err := build.Run(context.Background(), o); err != nil {
			b.Fatal(err)
		}
		for b.Loop() {
			if _, err := build.Run(context.Background(), o); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("one-edit", func(b *testing.B) {
		o := opts
		o.ContentDir, o.OutDir = b.TempDir(), filepath.Join(b.TempDir(), "public")
		if err := os.CopyFS(o.ContentDir, os.DirFS(opts.ContentDir)); err != nil {
			b.Fatal(err)
		}
		edits := filepath.Join(o.ContentDir, "icons", "edits.yaml")
		orig, err := os.ReadFile(edits)
		if err != nil {
			b.Fatal(err)
		}
		const from = "description: Show activity or a live pulse"
		if _, err := build.Run(context.Background(), o); err != nil {
			b.Fatal(err)
		}
		for i := 0; b.Loop(); i++ {
			b.StopTimer()
			to := strings.Replace(from, "Show", "Show"+strings.Repeat(" really", i%2+1), 1)
			if err := os.WriteFile(edits, []byte(strings.Replace(string(orig), from, to, 1)), 0o644); err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
			if _, err := build.Run(context.Background(), o); err != nil {
				b.Fatal(err)
			}
		}
	})
}
