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
	"github.com/iconlib/iconlib/internal/textarena"
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
	idx := &fileIndex{root: root, snapshot: hash(b)}
	listed, err := idx.readManifest(b)
	if err != nil {
		root.Close()
		return nil, fmt.Errorf("%s: %w", contract.ManifestFile, err)
	}
	manifest, err := idx.manifestListing(b)
	if err != nil {
		root.Close()
		return nil, err
	}
	idx.byPath = newFiles(append(listed, manifest))
	return idx, nil
}

// listing is a file as the manifest lists it, before the index holds it.
type listing struct {
	rel          string
	sha256       string
	size         int
	contentType  string // shared among the listings of a type
	cacheControl string // shared among the listings of a class
	variants     []listedVariant
}

// listedVariant is one precompressed variant of a listing.
type listedVariant struct {
	contract.Coding
	contract.ManifestVariant
}

// newListing is the listing of the manifest entry e of rel, with its variants best first (those without
// a hash left out).
func newListing(rel string, e contract.ManifestEntry, contentType, cacheControl string) listing {
	l := listing{rel: rel, sha256: e.SHA256, size: e.Size, contentType: contentType, cacheControl: cacheControl}
	for _, c := range contract.Codings {
		if v, ok := e.Encodings[c.Name]; ok && len(v.SHA256) >= 32 {
			l.variants = append(l.variants, listedVariant{c, v})
		}
	}
	return l
}

// manifestListing lists the manifest itself, which does not list itself, and its variants, by hashing them.
func (idx *fileIndex) manifestListing(b []byte) (listing, error) {
	e := contract.ManifestEntry{SHA256: hash(b), Size: len(b), MediaType: contract.MediaType(contract.ManifestFile),
		Cache: contract.CacheBuild}
	for _, c := range contract.Codings {
		v, err := idx.root.ReadFile(contract.ManifestFile + c.Suffix)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return listing{}, err
		}
		if e.Encodings == nil {
			e.Encodings = map[string]contract.ManifestVariant{}
		}
		e.Encodings[c.Name] = contract.ManifestVariant{SHA256: hash(v), Size: len(v)}
	}
	return newListing(contract.ManifestFile, e, e.MediaType, e.Cache.CacheControl()), nil
}

func hash(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// newFiles indexes the listed files and their variants, which are files of public/ too, as a static host
// serves them: by their own names and types. All files take one allocation, their variants another and
// their paths and ETags a third, where one or more per file left some 150,000 small objects (a third of
// the edge's live ones) for the garbage collector to visit on every cycle.
func newFiles(listed []listing) map[string]*file {
	var textLen, nFiles, nVariants int
	for _, l := range listed {
		textLen += len(l.rel) + etagLen
		for _, v := range l.variants {
			textLen += len(l.rel) + len(v.Suffix) + etagLen
		}
		nFiles += 1 + 2*len(l.variants) // each variant is also a file of its own
		nVariants += len(l.variants)
	}
	text := textarena.New(textLen)
	files, variants := make([]file, nFiles), make([]variant, 0, nVariants)
	byPath := make(map[string]*file, nFiles-nVariants)
	next := 0
	put := func(f file) *file {
		files[next] = f
		next++
		return &files[next-1]
	}
	for _, l := range listed {
		f := put(file{rel: text.Add(l.rel), etag: etag(text, l.sha256), size: int64(l.size),
			contentType: l.contentType, cacheControl: l.cacheControl})
		byPath[f.rel] = f
		first := len(variants)
		for _, v := range l.variants {
			encoded := file{rel: text.Add(l.rel, v.Suffix), etag: etag(text, v.SHA256), size: int64(v.Size),
				contentType: l.contentType, cacheControl: l.cacheControl}
			variants = append(variants, variant{v.Name, put(encoded)})
			direct := encoded
			direct.contentType = contract.MediaType(encoded.rel)
			byPath[direct.rel] = put(direct)
		}
		if len(variants) > first {
			f.encodings = variants[first:len(variants):len(variants)]
		}
	}
	return byPath
}

// etagLen is the length of a file's ETag (etag).
const etagLen = 34

// etag copies into text the strong validator of a file whose SHA-256 is sha: its first 32 hex digits,
// quoted.
func etag(text *textarena.Arena, sha string) string { return text.Add(`"`, sha[:32], `"`) }

// readManifest lists the files of a manifest, decoding one entry at a time: a map of every entry first
// took twice as long. Media types and cache headers are shared among files, not copied for each.
func (idx *fileIndex) readManifest(b []byte) ([]listing, error) {
	dec := jsontext.NewDecoder(bytes.NewReader(b))
	if tok, err := dec.ReadToken(); err != nil || tok.Kind() != '{' {
		return nil, fmt.Errorf("want a JSON object (%v)", err)
	}
	shared := map[string]string{}
	intern := func(s string) string {
		if v, ok := shared[s]; ok {
			return v
		}
		shared[s] = s
		return s
	}
	var listed []listing
	for dec.PeekKind() == '"' {
		name, err := dec.ReadToken()
		if err != nil {
			return nil, err
		}
		switch name.String() { // read before the next read voids name
		case "files":
		case "snapshot":
			if err := json.UnmarshalDecode(dec, &idx.snapshot); err != nil {
				return nil, fmt.Errorf("snapshot: %w", err)
			}
			continue
		default:
			if err := dec.SkipValue(); err != nil {
				return nil, err
			}
			continue
		}
		if tok, err := dec.ReadToken(); err != nil || tok.Kind() != '{' {
			return nil, fmt.Errorf("files: want an object (%v)", err)
		}
		for dec.PeekKind() == '"' {
			tok, err := dec.ReadToken()
			if err != nil {
				return nil, err
			}
			rel := tok.String() // before the next read voids tok
			var e contract.ManifestEntry
			if err := json.UnmarshalDecode(dec, &e); err != nil {
				return nil, err
			}
			if !fs.ValidPath(rel) || len(e.SHA256) < 32 || e.MediaType == "" {
				return nil, fmt.Errorf("a bad entry for %q", rel)
			}
			listed = append(listed, newListing(rel, e, intern(e.MediaType), intern(e.Cache.CacheControl())))
		}
		if _, err := dec.ReadToken(); err != nil {
			return nil, err
		}
	}
	_, err := dec.ReadToken()
	return listed, err
}
