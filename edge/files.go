package edge

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"io/fs"
	"mime"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"strings"

	"golang.org/x/sync/errgroup"

	"github.com/iconlib/iconlib/internal/catalog"
)

// file is what the edge knows of one file under public/ without reading it again.
type file struct {
	path         string // on disk
	etag         string // strong validator from the content hash
	contentType  string
	cacheControl string
	gzip         *file // the build's precompressed <path>.gz, if any
}

// fileIndex maps slash paths relative to public/ ("assets/x.json") to files.
type fileIndex struct {
	byPath map[string]*file
}

var contentTypes = map[string]string{
	".json": "application/json",
	".md":   "text/markdown; charset=utf-8",
	".xml":  "application/xml",
	".txt":  "text/plain; charset=utf-8",
	".html": "text/html; charset=utf-8",
	".css":  "text/css; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
	".svg":  "image/svg+xml",
}

// contentTypesByPath covers files whose name has no telling extension.
var contentTypesByPath = map[string]string{
	apiCatalogFile: `application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"`,
}

func contentType(name string) string {
	if ct, ok := contentTypesByPath[name]; ok {
		return ct
	}
	ext := path.Ext(name)
	if ct, ok := contentTypes[ext]; ok {
		return ct
	}
	if ct := mime.TypeByExtension(ext); ct != "" {
		return ct
	}
	return "application/octet-stream"
}

// cacheControl picks how long clients may reuse a file before revalidating it with its ETag: animation
// files and SVGs change only with a new icon set release, pages and JSON with any build.
func cacheControl(rel string) string {
	switch {
	case strings.HasPrefix(rel, "assets/"), strings.HasPrefix(rel, "svg/"), strings.HasPrefix(rel, "static/vendor/"):
		return "public, max-age=86400"
	default:
		return "public, max-age=300"
	}
}

// indexFiles walks public/ once at start. ETags come from the build's manifest.json; a file the manifest
// does not list, or lists with another size (changed since the build), is hashed, in parallel.
func indexFiles(dir string) (*fileIndex, error) {
	listed := readManifest(dir)
	idx := &fileIndex{byPath: map[string]*file{}}
	var unlisted []*file
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		f := &file{path: p, contentType: contentType(rel), cacheControl: cacheControl(rel)}
		idx.byPath[rel] = f
		info, err := d.Info()
		if err != nil {
			return err
		}
		if e, ok := listed[rel]; ok && int64(e.Size) == info.Size() && len(e.SHA256) >= 32 {
			f.etag = `"` + e.SHA256[:32] + `"`
		} else {
			unlisted = append(unlisted, f)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	for _, f := range unlisted {
		g.Go(func() error {
			sum, err := hashFile(f.path)
			f.etag = `"` + sum[:32] + `"`
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	for rel, f := range idx.byPath {
		if gz, ok := idx.byPath[rel+".gz"]; ok {
			f.gzip = gz
		}
	}
	return idx, nil
}

// readManifest returns the files the build's manifest lists; none when it is missing or unreadable (an
// older public/, or files put there by hand), and then every file is hashed.
func readManifest(dir string) map[string]catalog.ManifestEntry {
	b, err := os.ReadFile(filepath.Join(dir, catalog.ManifestFile))
	if err != nil {
		return nil
	}
	var m catalog.Manifest
	if json.Unmarshal(b, &m) != nil {
		return nil
	}
	return m.Files
}

func hashFile(p string) (string, error) {
	f, err := os.Open(p)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
