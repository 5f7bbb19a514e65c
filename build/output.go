package build

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"sync"

	"golang.org/x/sync/errgroup"

	"github.com/iconlib/iconlib/internal/jsonfile"
)

// site is the build's output on its way to disk: each file a renderer adds is stored in the new snapshot's
// directory at once, with its precompressed variants, and the site keeps only what the manifest and the
// report need of it (its hash and size). So a build holds the bytes of a few files at a time, not of the
// whole library: its memory does not grow with the files it writes (docs/design.md, the build).
type site struct {
	dir      string                 // the snapshot being written, not yet published (publication.startSite)
	dirHeld  *os.File               // dir as made, open, to tell it from one recreated after another build removed it
	live     string                 // the live snapshot, "" when none: a file of the same bytes there is linked
	compress bool                   // store precompressed variants beside compressible files
	drop     func(path string) bool // files the host profile leaves out

	store errgroup.Group // stores the files added, a few at a time: add waits while all are busy

	mu       sync.Mutex
	err      error                // the first store that failed; later adds return it
	wanted   map[string]bool      // every path added, dropped or not, and every variant's
	rendered int                  // files the renderers added and the site kept
	files    map[string]fileFacts // the files stored, variants included
	written  int                  // files written anew rather than linked to the live snapshot's
}

// fileFacts are what the site keeps of a file it stored.
type fileFacts struct {
	sha256    [sha256.Size]byte
	size      int
	encodings uint8 // bit i: the variant of contract.Codings[i] is stored beside the file
	variant   bool  // the file is a variant of another
}

// hash is the file's SHA-256 in hex, as the manifest lists it.
func (f fileFacts) hash() string { return hex.EncodeToString(f.sha256[:]) }

func newSite(dir, live string, compress bool, drop func(string) bool) *site {
	s := &site{dir: dir, live: live, compress: compress, drop: drop, wanted: map[string]bool{},
		files: map[string]fileFacts{}}
	s.store.SetLimit(storeLimit)
	return s
}

// add stores the file body at path (a slash path under public/), unless the profile drops it. It returns
// before the file is on disk; wait reports a failure to store it. Two outputs may not want one path.
func (s *site) add(path string, body []byte) error {
	if err := s.want(path); err != nil {
		return err
	}
	if s.drop(path) {
		return nil
	}
	s.mu.Lock()
	s.rendered++
	s.mu.Unlock()
	s.store.Go(func() error {
		err := s.storeWithVariants(path, body)
		if err != nil {
			s.mu.Lock()
			s.err = cmp.Or(s.err, err)
			s.mu.Unlock()
		}
		return err
	})
	return nil
}

// want claims path for one output, and fails when another claimed it or a store failed.
func (s *site) want(path string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err != nil {
		return s.err
	}
	if s.wanted[path] {
		return fmt.Errorf("two outputs want %s", path)
	}
	s.wanted[path] = true
	return nil
}

// addJSON adds a file holding v as indented JSON.
func (s *site) addJSON(path string, v any) error {
	body, err := jsonfile.Indent(v)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return s.add(path, body)
}

// wait waits until every file added is stored, and returns the first failure.
func (s *site) wait() error { return s.store.Wait() }

// storeWithVariants stores a file and, when the site precompresses and it pays, its variants.
func (s *site) storeWithVariants(path string, body []byte) error {
	if err := s.put(path, body); err != nil {
		return err
	}
	if !s.compress {
		return nil
	}
	return s.addVariants(path, body)
}

// put writes one file into the snapshot: a hard link to the live snapshot's file when that holds the same
// bytes (read and compared, so a damaged live file is never carried over; snapshots never change, so they
// may share files), else the bytes.
func (s *site) put(path string, body []byte) error {
	dst := filepath.Join(s.dir, filepath.FromSlash(path))
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	linked := s.linkSame(path, body, dst)
	if !linked {
		if err := os.WriteFile(dst, body, 0o644); err != nil {
			return err
		}
	}
	facts := fileFacts{sha256: sha256.Sum256(body), size: len(body)}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.files[path] = facts
	if !linked {
		s.written++
	}
	return nil
}

// linkSame links dst to the live snapshot's file at path if that holds exactly body.
func (s *site) linkSame(path string, body []byte, dst string) bool {
	if s.live == "" {
		return false
	}
	src := filepath.Join(s.live, filepath.FromSlash(path))
	old, err := os.ReadFile(src)
	return err == nil && bytes.Equal(old, body) && os.Link(src, dst) == nil
}

// paths lists the files stored, variants included, sorted; call it after wait.
func (s *site) paths() []string {
	paths := make([]string, 0, len(s.files))
	for p := range s.files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	return paths
}

// countVariants is how many precompressed variants the site stored; call it after wait.
func (s *site) countVariants() int {
	n := 0
	for _, f := range s.files {
		if f.variant {
			n++
		}
	}
	return n
}
