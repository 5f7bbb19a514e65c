package edge

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"io/fs"
	"mime"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"strings"

	"golang.org/x/sync/errgroup"
)

// file is what the edge knows of one file under public/ without reading it again.
type file struct {
	path         string // on disk
	etag         string // strong validator from the content hash
	contentType  string
	cacheControl string
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

// indexFiles walks public/ once at start and hashes every file, in parallel.
func indexFiles(dir string) (*fileIndex, error) {
	idx := &fileIndex{byPath: map[string]*file{}}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		idx.byPath[rel] = &file{path: p, contentType: contentType(rel), cacheControl: cacheControl(rel)}
		return nil
	})
	if err != nil {
		return nil, err
	}
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	for _, f := range idx.byPath {
		g.Go(func() error {
			sum, err := hashFile(f.path)
			f.etag = `"` + sum[:32] + `"`
			return err
		})
	}
	return idx, g.Wait()
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
