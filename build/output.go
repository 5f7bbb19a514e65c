package build

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"runtime"
	"sort"
	"sync"

	"golang.org/x/sync/errgroup"

	"github.com/iconlib/iconlib/internal/catalog"
)

// site collects every file of the build in memory, keyed by its slash path under public/, so the build can
// check it as a whole and write only what changed (publish.go).
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
