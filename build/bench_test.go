package build_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/iconlib/iconlib/build"
)

// BenchmarkRunFullLibrary builds the real library (5,233 icons): "cold" into an empty directory each
// time, "repeated" over an earlier build, where only changed files are written.
func BenchmarkRunFullLibrary(b *testing.B) {
	opts := build.Options{ContentDir: "../content", BaseURL: "http://localhost:8080"}
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
}
