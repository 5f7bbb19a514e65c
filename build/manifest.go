package build

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"runtime"

	"golang.org/x/sync/errgroup"

	"github.com/iconlib/iconlib/internal/contract"
)

// addVariant adds a precompressed variant of a file the site holds.
func (s *site) addVariant(path, coding, variantPath string, body []byte) error {
	if err := s.add(variantPath, body); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.variants[path] == nil {
		s.variants[path] = map[string]string{}
	}
	s.variants[path][coding] = variantPath
	return nil
}

// addManifest adds manifest.json: every file added so far with its hash, size, media type, cache class
// and variants. Add it last.
func (s *site) addManifest(generator string) error {
	paths := s.paths()
	sums := make(map[string]string, len(paths))
	hashes := make([]string, len(paths))
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i, p := range paths {
		g.Go(func() error {
			sum := sha256.Sum256(s.files[p])
			hashes[i] = hex.EncodeToString(sum[:])
			return nil
		})
	}
	_ = g.Wait() // hashing cannot fail
	listing := sha256.New()
	for i, p := range paths {
		sums[p] = hashes[i]
		fmt.Fprintf(listing, "%s\x00%s\x00%d\n", p, hashes[i], len(s.files[p]))
	}
	m := contract.Manifest{Generator: generator, Snapshot: hex.EncodeToString(listing.Sum(nil)),
		Files: make(map[string]contract.ManifestEntry, len(paths))}
	isVariant := map[string]bool{}
	for _, byCoding := range s.variants {
		for _, v := range byCoding {
			isVariant[v] = true
		}
	}
	for _, p := range paths {
		if isVariant[p] {
			continue
		}
		e := contract.ManifestEntry{SHA256: sums[p], Size: len(s.files[p]),
			MediaType: contract.MediaType(p), Cache: contract.CacheClassOf(p)}
		for coding, v := range s.variants[p] {
			if e.Encodings == nil {
				e.Encodings = map[string]contract.ManifestVariant{}
			}
			e.Encodings[coding] = contract.ManifestVariant{SHA256: sums[v], Size: len(s.files[v])}
		}
		m.Files[p] = e
	}
	body, err := json.Marshal(m)
	if err != nil {
		return err
	}
	return s.add(contract.ManifestFile, append(body, '\n'))
}
