package build

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"

	"github.com/iconlib/iconlib/internal/contract"
)

// addManifest adds manifest.json: every file stored so far with its hash, size, media type, cache class
// and variants. Add it last, once the site has waited for its files; it returns the snapshot's hash, which
// the manifest names.
func (s *site) addManifest(generator string) (string, error) {
	paths := s.paths()
	listing := sha256.New()
	for _, p := range paths {
		f := s.files[p]
		fmt.Fprintf(listing, "%s\x00%x\x00%d\n", p, f.sha256, f.size)
	}
	m := contract.Manifest{Generator: generator, Snapshot: hex.EncodeToString(listing.Sum(nil)),
		Files: make(map[string]contract.ManifestEntry, len(paths))}
	for _, p := range paths {
		f := s.files[p]
		if f.variant {
			continue
		}
		e := contract.ManifestEntry{SHA256: f.hash(), Size: f.size,
			MediaType: contract.MediaType(p), Cache: contract.CacheClassOf(p)}
		for i, c := range codecs {
			if f.encodings&(1<<i) == 0 {
				continue
			}
			if e.Encodings == nil {
				e.Encodings = map[string]contract.ManifestVariant{}
			}
			v := s.files[p+c.Suffix]
			e.Encodings[c.Name] = contract.ManifestVariant{SHA256: v.hash(), Size: v.size}
		}
		m.Files[p] = e
	}
	body, err := json.Marshal(m)
	if err != nil {
		return "", err
	}
	return m.Snapshot, s.add(contract.ManifestFile, append(body, '\n'))
}
