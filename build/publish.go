package build

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"

	"github.com/iconlib/iconlib/internal/contract"
)

// writeStats counts what publishing the site changed.
type writeStats struct {
	Files, Written, Removed int
	Bytes                   int64
	Snapshot                string // the directory the output path points to
}

// storeLimit bounds the files stored at once, so the bytes in flight: one a core, since compressing them
// is most of the work, and the codecs keep one idle writer a core (a new brotli writer clears its tables).
var storeLimit = runtime.GOMAXPROCS(0)

// startSite starts the build's snapshot: an empty directory under a name no reader looks at, into which
// the site stores its files, linking those the live snapshot holds with the same bytes. A host that is not
// the edge gets no precompressed variants, and none of the files it leaves to the edge.
func (p *publication) startSite(host contract.Host) (*site, error) {
	if err := os.MkdirAll(p.snapshots, 0o755); err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp(p.snapshots, partialPrefix+"*")
	if err != nil {
		return nil, err
	}
	drop := func(string) bool { return false }
	if !host.Precompressed() {
		drop = contract.LeftToEdge
	}
	s := newSite(dir, p.live, host.Precompressed(), drop)
	s.dirHeld, err = os.Open(dir)
	return s, err
}

// checkDir fails when the snapshot's directory is not the one the build made: another build of the same
// output path removed it as a stopped build's (removePartials), and writing recreated parts of it. The
// directory made is held open until then, so a new one cannot take its inode.
func (s *site) checkDir() error {
	defer s.dirHeld.Close()
	held, err := s.dirHeld.Stat()
	if err != nil {
		return err
	}
	if now, err := os.Stat(s.dir); err != nil || !os.SameFile(now, held) {
		return fmt.Errorf("%s was removed while this build wrote it: did another build start with the same output path?", s.dir)
	}
	return nil
}

// discard removes the snapshot a failed build was writing, once nothing writes into it any more, and the
// snapshots' directory if that leaves it empty (the first build failed).
func (s *site) discard() {
	_ = s.wait()
	s.dirHeld.Close()
	os.RemoveAll(s.dir)
	os.Remove(filepath.Dir(s.dir)) // fails, as it should, when other snapshots are there
}

// publish publishes the complete site, manifest included, as the snapshot id of pub (see publication),
// keeping retired snapshots as keep says. When the live snapshot holds exactly the site it stays, and the
// new one is removed: no swap, nothing for an edge to reload.
func (s *site) publish(pub *publication, id string, keep retention) (writeStats, error) {
	if keep.prune {
		defer func() { _ = pub.prune(keep) }() // also when nothing changed: that build publishes nothing
	}
	st := writeStats{Files: len(s.files), Written: s.written, Snapshot: pub.live}
	for _, f := range s.files {
		st.Bytes += int64(f.size)
	}
	old, err := listFiles(pub.live)
	if err != nil {
		return st, err
	}
	for p := range old {
		if _, kept := s.files[p]; !kept {
			st.Removed++
		}
	}
	if err := s.checkDir(); err != nil {
		return st, err
	}
	if pub.unchanged(st) {
		return st, os.RemoveAll(s.dir)
	}
	st.Snapshot, err = pub.publish(s.dir, id, keep)
	return st, err
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
