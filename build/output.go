package build

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/iconlib/iconlib/internal/catalog"
)

// site collects every file of the build in memory, keyed by its slash path under public/, so the build can
// check it as a whole and write only what changed.
type site struct {
	mu    sync.Mutex
	files map[string][]byte
}

func newSite() *site { return &site{files: map[string][]byte{}} }

func (s *site) add(path string, body []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, dup := s.files[path]; dup {
		return fmt.Errorf("two outputs want %s", path)
	}
	s.files[path] = body
	return nil
}

// addManifest adds manifest.json: the hash and size of every file added so far. Add it last.
func (s *site) addManifest() error {
	m := catalog.Manifest{Files: make(map[string]catalog.ManifestEntry, len(s.files))}
	listing := sha256.New()
	paths := s.paths()
	entries := make([]catalog.ManifestEntry, len(paths))
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i, p := range paths {
		g.Go(func() error {
			sum := sha256.Sum256(s.files[p])
			entries[i] = catalog.ManifestEntry{SHA256: hex.EncodeToString(sum[:]), Size: len(s.files[p])}
			return nil
		})
	}
	_ = g.Wait() // hashing cannot fail
	for i, p := range paths {
		m.Files[p] = entries[i]
		fmt.Fprintf(listing, "%s\x00%s\x00%d\n", p, entries[i].SHA256, entries[i].Size)
	}
	m.Snapshot = hex.EncodeToString(listing.Sum(nil))
	body, err := json.Marshal(m)
	if err != nil {
		return err
	}
	return s.add(catalog.ManifestFile, append(body, '\n'))
}

func (s *site) paths() []string {
	paths := make([]string, 0, len(s.files))
	for p := range s.files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	return paths
}

// writeStats counts what publishing the site changed.
type writeStats struct {
	Files, Written, Removed int
	Bytes                   int64
	Snapshot                string // the directory the output path points to
}

// write publishes the site as a new snapshot of out (see publication): files whose bytes the live
// snapshot has too are hard links to its files, the others are written. When the live snapshot holds
// exactly the site it stays, and nothing changes on disk: no swap, nothing for an edge to reload.
func (s *site) write(out string) (writeStats, error) {
	pub, err := openPublication(out)
	if err != nil {
		return writeStats{}, err
	}
	paths := s.paths()
	st := writeStats{Files: len(paths), Snapshot: pub.live}
	kept, err := s.compare(pub.live, paths, &st)
	if err != nil || pub.unchanged(st) {
		return st, err
	}
	dir, err := pub.newSnapshotDir()
	if err != nil {
		return st, err
	}
	if err := s.fill(dir, pub.live, paths, kept); err != nil {
		os.RemoveAll(dir)
		return st, err
	}
	st.Snapshot, err = pub.publish(dir, snapshotID(time.Now(), s.files[catalog.ManifestFile]))
	return st, err
}

// compare reports which of paths the live snapshot holds with the same bytes, and counts the files to
// write and the live files the site no longer has.
func (s *site) compare(live string, paths []string, st *writeStats) ([]bool, error) {
	kept := make([]bool, len(paths))
	old, err := listFiles(live)
	if err != nil {
		return nil, err
	}
	var g errgroup.Group
	g.SetLimit(4 * runtime.GOMAXPROCS(0)) // reads wait on the disk more than on the CPU
	for i, p := range paths {
		st.Bytes += int64(len(s.files[p]))
		if !old[p] {
			continue
		}
		g.Go(func() error {
			b, err := os.ReadFile(filepath.Join(live, filepath.FromSlash(p)))
			kept[i] = err == nil && bytes.Equal(b, s.files[p])
			return nil // an unreadable old file is written anew
		})
	}
	_ = g.Wait()
	for i, p := range paths {
		delete(old, p)
		if !kept[i] {
			st.Written++
		}
	}
	st.Removed = len(old)
	return kept, nil
}

// listFiles lists the slash paths of the files under dir; none when dir is "".
func listFiles(dir string) (map[string]bool, error) {
	files := map[string]bool{}
	if dir == "" {
		return files, nil
	}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		files[filepath.ToSlash(rel)] = true
		return err
	})
	return files, err
}

// fill writes the site into the new snapshot dir: a hard link to the live snapshot's file for each path
// kept (snapshots are never changed, so they may share files), the bytes for the others or when a link
// cannot be made.
func (s *site) fill(dir, live string, paths []string, kept []bool) error {
	var g errgroup.Group
	g.SetLimit(4 * runtime.GOMAXPROCS(0)) // file writes wait on the disk more than on the CPU
	for i, p := range paths {
		g.Go(func() error {
			path := filepath.Join(dir, filepath.FromSlash(p))
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				return err
			}
			if kept[i] && os.Link(filepath.Join(live, filepath.FromSlash(p)), path) == nil {
				return nil
			}
			return os.WriteFile(path, s.files[p], 0o644)
		})
	}
	return g.Wait()
}
