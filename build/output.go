package build

import (
	"fmt"
	"sort"
	"sync"

	"github.com/iconlib/iconlib/internal/jsonfile"
)

// site collects every file of the build in memory, keyed by its slash path under public/, so the build can
// check it as a whole and write only what changed (publish.go).
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

// addJSON adds a file holding v as indented JSON.
func (s *site) addJSON(path string, v any) error {
	body, err := jsonfile.Indent(v)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return s.add(path, body)
}
