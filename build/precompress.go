package build

import (
	"bytes"
	"path"
	"runtime"
	"sync"

	"github.com/klauspost/compress/gzip"
	"golang.org/x/sync/errgroup"
)

// Precompressed sidecars: the edge (or nginx's gzip_static) sends <file>.gz to clients that accept gzip,
// so no static file is compressed at request time.
const (
	compressMin   = 1024 // bytes: smaller files gain too little to be worth a second file
	compressRatio = 0.9  // keep a sidecar only when it is at most this share of the file
	// gzipLevel trades a little size for build time: level 9 made the cold build 2.5 times slower for
	// files about 4% smaller.
	gzipLevel = 6
)

// compressible are the text formats worth compressing.
var compressible = map[string]bool{
	".json": true, ".html": true, ".md": true, ".svg": true, ".js": true, ".css": true, ".xml": true, ".txt": true,
}

// addPrecompressed adds <path>.gz beside every text file worth it. The gzip stream has no name and no
// time, so the same file always gives the same bytes.
func (s *site) addPrecompressed() error {
	var todo []string
	for _, p := range s.paths() {
		if compressible[path.Ext(p)] && len(s.files[p]) >= compressMin {
			todo = append(todo, p)
		}
	}
	out := make([][]byte, len(todo))
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	writers := sync.Pool{New: func() any {
		zw, _ := gzip.NewWriterLevel(nil, gzipLevel) // a valid level: no error
		return zw
	}}
	for i, p := range todo {
		g.Go(func() error {
			var buf bytes.Buffer
			zw := writers.Get().(*gzip.Writer)
			defer writers.Put(zw)
			zw.Reset(&buf)
			if _, err := zw.Write(s.files[p]); err != nil {
				return err
			}
			if err := zw.Close(); err != nil {
				return err
			}
			if float64(buf.Len()) <= compressRatio*float64(len(s.files[p])) {
				out[i] = buf.Bytes()
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return err
	}
	for i, p := range todo {
		if out[i] != nil {
			if err := s.add(p+".gz", out[i]); err != nil {
				return err
			}
		}
	}
	return nil
}
