package edge

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strconv"
	"sync"

	"github.com/klauspost/compress/gzip"

	"github.com/iconlib/iconlib/edge/internal/answers"
)

// answer is a finished answer: its body, and the body's gzip coding when that is worth sending, each with
// its own ETag. A home page search's is kept whole in the snapshot's answer cache; a REST search's body is
// joined again from its cached ranking on each request (a few kilobytes copied, cheaper than the cache
// room of every popular query's body), and only its gzip coding is kept (gzipKey). Either way nothing is
// ranked, hashed or compressed again.
type answer struct {
	body         []byte
	etag         string // of body; the gzip coding's adds -gzip
	contentType  string
	cacheControl string
	gzipCache    *answers.Cache // where the gzip coding is kept under gzipKey; nil: in the answer
	gzipKey      string
	gzipOnce     sync.Once
	gzipped      []byte // made by the first client that takes gzip; nil when not worth it
}

// Answers at least this long get a gzip coding, kept when it is at most 90% of the body (as the build
// decides for static files).
const minCompressible = 1024

var gzipOnly = []variant{{coding: "gzip"}}

var gzipWriters = sync.Pool{New: func() any { w, _ := gzip.NewWriterLevel(nil, gzip.DefaultCompression); return w }}

// newAnswer makes an answer of body; etag names it (see etagFor).
func newAnswer(body []byte, etag, contentType, cacheControl string) *answer {
	return &answer{body: body, etag: etag, contentType: contentType, cacheControl: cacheControl}
}

// keepGzipIn makes the answer's gzip coding be kept in c under key (a name of the body within the
// snapshot), not in the answer, which is made again for each request.
func (a *answer) keepGzipIn(c *answers.Cache, key string) {
	a.gzipCache, a.gzipKey = c, "gzip\x00"+key
}

// gzipCoding is the body's gzip coding, compressed once, on first use; nil for a body too short to be
// worth it, or one gzip barely shrinks.
func (a *answer) gzipCoding() []byte {
	a.gzipOnce.Do(func() {
		if len(a.body) < minCompressible {
			return
		}
		a.gzipped, _ = answers.Get(a.gzipCache, a.gzipKey, func() ([]byte, int, error) {
			gz := compress(a.body)
			return gz, len(gz) + 64, nil
		})
	})
	return a.gzipped
}

// compress is body's gzip coding, or nil when it is not at most 90% of body.
func compress(body []byte) []byte {
	var buf bytes.Buffer
	zw := gzipWriters.Get().(*gzip.Writer)
	zw.Reset(&buf)
	zw.Write(body)
	zw.Close()
	gzipWriters.Put(zw)
	if buf.Len()*10 > len(body)*9 {
		return nil
	}
	return buf.Bytes()
}

// size is the bytes an answer holds, as the answer cache counts them: its gzip coding, made later, is
// counted ahead at a third of the body, about what gzip makes of JSON and HTML.
func (a *answer) size() int { return len(a.body)*4/3 + len(a.etag) + 128 }

// etagFor names the answer to key (the normalised parameters of a request) within this snapshot: within
// one snapshot the same parameters always get the same bytes, so the ETag needs no hash of the body.
func (s *server) etagFor(key string) string {
	var in [256]byte // most snapshot names and keys fit: no allocation but the ETag's
	sum := sha256.Sum256(append(append(append(in[:0], s.files.snapshot...), 0), key...))
	var tag [1 + 32 + 1]byte // the sum's first half in hex, quoted
	tag[0], tag[len(tag)-1] = '"', '"'
	hex.Encode(tag[1:len(tag)-1], sum[:16])
	return string(tag[:])
}

// cachedAnswer returns the answer cached under key, or makes it with encode (its body) and caches it.
func (s *server) cachedAnswer(key, contentType, cacheControl string, encode func() ([]byte, error)) (*answer, error) {
	return answers.Get(s.answers, key, func() (*answer, int, error) {
		body, err := encode()
		if err != nil {
			return nil, 0, err
		}
		a := newAnswer(body, s.etagFor(key), contentType, cacheControl)
		return a, a.size(), nil
	})
}

// sendAnswer writes an answer in the coding the client accepts best; http.ServeContent answers
// If-None-Match, Range and HEAD.
func sendAnswer(w http.ResponseWriter, r *http.Request, a *answer) {
	h := w.Header()
	h.Set("Content-Type", a.contentType)
	h.Set("Cache-Control", a.cacheControl)
	body, etag := a.body, a.etag
	if len(a.body) >= minCompressible {
		addVary(h, "Accept-Encoding")
		if chooseVariant(parseAcceptEncoding(r.Header.Values("Accept-Encoding")), gzipOnly) != nil && a.gzipCoding() != nil {
			body, etag = a.gzipCoding(), etag[:len(etag)-1]+`-gzip"`
			h.Set("Content-Encoding", "gzip")
			if r.Header.Get("Range") == "" {
				h.Set("Content-Length", strconv.Itoa(len(body)))
			}
		}
	}
	h.Set("ETag", etag)
	serveContent(w, r, bytes.NewReader(body))
}
