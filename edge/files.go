package edge

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"

	"github.com/iconlib/iconlib/internal/contract"
)

// file is what the edge knows of one file under public/ without reading it.
type file struct {
	rel          string // slash path under public/
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
	root     *os.Root // public/ as it was when indexed: files open inside it, even if public/ moves on
	byPath   map[string]*file
	snapshot string // the manifest's snapshot hash (its own SHA-256 when it names none): the snapshot's identity
}

// open opens a file of the index.
func (idx *fileIndex) open(f *file) (*os.File, error) {
	return idx.root.Open(filepath.FromSlash(f.rel))
}

// indexFiles learns public/ from the build's manifest.json without reading any other file: the manifest
// is the snapshot, and a file it does not list is not served.
func indexFiles(dir string) (*fileIndex, error) {
	b, err := os.ReadFile(filepath.Join(dir, contract.ManifestFile))
	if err != nil {
		return nil, fmt.Errorf("public directory %s holds no build (run `iconlib build` first): %w", dir, err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	idx := &fileIndex{root: root, byPath: map[string]*file{}, snapshot: hash(b)}
	if err := idx.readManifest(b); err != nil {
		root.Close()
		return nil, fmt.Errorf("%s: %w", contract.ManifestFile, err)
	}
	if err := idx.addManifest(b); err != nil {
		root.Close()
		return nil, err
	}
	return idx, nil
}

// addManifest adds the manifest itself, which does not list itself, and its variants, by hashing them.
func (idx *fileIndex) addManifest(b []byte) error {
	e := contract.ManifestEntry{SHA256: hash(b), Size: len(b), MediaType: contract.MediaType(contract.ManifestFile),
		Cache: contract.CacheBuild}
	for _, c := range contract.Codings {
		v, err := idx.root.ReadFile(contract.ManifestFile + c.Suffix)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return err
		}
		if e.Encodings == nil {
			e.Encodings = map[string]contract.ManifestVariant{}
		}
		e.Encodings[c.Name] = contract.ManifestVariant{SHA256: hash(v), Size: len(v)}
	}
	idx.add(newListedFile(contract.ManifestFile, e, e.MediaType, e.Cache.CacheControl()))
	return nil
}

func hash(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// add indexes a file and its variants, which are files of public/ too, as a static host serves them: by
// their own names and types.
func (idx *fileIndex) add(f *file) {
	idx.byPath[f.rel] = f
	for _, v := range f.encodings {
		direct := *v.file
		direct.contentType = contract.MediaType(v.rel)
		idx.byPath[v.rel] = &direct
	}
}

// readManifest adds the files of a manifest, decoding one entry at a time: a map of every entry first
// took twice as long. Media types and cache headers are shared among files, not copied for each.
func (idx *fileIndex) readManifest(b []byte) error {
	dec := jsontext.NewDecoder(bytes.NewReader(b))
	if tok, err := dec.ReadToken(); err != nil || tok.Kind() != '{' {
		return fmt.Errorf("want a JSON object (%v)", err)
	}
	shared := map[string]string{}
	intern := func(s string) string {
		if v, ok := shared[s]; ok {
			return v
		}
		shared[s] = s
		return s
	}
	for dec.PeekKind() == '"' {
		name, err := dec.ReadToken()
		if err != nil {
			return err
		}
		switch name.String() { // read before the next read voids name
		case "files":
		case "snapshot":
			if err := json.UnmarshalDecode(dec, &idx.snapshot); err != nil {
				return fmt.Errorf("snapshot: %w", err)
			}
			continue
		default:
			if err := dec.SkipValue(); err != nil {
				return err
			}
			continue
		}
		if tok, err := dec.ReadToken(); err != nil || tok.Kind() != '{' {
			return fmt.Errorf("files: want an object (%v)", err)
		}
		for dec.PeekKind() == '"' {
			tok, err := dec.ReadToken()
			if err != nil {
				return err
			}
			rel := tok.String() // before the next read voids tok
			var e contract.ManifestEntry
			if err := json.UnmarshalDecode(dec, &e); err != nil {
				return err
			}
			if !fs.ValidPath(rel) || len(e.SHA256) < 32 || e.MediaType == "" {
				return fmt.Errorf("a bad entry for %q", rel)
			}
			idx.add(newListedFile(rel, e, intern(e.MediaType), intern(e.Cache.CacheControl())))
		}
		if _, err := dec.ReadToken(); err != nil {
			return err
		}
	}
	_, err := dec.ReadToken()
	return err
}

// newListedFile is a file as its manifest entry describes it, with its variants.
func newListedFile(rel string, e contract.ManifestEntry, contentType, cacheControl string) *file {
	f := newFile(rel, e.SHA256, e.Size, contentType, cacheControl)
	for _, c := range contract.Codings {
		if v, ok := e.Encodings[c.Name]; ok && len(v.SHA256) >= 32 {
			f.encodings = append(f.encodings,
				variant{c.Name, newFile(rel+c.Suffix, v.SHA256, v.Size, contentType, cacheControl)})
		}
	}
	return f
}

func newFile(rel, sha string, size int, contentType, cacheControl string) *file {
	return &file{rel: rel, size: int64(size), etag: `"` + sha[:32] + `"`,
		contentType: contentType, cacheControl: cacheControl}
}
