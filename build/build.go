// Package build generates the static iconlib site: it reads content/ and writes everything under public/
// that the edge and any static host serve.
package build

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"time"

	"github.com/iconlib/iconlib/internal/contract"
)

// Options are the inputs of a build.
type Options struct {
	ContentDir string           // content/: icons/ and guides/
	OutDir     string           // public/
	BaseURL    contract.BaseURL // the URL the site is served from, e.g. http://localhost:8080; required
	Generator  string           // the program and version manifest.json names as the snapshot's maker; "" is "iconlib"
	Logger     *slog.Logger     // where the build warns (of content without word vectors); nil discards
	Progress   io.Writer        // where the build says how far it has come, a line a phase; nil says nothing
	Clock      func() time.Time // names snapshots and ages retired ones; nil is time.Now
	Prune      bool             // remove retired snapshots now (but the previous one), not SnapshotGrace after
	// Host is the profile: what serves the output (contract.HostFull, the default, or HostPages).
	Host contract.Host
	// EdgeURL is where the edge answers what a static host cannot (HostPages only; required there): the
	// base URL _redirects sends those paths to.
	EdgeURL contract.BaseURL
}

// check reports every option that cannot work, together.
func (o Options) check() error {
	var errs []error
	if o.BaseURL.IsZero() {
		errs = append(errs, errors.New("build: no base URL"))
	}
	if o.Host == contract.HostPages && o.EdgeURL.IsZero() {
		errs = append(errs, errors.New("build: host pages needs the edge's URL (--edge-url), where its _redirects send the edge's paths"))
	}
	if o.Host != contract.HostPages && !o.EdgeURL.IsZero() {
		errs = append(errs, fmt.Errorf("build: an edge URL is for host %s only; host %s is served by the edge", contract.HostPages, o.Host))
	}
	return errors.Join(errs...)
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

// Run builds the site from opts.ContentDir and publishes it at opts.OutDir, in four phases: read the
// sources (content/), assemble the model, render the files, and publish them: a symbolic link to a new
// snapshot directory under OutDir+".snapshots", swapped in atomically once the snapshot is complete (see
// publication). Files go into the new snapshot as they are made (site). A build that fails leaves the
// live snapshot as it was, and no partial one.
func Run(ctx context.Context, opts Options) (Report, error) {
	start := time.Now()
	if err := opts.check(); err != nil {
		return Report{}, err
	}
	p := newProgress(opts.Progress)
	src, err := readSources(opts.ContentDir, cmp.Or(opts.Logger, slog.New(slog.DiscardHandler)))
	if err != nil {
		return Report{}, err
	}
	p.phase("read %s: %d icons, %d guides", opts.ContentDir, len(src.icons), len(src.guides))
	pub, err := openPublication(opts.OutDir)
	if err == nil {
		err = pub.removePartials()
	}
	if err != nil {
		return Report{}, fmt.Errorf("writing %s: %w", opts.OutDir, err)
	}
	s, err := pub.startSite(opts.Host)
	if err != nil {
		return Report{}, fmt.Errorf("writing %s: %w", opts.OutDir, err)
	}
	r, err := s.make(ctx, src, opts, pub, p)
	if err != nil {
		s.discard()
		return Report{}, err
	}
	r.Duration = time.Since(start)
	return r, nil
}

// make renders the site of src into s, then completes it as the profile wants and publishes it.
func (s *site) make(ctx context.Context, src *sources, opts Options, pub *publication, p *progress) (Report, error) {
	r, err := s.renderSources(ctx, src, opts.BaseURL.String(), p)
	if err != nil {
		return r, err
	}
	// The model is gone by now: the manifest and the publication need only what the site kept.
	snapshot, err := s.complete(cmp.Or(opts.Generator, "iconlib"), opts, p)
	if err != nil {
		return r, err
	}
	clock := opts.Clock
	if clock == nil {
		clock = time.Now
	}
	keep := retention{now: clock(), prune: opts.Prune}
	st, err := s.publish(pub, snapshotID(keep.now, snapshot), keep)
	if err != nil {
		return r, fmt.Errorf("writing %s: %w", opts.OutDir, err)
	}
	p.phase("wrote %s: %d files, %d new or changed", st.Snapshot, st.Files, st.Written)
	r.Files, r.Written, r.Removed, r.Bytes, r.Snapshot = st.Files, st.Written, st.Removed, st.Bytes, st.Snapshot
	return r, nil
}

// renderSources assembles the model of src at base and renders it into s, which stores each file as it
// comes (an icon's as it is animated), and reports what the model held.
func (s *site) renderSources(ctx context.Context, src *sources, base string, p *progress) (Report, error) {
	m, err := assemble(ctx, src, base, s, p)
	if err != nil {
		return Report{}, err
	}
	p.phase("animated %d icons", len(m.icons))
	if err := render(ctx, m, s); err != nil {
		return Report{}, err
	}
	p.phase("rendered %d files: records, pages, guides, search index, discovery documents", s.rendered)
	return Report{Icons: len(m.icons), Guides: len(m.guides), Categories: len(m.categories)}, nil
}

// complete waits for the files s stores, adds what the profile (opts.Host) wants beside them, and the
// manifest, and returns the snapshot's hash: for the edge the precompressed variants (stored with each
// file); for a static host the _headers and _redirects files.
func (s *site) complete(generator string, opts Options, p *progress) (string, error) {
	if err := s.wait(); err != nil {
		return "", err
	}
	if opts.Host.Precompressed() {
		p.phase("compressed: %d gzip and brotli files", s.countVariants())
	} else {
		if err := s.fitStaticHost(opts.EdgeURL); err != nil {
			return "", err
		}
		if err := s.wait(); err != nil {
			return "", err
		}
		p.phase("for a static host: %d files, %s and %s", len(s.files), contract.HeadersFile, contract.RedirectsFile)
	}
	snapshot, err := s.addManifest(generator)
	if err != nil {
		return "", fmt.Errorf("manifest: %w", err)
	}
	return snapshot, s.wait()
}
