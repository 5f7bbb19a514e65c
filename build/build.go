// Package build generates the static iconlib site: it reads content/ and writes everything under public/
// that the edge and any static host serve.
package build

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"path/filepath"
	"time"

	"github.com/iconlib/iconlib/internal/contract"
)

// Options are the inputs of a build.
type Options struct {
	ContentDir string           // content/: icons/ and guides/
	OutDir     string           // public/
	BaseURL    contract.BaseURL // the URL the site is served from, e.g. http://localhost:8080; required
	Generator  string           // the program and version manifest.json names as the snapshot's maker; "" is "iconlib"
	Logger     *slog.Logger
}

// Report says what a build produced.
type Report struct {
	Icons, Guides, Categories int
	// Files the snapshot holds; of them, Written are new or changed (the others are hard links into the
	// snapshot it replaced); Removed are files of the replaced snapshot that the new one dropped.
	Files, Written, Removed int
	Bytes                   int64
	Snapshot                string // the snapshot directory OutDir points to: a new one, or the live one when nothing changed
	Duration                time.Duration
}

// Run builds the site from opts.ContentDir and publishes it at opts.OutDir: a symbolic link to a new
// snapshot directory under OutDir+".snapshots", swapped in atomically once the snapshot is complete
// (see publication). A build that fails leaves the live snapshot as it was.
func Run(ctx context.Context, opts Options) (Report, error) {
	start := time.Now()
	if opts.BaseURL.IsZero() {
		return Report{}, errors.New("build: no base URL")
	}
	b := &builder{opts: opts, base: opts.BaseURL.String(), site: newSite()}
	if err := b.load(); err != nil {
		return Report{}, err
	}
	if err := b.generate(ctx); err != nil {
		return Report{}, err
	}
	if err := b.site.addPrecompressed(b.site.compressible()); err != nil {
		return Report{}, fmt.Errorf("precompressing: %w", err)
	}
	if err := b.site.addManifest(cmp.Or(opts.Generator, "iconlib")); err != nil {
		return Report{}, fmt.Errorf("manifest: %w", err)
	}
	// The manifest's own variants, which it cannot list (the edge hashes them when it loads).
	if err := b.site.addPrecompressed([]string{contract.ManifestFile}); err != nil {
		return Report{}, fmt.Errorf("precompressing: %w", err)
	}
	st, err := b.site.write(opts.OutDir)
	if err != nil {
		return Report{}, fmt.Errorf("writing %s: %w", opts.OutDir, err)
	}
	return Report{Icons: len(b.icons), Guides: len(b.guides), Categories: len(b.categories),
		Files: st.Files, Written: st.Written, Removed: st.Removed, Bytes: st.Bytes, Snapshot: st.Snapshot,
		Duration: time.Since(start)}, nil
}

func (b *builder) path(parts ...string) string {
	return filepath.Join(append([]string{b.opts.ContentDir}, parts...)...)
}
