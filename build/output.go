package build

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"sync"

	"github.com/iconlib/iconlib/internal/contract"
	"golang.org/x/sync/errgroup"
)

// site collects every file of the build in memory, keyed by its slash path under public/, so the build can
// check it as a whole and write only what changed.
type site struct {
	mu    sync.Mutex
	files map[string][]byte
	// variants are the precompressed files beside a file: path → content coding → variant path.
	variants map[string]map[string]string
}

func newSite() *site {
	return &site{files: map[string][]byte{}, variants: map[string]map[string]string{}}
}

func (s *site) add(path string, body []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, dup := s.files[path]; dup {
		return fmt.Errorf("two outputs want %s", path)
	}
	s.files[path] = body
	return nil
}

func (s *site) paths() []string {
	paths := make([]string, 0, len(s.files))
	for p := range s.files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	return paths
}

// writeStats counts what writing the site changed on disk.
type writeStats struct {
	Files, Written, Removed int
	Bytes                   int64
}

// write makes dir hold exactly the site: it writes files whose bytes changed and removes files the site no
// longer has. It refuses a non-empty dir that is not an earlier build (one without catalog.json), so a
// mistyped --out never deletes someone's files.
func (s *site) write(dir string) (writeStats, error) {
	var st writeStats
	if err := checkOutDir(dir); err != nil {
		return st, err
	}
	var mu sync.Mutex
	var g errgroup.Group
	g.SetLimit(4 * runtime.GOMAXPROCS(0)) // file writes wait on the disk more than on the CPU
	for _, p := range s.paths() {
		body := s.files[p]
		st.Files++
		st.Bytes += int64(len(body))
		g.Go(func() error {
			written, err := writeIfChanged(filepath.Join(dir, filepath.FromSlash(p)), body)
			if written {
				mu.Lock()
				st.Written++
				mu.Unlock()
			}
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return st, err
	}
	removed, err := s.removeStale(dir)
	st.Removed = removed
	return st, err
}

// writeIfChanged writes body to path unless the file already holds exactly it.
func writeIfChanged(path string, body []byte) (bool, error) {
	if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, body) {
		return false, nil
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return false, err
	}
	return true, os.WriteFile(path, body, 0o644)
}

func checkOutDir(dir string) error {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) || (err == nil && len(entries) == 0) {
		return nil
	}
	if err != nil {
		return err
	}
	if _, err := os.Stat(filepath.Join(dir, contract.CatalogFile)); err != nil {
		return fmt.Errorf("output directory %s is not empty and holds no earlier build (%s): refusing to overwrite it",
			dir, contract.CatalogFile)
	}
	return nil
}

func (s *site) removeStale(dir string) (int, error) {
	removed := 0
	var dirs []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		if d.IsDir() {
			if rel != "." {
				dirs = append(dirs, path)
			}
			return nil
		}
		if _, ok := s.files[filepath.ToSlash(rel)]; !ok {
			removed++
			return os.Remove(path)
		}
		return nil
	})
	// Remove directories left empty, deepest first.
	for i := len(dirs) - 1; i >= 0; i-- {
		if entries, err := os.ReadDir(dirs[i]); err == nil && len(entries) == 0 {
			os.Remove(dirs[i])
		}
	}
	return removed, err
}
