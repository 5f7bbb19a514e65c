package build

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"runtime"

	"github.com/andybalholm/brotli"
	"github.com/klauspost/compress/gzip"

	"github.com/iconlib/iconlib/internal/contract"
)

// Precompressed variants: the edge (or nginx's gzip_static) sends <file>.br or <file>.gz as they are to
// clients that accept them, so no static file is compressed at request time.
const (
	compressMin   = 1024 // bytes: smaller files gain too little to be worth a second file
	compressRatio = 0.9  // keep a variant only when it is at most this share of the file
)

// bestCompressed are the files that get a coding's smallest output, whatever it costs: catalog.json is
// the one large file clients fetch whole (an agent choosing an icon reads all of it), and brotli's best
// (quality 11, a 4 MiB window: the whole file's, and a 16 MiB one gained nothing for 40% more memory)
// sends it in 483 KB where level 5 sends 566 KB, for about 8 s of one core while the other storing
// goroutines go on, and about 30 MB more at the build's peak. Brotli 11 on every file would take minutes.
var bestCompressed = map[string]bool{contract.CatalogFile: true}

// codec is one content coding the build precompresses with.
type codec struct {
	contract.Coding
	newWriter  func(io.Writer) resetWriter    // a writer of the coding into w
	bestWriter func(io.Writer) io.WriteCloser // a writer of the coding's smallest output, for bestCompressed
	idle       chan resetWriter               // writers to reuse: a sync.Pool lost them at every collection
	reuseBelow int                            // bytes: larger files get a new writer, not a reused one
}

// resetWriter is what both codecs' writers do: start a new stream into w.
type resetWriter interface {
	io.WriteCloser
	Reset(w io.Writer)
}

// codecs are the content codings of the variants, in contract.Codings' order. Their levels trade a little
// size for build time, measured on the full library: gzip 9 made the cold build 2.5 times slower for
// files about 4% smaller than gzip 6; brotli 7 took 40% longer than 5 on catalog.json for 2% less, and
// brotli 11 takes seconds on it alone.
//
// Every compressible file of 1 KiB or more gets both codings where they pay: a client that accepts only
// br would otherwise get an icon's 3.8 KB animation whole, where brotli sends about 710 bytes (gzip 770).
// A reused brotli writer (Reset) compressed a large file to bytes that depended on what it compressed
// before, so two builds differed: files of 20 KiB or more (catalog.json, the search files, category
// pages: about 500) get a new writer each. A new writer costs about 1 ms, most of it clearing its tables,
// seconds over the 11,700 smaller files; those reuse writers kept idle (never a large file's), whose
// output matched a new writer's on the 900 files of the library tried, whatever came before
// (TestEveryCodingDecodesToTheFileAndRepeats).
var codecs = func() []*codec {
	newWriter := map[string]func(io.Writer) resetWriter{
		"br": func(w io.Writer) resetWriter { return brotli.NewWriterLevel(w, 5) },
		"gzip": func(w io.Writer) resetWriter {
			zw, _ := gzip.NewWriterLevel(w, 6) // a valid level: no error
			return zw
		},
	}
	bestWriter := map[string]func(io.Writer) io.WriteCloser{
		"br": func(w io.Writer) io.WriteCloser {
			return brotli.NewWriterOptions(w, brotli.WriterOptions{Quality: brotli.BestCompression, LGWin: 22})
		},
		"gzip": func(w io.Writer) io.WriteCloser {
			zw, _ := gzip.NewWriterLevel(w, gzip.BestCompression) // a valid level: no error
			return zw
		},
	}
	var cs []*codec
	for _, c := range contract.Codings {
		cd := &codec{Coding: c, newWriter: newWriter[c.Name], bestWriter: bestWriter[c.Name], reuseBelow: math.MaxInt,
			idle: make(chan resetWriter, runtime.GOMAXPROCS(0))}
		if c.Name == "br" {
			cd.reuseBelow = 20 << 10
		}
		cs = append(cs, cd)
	}
	return cs
}()

// compress encodes body, at the coding's best when best is set; the streams carry no name and no time,
// so the same file always gives the same bytes.
func (c *codec) compress(body []byte, best bool) ([]byte, error) {
	var buf bytes.Buffer
	var w io.WriteCloser
	switch {
	case best:
		w = c.bestWriter(&buf)
	case len(body) < c.reuseBelow:
		rw := c.reused(&buf)
		defer c.release(rw)
		w = rw
	default:
		w = c.newWriter(&buf)
	}
	if _, err := w.Write(body); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// reused returns an idle writer reset to write into dst, or a new one.
func (c *codec) reused(dst io.Writer) resetWriter {
	select {
	case w := <-c.idle:
		w.Reset(dst)
		return w
	default:
		return c.newWriter(dst)
	}
}

// release keeps w for the next file, unless enough writers are idle.
func (c *codec) release(w resetWriter) {
	select {
	case c.idle <- w:
	default:
	}
}

// addVariants stores a variant per codec beside the file body at path where compression pays (a
// compressible file of compressMin bytes or more, a variant of at most compressRatio of it), and marks
// both for the manifest.
func (s *site) addVariants(path string, body []byte) error {
	if !contract.Compressible(path) || len(body) < compressMin {
		return nil
	}
	for i, c := range codecs {
		out, err := c.compress(body, bestCompressed[path])
		if err != nil {
			return fmt.Errorf("precompressing %s: %w", path, err)
		}
		if float64(len(out)) > compressRatio*float64(len(body)) {
			continue
		}
		variant := path + c.Suffix
		if err := s.want(variant); err != nil {
			return err
		}
		if err := s.put(variant, out); err != nil {
			return err
		}
		s.mu.Lock()
		v, f := s.files[variant], s.files[path]
		v.variant, f.encodings = true, f.encodings|1<<i
		s.files[variant], s.files[path] = v, f
		s.mu.Unlock()
	}
	return nil
}
