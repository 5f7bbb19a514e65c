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
	"github.com/iconlib/iconlib/internal/stringindex"
)

// file is what the edge knows of one file under public/ without reading it, as places in its index's
// tables (fileIndex's methods read them): the index's 61,000 files then hold no pointer for the garbage
// collector to follow on every cycle, where their strings and lists were six each (3 ms of marking CPU).
type file struct {
	size                      int64 // as the build wrote it
	id                        int32 // its place in fileIndex.files
	rel, etag                 span  // in fileIndex.text: the slash path under public/, and its strong validator
	contentType, cacheControl int32 // in fileIndex.labels
	encodings                 span  // in fileIndex.variants: the build's precompressed variants, best first
}

// span is where something starts and ends in one of fileIndex's tables.
type span struct{ start, end uint32 }

// variant is a precompressed file beside another: <path>.br or <path>.gz.
type variant struct {
	coding string // the content coding: "br", "gzip"
	file   int32  // in fileIndex.files
}

// fileIndex maps slash paths relative to public/ ("assets/x.json") to files.
type fileIndex struct {
	root     *os.Root // public/ as it was when indexed: files open inside it, even if public/ moves on
	dir      *os.File // the same directory, for openat2 (readFile)
	files    []file
	paths    *stringindex.Index // the paths files are served by: each path's number is its place in served
	served   []int32            // by path number: the file in files
	variants []variant
	text     string   // every file's path and ETag
	labels   []string // the content types and cache controls files name, each once
	snapshot string   // the manifest's snapshot hash (its own SHA-256 when it names none): the snapshot's identity
}

// lookup returns the file served by the slash path rel, nil when there is none.
func (idx *fileIndex) lookup(rel string) *file {
	i, ok := idx.paths.Find(rel)
	if !ok {
		return nil
	}
	return &idx.files[idx.served[i]]
}

// rel is f's slash path under public/.
func (idx *fileIndex) rel(f *file) string { return idx.text[f.rel.start:f.rel.end] }

// etag is f's strong validator, quoted.
func (idx *fileIndex) etag(f *file) string { return idx.text[f.etag.start:f.etag.end] }

// contentType is f's Content-Type.
func (idx *fileIndex) contentType(f *file) string { return idx.labels[f.contentType] }

// cacheControl is the Cache-Control of f's class.
func (idx *fileIndex) cacheControl(f *file) string { return idx.labels[f.cacheControl] }

// encodings are f's precompressed variants, best first.
func (idx *fileIndex) encodings(f *file) []variant {
	return idx.variants[f.encodings.start:f.encodings.end:f.encodings.end]
}

// variantFile is v's file.
func (idx *fileIndex) variantFile(v *variant) *file { return &idx.files[v.file] }

// open opens a file of the index.
func (idx *fileIndex) open(f *file) (*os.File, error) {
	return idx.root.Open(filepath.FromSlash(idx.rel(f)))
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
	d, err := os.Open(dir)
	if err != nil {
		root.Close()
		return nil, err
	}
	idx := &fileIndex{root: root, dir: d, snapshot: hash(b)}
	listed, err := idx.readManifest(b)
	if err != nil {
		idx.close()
		return nil, fmt.Errorf("%s: %w", contract.ManifestFile, err)
	}
	manifest, err := idx.manifestListing(b)
	if err != nil {
		idx.close()
		return nil, err
	}
	idx.addFiles(append(listed, manifest))
	return idx, nil
}

// close releases the snapshot's directory.
func (idx *fileIndex) close() {
	idx.root.Close()
	idx.dir.Close()
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

// addFiles fills idx with the listed files and their variants, which are files of public/ too, as a
// static host serves them: by their own names and types.
func (idx *fileIndex) addFiles(listed []listing) {
	var textLen, pathLen, nFiles, nVariants int
	for _, l := range listed {
		textLen += len(l.rel) + etagLen
		pathLen += len(l.rel)
		for _, v := range l.variants {
			textLen += len(l.rel) + len(v.Suffix) + etagLen
			pathLen += len(l.rel) + len(v.Suffix)
		}
		nFiles += 1 + 2*len(l.variants) // each variant is also a file of its own
		nVariants += len(l.variants)
	}
	text := make([]byte, 0, textLen)
	add := func(parts ...string) span {
		start := uint32(len(text))
		for _, p := range parts {
			text = append(text, p...)
		}
		return span{start, uint32(len(text))}
	}
	label := map[string]int32{}
	labelOf := func(s string) int32 {
		i, ok := label[s]
		if !ok {
			i = int32(len(idx.labels))
			label[s] = i
			idx.labels = append(idx.labels, s)
		}
		return i
	}
	idx.files, idx.variants = make([]file, 0, nFiles), make([]variant, 0, nVariants)
	idx.paths, idx.served = stringindex.New(nFiles-nVariants, pathLen), make([]int32, 0, nFiles-nVariants)
	put := func(f file) int32 {
		f.id = int32(len(idx.files))
		idx.files = append(idx.files, f)
		return int32(len(idx.files) - 1)
	}
	serve := func(rel string, i int32) {
		if _, added := idx.paths.Add(rel); added {
			idx.served = append(idx.served, i)
		}
	}
	for _, l := range listed {
		ct, cc := labelOf(l.contentType), labelOf(l.cacheControl)
		main := put(file{rel: add(l.rel), etag: add(`"`, l.sha256[:32], `"`), size: int64(l.size),
			contentType: ct, cacheControl: cc})
		serve(l.rel, main)
		first := len(idx.variants)
		for _, v := range l.variants {
			rel := l.rel + v.Suffix
			encoded := file{rel: add(rel), etag: add(`"`, v.SHA256[:32], `"`), size: int64(v.Size),
				contentType: ct, cacheControl: cc}
			idx.variants = append(idx.variants, variant{v.Name, put(encoded)})
			direct := encoded
			direct.contentType = labelOf(contract.MediaType(rel))
			serve(rel, put(direct))
		}
		idx.files[main].encodings = span{uint32(first), uint32(len(idx.variants))}
	}
	idx.text = string(text)
}

// etagLen is the length of a file's ETag: the first 32 hex digits of its SHA-256, quoted.
const etagLen = 34

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
