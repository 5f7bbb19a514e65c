package edge

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/iconlib/iconlib/internal/contract"
)

// file is what the edge knows of one file under public/ without reading it.
type file struct {
	path         string // on disk
	size         int64  // as the build wrote it
	etag         string // strong validator from the content hash
	contentType  string
	cacheControl string
	encodings    []variant // the build's precompressed variants, best first
}

// variant is a precompressed file beside another: <path>.br or <path>.gz.
type variant struct {
	coding string // the content coding: "br", "gzip"
	*file
}

// fileIndex maps slash paths relative to public/ ("assets/x.json") to files.
type fileIndex struct {
	byPath map[string]*file
}

// indexFiles learns public/ from the build's manifest.json without reading any other file: the manifest
// is the snapshot, and a file it does not list is not served.
func indexFiles(dir string) (*fileIndex, error) {
	b, err := os.ReadFile(filepath.Join(dir, contract.ManifestFile))
	if err != nil {
		return nil, fmt.Errorf("public directory %s holds no build manifest (run `iconlib build`): %w", dir, err)
	}
	var m contract.Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("%s: %w", contract.ManifestFile, err)
	}
	idx := &fileIndex{byPath: make(map[string]*file, len(m.Files))}
	for rel, e := range m.Files {
		if !fs.ValidPath(rel) || len(e.SHA256) < 32 || e.MediaType == "" {
			return nil, fmt.Errorf("%s: a bad entry for %q", contract.ManifestFile, rel)
		}
		f := newFile(dir, rel, e.SHA256, e.Size, e.MediaType, e.Cache.CacheControl())
		for _, c := range contract.Codings {
			if v, ok := e.Encodings[c.Name]; ok && len(v.SHA256) >= 32 {
				f.encodings = append(f.encodings,
					variant{c.Name, newFile(dir, rel+c.Suffix, v.SHA256, v.Size, f.contentType, f.cacheControl)})
			}
		}
		idx.byPath[rel] = f
	}
	sum := sha256.Sum256(b) // the manifest does not list itself
	idx.byPath[contract.ManifestFile] = newFile(dir, contract.ManifestFile, hex.EncodeToString(sum[:]), len(b),
		contract.MediaType(contract.ManifestFile), contract.CacheBuild.CacheControl())
	return idx, nil
}

func newFile(dir, rel, sha string, size int, contentType, cacheControl string) *file {
	return &file{path: filepath.Join(dir, filepath.FromSlash(rel)), size: int64(size), etag: `"` + sha[:32] + `"`,
		contentType: contentType, cacheControl: cacheControl}
}
