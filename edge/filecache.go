package edge

import (
	"bytes"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// The file cache: what serving one of a snapshot's files needs, so that a file served before costs no
// system call to find, open, stat or read it. nginx needs 5–6 system calls a file; opening each afresh
// inside the snapshot's os.Root took about 17, half the edge's CPU on a file request.
//
// Files under smallFile bytes (all but about 30 of the library's 50,000) are kept whole in memory, up to
// cacheBudget bytes of them: 24 MiB holds the gzip and brotli variants of every icon's files, and the
// identity bytes of several thousand more, within the edge's 100 MB. Larger ones (catalog.json, the search
// files) are kept as open descriptors, a few for each, which http.ServeContent hands to sendfile. Files
// come in on their first request and leave by the clock (second-chance) algorithm once the budget is
// spent. Each snapshot has its own cache, filled from its own directory, so a request finishes with the
// bytes of the snapshot it started on; the descriptors of a snapshot no request holds any more are
// closed by os.File's cleanup once it is collected.
const (
	smallFile    = 64 << 10 // bytes: files this large or larger are kept as descriptors, not in memory
	cacheBudget  = 24 << 20 // bytes of small files kept in memory per snapshot
	largeKept    = 64       // large files whose descriptors are kept at once
	idleLargeFDs = 4        // descriptors of one large file kept open between its requests
)

// fileCache holds the cached files of one fileIndex, by their place in it.
type fileCache struct {
	idx     *fileIndex
	logger  *slog.Logger
	entries []atomic.Pointer[cachedFile] // by file; nil when not cached
	budget  int                          // bytes of small files: cacheBudget
	keep    int                          // large files: largeKept
	mu      sync.Mutex                   // guards what follows
	ring    []*cachedFile                // the cached files, for the clock's hand
	hand    int
	bytes   int // of the small files' bodies
	large   int // large files kept
}

// cachedFile is a file ready to send: its response headers (each a slice of its own, set into a
// response's header as it is) and its bytes, or descriptors open on it.
type cachedFile struct {
	file                      int32
	contentType, etag, length []string // etag nil when the file differs from the manifest
	cacheControl              []string // of the file's class
	body                      []byte   // a small file's bytes; nil for a large file
	fds                       sync.Mutex
	idle                      []*os.File // a large file's descriptors free for a request
	evicted                   bool       // guarded by fds: descriptors given back are closed
	used                      atomic.Bool
}

// newFileCache caches the files of idx, logging to logger.
func newFileCache(idx *fileIndex, logger *slog.Logger) *fileCache {
	return &fileCache{idx: idx, logger: logger, entries: make([]atomic.Pointer[cachedFile], len(idx.files)),
		budget: cacheBudget, keep: largeKept}
}

// get returns f ready to send, reading it (or opening it, when large) on its first request.
func (c *fileCache) get(f *file) (*cachedFile, error) {
	if cf := c.entries[f.id].Load(); cf != nil {
		if !cf.used.Load() { // most hits find it set, and write nothing shared
			cf.used.Store(true)
		}
		return cf, nil
	}
	cf, err := c.load(f)
	if err != nil {
		return nil, err
	}
	return c.add(cf), nil
}

// load reads a file of the index, or opens it when large, and computes its headers.
func (c *fileCache) load(f *file) (*cachedFile, error) {
	idx := c.idx
	cf := &cachedFile{file: f.id, contentType: []string{idx.contentType(f)}, cacheControl: []string{idx.cacheControl(f)}}
	var size int64
	if f.size < smallFile {
		b, err := idx.readFile(f)
		if err != nil {
			return nil, err
		}
		cf.body, size = b, int64(len(b))
	} else {
		fh, err := idx.open(f)
		if err != nil {
			return nil, err
		}
		info, err := fh.Stat()
		if err != nil {
			fh.Close()
			return nil, err
		}
		cf.idle, size = []*os.File{fh}, info.Size()
	}
	cf.length = []string{strconv.FormatInt(size, 10)}
	if size == f.size {
		cf.etag = []string{idx.etag(f)}
	} else {
		// Changed since the build: the manifest's hash is not these bytes', so no validator is better
		// than a wrong one.
		c.logger.Warn("file differs from the build's manifest; sent without an ETag", "file", idx.rel(f))
	}
	return cf, nil
}

// add caches cf unless a request that loaded it at the same time did first, and returns what is cached;
// it evicts files until the cache is within its budget.
func (c *fileCache) add(cf *cachedFile) *cachedFile {
	c.mu.Lock()
	defer c.mu.Unlock()
	if had := c.entries[cf.file].Load(); had != nil {
		cf.evict()
		return had
	}
	c.entries[cf.file].Store(cf)
	c.ring = append(c.ring, cf)
	c.bytes += len(cf.body)
	if cf.body == nil {
		c.large++
	}
	for (c.bytes > c.budget || c.large > c.keep) && len(c.ring) > 1 {
		c.evictOne(cf)
	}
	return cf
}

// evictOne removes the first file under the clock's hand not used since the hand last passed, but never
// keep (the file being added); c.mu is held.
func (c *fileCache) evictOne(keep *cachedFile) {
	for {
		c.hand %= len(c.ring)
		cf := c.ring[c.hand]
		if cf == keep || cf.used.Swap(false) {
			c.hand++
			continue
		}
		// The newest file takes the evicted one's place, behind the hand: it has a whole turn to be
		// asked for again before the hand comes back to it.
		last := len(c.ring) - 1
		c.ring[c.hand], c.ring[last] = c.ring[last], nil
		c.ring = c.ring[:last]
		c.hand++
		c.entries[cf.file].Store(nil)
		c.bytes -= len(cf.body)
		if cf.body == nil {
			c.large--
		}
		cf.evict()
		return
	}
}

// evict closes the descriptors of a large file no request holds; those held are closed when given back.
func (cf *cachedFile) evict() {
	cf.fds.Lock()
	defer cf.fds.Unlock()
	cf.evicted = true
	for _, fh := range cf.idle {
		fh.Close()
	}
	cf.idle = nil
}

// serve sends the file's bytes to w, which holds its headers: http.ServeContent answers If-None-Match,
// Range and HEAD. A large file goes out through net/http's own ReadFrom, which sends it with sendfile.
func (cf *cachedFile) serve(w http.ResponseWriter, r *http.Request, idx *fileIndex) error {
	if cf.body != nil {
		serveContent(w, r, bytes.NewReader(cf.body))
		return nil
	}
	fh, err := cf.take(idx)
	if err != nil {
		return err
	}
	defer cf.giveBack(fh)
	http.ServeContent(w, r, "", time.Time{}, fh)
	return nil
}

// take returns a descriptor of a large file for one request: an idle one, or a new one.
func (cf *cachedFile) take(idx *fileIndex) (*os.File, error) {
	cf.fds.Lock()
	if n := len(cf.idle); n > 0 {
		fh := cf.idle[n-1]
		cf.idle = cf.idle[:n-1]
		cf.fds.Unlock()
		return fh, nil
	}
	cf.fds.Unlock()
	fh, err := idx.open(&idx.files[cf.file])
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", idx.rel(&idx.files[cf.file]), err)
	}
	return fh, nil
}

// giveBack keeps a descriptor for the next request, or closes it when enough are idle or the file left
// the cache.
func (cf *cachedFile) giveBack(fh *os.File) {
	cf.fds.Lock()
	defer cf.fds.Unlock()
	if cf.evicted || len(cf.idle) >= idleLargeFDs {
		fh.Close()
		return
	}
	cf.idle = append(cf.idle, fh)
}
