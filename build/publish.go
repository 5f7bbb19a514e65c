package build

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"

	"golang.org/x/sync/errgroup"

	"github.com/iconlib/iconlib/internal/contract"
)

// writeStats counts what publishing the site changed.
type writeStats struct {
	Files, Written, Removed int
	Bytes                   int64
	Snapshot                string // the directory the output path points to
}

// ioLimit bounds the file operations in flight: they wait on the disk more than on the CPU.
var ioLimit = 4 * runtime.GOMAXPROCS(0)

// write publishes the site as a new snapshot of out (see publication), keeping retired snapshots as keep
// says. When the live snapshot holds exactly the site it stays, and nothing changes on disk: no swap,
// nothing for an edge to reload. Either way, what stopped builds left is removed first.
func (s *site) write(out string, keep retention) (writeStats, error) {
	pub, err := openPublication(out)
	if err != nil {
		return writeStats{}, err
	}
	if err := pub.removePartials(); err != nil {
		return writeStats{}, err
	}
	if keep.prune {
		defer func() { _ = pub.prune(keep) }() // also when nothing changed: that build publishes nothing
	}
	paths := s.paths()
	st := writeStats{Files: len(paths), Snapshot: pub.live}
	kept, err := s.compare(pub.live, paths, &st)
	if err != nil || pub.unchanged(st) {
		return st, err
	}
	id := snapshotID(keep.now, s.files[contract.ManifestFile])
	dir, err := pub.startSnapshot(id)
	if err != nil {
		return st, err
	}
	if err := s.fill(dir, pub.live, paths, kept); err != nil {
		os.RemoveAll(dir)
		return st, err
	}
	st.Snapshot, err = pub.publish(dir, id, keep)
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
	g.SetLimit(ioLimit)
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

// fill makes the new snapshot's dir, empty, hold exactly the site. A file kept from the live snapshot is a
// hard link to the live one (snapshots never change, so they may share files); the others are written.
func (s *site) fill(dir, live string, paths []string, kept []bool) error {
	var g errgroup.Group
	g.SetLimit(ioLimit)
	for i, p := range paths {
		from := ""
		if kept[i] {
			from = filepath.Join(live, filepath.FromSlash(p))
		}
		g.Go(func() error { return s.place(filepath.Join(dir, filepath.FromSlash(p)), p, from) })
	}
	return g.Wait()
}

// place puts the site's file p at path: a link to the live file from, if any (or its bytes when the link
// fails), else its bytes.
func (s *site) place(path, p, from string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	if from != "" && os.Link(from, path) == nil {
		return nil
	}
	return os.WriteFile(path, s.files[p], 0o644)
}
