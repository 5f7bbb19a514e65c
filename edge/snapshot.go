package edge

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime/debug"
	"time"

	"github.com/iconlib/iconlib/edge/internal/answers"
	"github.com/iconlib/iconlib/edge/library"
	"github.com/iconlib/iconlib/internal/contract"
	"golang.org/x/sync/errgroup"
)

// version identifies what public/ holds: the directory it resolves to (a build swaps the link to a new
// snapshot directory) and its manifest file (which changes if public/ is a directory rebuilt in place).
type version struct {
	dir      string
	manifest os.FileInfo // nil when there is none
}

// readVersion looks at public/ now. A path that does not resolve is kept as it is, so loading it fails
// with a message that names it.
func readVersion(publicDir string) version {
	dir, err := filepath.EvalSymlinks(publicDir)
	if err != nil {
		dir = publicDir
	}
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs // for the log
	}
	info, _ := os.Stat(filepath.Join(dir, contract.ManifestFile))
	return version{dir: dir, manifest: info}
}

// same reports whether v and o are the same snapshot.
func (v version) same(o version) bool {
	if v.dir != o.dir || (v.manifest == nil) != (o.manifest == nil) {
		return false
	}
	return v.manifest == nil || os.SameFile(v.manifest, o.manifest) &&
		v.manifest.Size() == o.manifest.Size() && v.manifest.ModTime().Equal(o.manifest.ModTime())
}

// id names the snapshot in logs: the build names each snapshot directory for its time and content hash.
func (v version) id() string { return filepath.Base(v.dir) }

// open reads the snapshot in v.dir: its library and its file index. Files are opened by their paths in
// v.dir, not through the public/ link, so the server keeps reading this snapshot after the link moves on.
// The library and the file index load at the same time.
func (e *Edge) open(v version) (*server, error) {
	s := &server{version: v}
	var load errgroup.Group
	load.Go(func() (err error) { s.lib, err = library.Load(v.dir); return err })
	load.Go(func() (err error) { s.files, err = indexFiles(v.dir); return err })
	if err := load.Wait(); err != nil {
		return nil, err
	}
	s.cache = newFileCache(s.files, e.cfg.Logger)
	s.answers = answers.New(e.cfg.AnswerCacheMB << 20)
	s.lib.CacheRankings(s.answers)
	return s, nil
}

// assemble gives the snapshot the parts every snapshot shares, and builds the protocol adapters and the
// routes over its library.
func (e *Edge) assemble(s *server) error {
	if s.lib.BaseURL() != e.cfg.BaseURL {
		e.cfg.Logger.Warn("base URL differs from the one public/ was built for; links in generated files use the build's",
			"base_url", e.cfg.BaseURL.String(), "built_for", s.lib.BaseURL().String())
	}
	s.cfg, s.access, s.pages, s.logger, s.metrics = e.cfg, e.access, e.pages, e.cfg.Logger, e.metrics
	s.draining = &e.draining
	var err error
	if s.proto, err = newProtocols(s.lib, s.answers, e.cfg, e.streams); err != nil {
		return err
	}
	s.handler = s.routes()
	return nil
}

// swapIn makes s the snapshot every request from now on is served from.
func (e *Edge) swapIn(s *server, since time.Time) {
	e.current.Store(s)
	e.metrics.Snapshot(s.files.snapshot, e.cfg.Version)
	// Loading left tens of megabytes of parsed JSON behind (and a reload, the old snapshot once its last
	// request ends); give them back to the OS now rather than at the collector's leisure. The collection
	// also measures what the snapshot keeps live, which an automatic memory limit follows.
	debug.FreeOSMemory()
	live := liveHeap()
	limit := e.cfg.MemoryLimit.apply(live, uint64(e.cfg.AnswerCacheMB)<<20)
	e.cfg.Logger.Info("snapshot loaded", "snapshot", s.version.id(), "hash", s.files.snapshot, "dir", s.version.dir,
		"icons", s.lib.Len(), "took", time.Since(since).Round(time.Millisecond), "live_heap_mb", live>>20,
		"memory_limit_mb", memoryLimitMB(limit))
}

// memoryLimitMB is a memory limit in MiB for the log, -1 for none.
func memoryLimitMB(limit int64) int64 {
	if limit == math.MaxInt64 {
		return -1
	}
	return limit >> 20
}

// Reload loads the snapshot public/ points to now, beside the one being served, and serves it from the
// next request on; requests in flight finish on the snapshot they started with. A snapshot that fails to
// load, or loads without its search index, is refused: the error is logged and returned, and the current
// snapshot goes on serving. Reloads run one at a time.
func (e *Edge) Reload() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.reload(readVersion(e.cfg.PublicDir))
}

// Watch reloads whenever public/ changes, looking every interval (which must be positive) until ctx
// ends. A snapshot that was refused is not tried again until public/ changes once more.
func (e *Edge) Watch(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			e.reloadIfChanged()
		}
	}
}

func (e *Edge) reloadIfChanged() {
	e.mu.Lock()
	defer e.mu.Unlock()
	v := readVersion(e.cfg.PublicDir)
	if v.same(e.current.Load().version) || v.same(e.refused) {
		return
	}
	e.reload(v) // logs what it did
}

// reload loads the snapshot v and swaps it in; e.mu is held.
func (e *Edge) reload(v version) error {
	start := time.Now()
	s, err := e.load(v)
	if err != nil {
		e.refused = v
		e.cfg.Logger.Error("snapshot refused; the previous one goes on serving", "dir", v.dir, "err", err,
			"serving", e.current.Load().version.id())
		return fmt.Errorf("snapshot %s: %w", v.dir, err)
	}
	e.swapIn(s, start)
	return nil
}

// load opens the snapshot v whole, search included, and builds its routes.
func (e *Edge) load(v version) (*server, error) {
	s, err := e.open(v)
	if err != nil {
		return nil, err
	}
	if err := s.lib.SearchErr(); err != nil {
		return nil, fmt.Errorf("%w: %v", library.ErrSearchUnavailable, err)
	}
	if err := e.assemble(s); err != nil {
		return nil, err
	}
	return s, nil
}
