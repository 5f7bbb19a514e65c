package edge

import (
	"bytes"
	"io"
	"net/http"
	"sync"
	"time"
)

// serveContent is http.ServeContent (If-None-Match, Range, HEAD) without a buffer per response: it copies
// the body through io.CopyN, which allocates a buffer of the body's size unless the writer has ReadFrom,
// and the gzip handler's writers hide the server's. bodyCopier gives it one.
func serveContent(w http.ResponseWriter, r *http.Request, content io.ReadSeeker) {
	http.ServeContent(bodyCopier{w}, r, "", time.Time{}, content)
}

// bodyCopier is a ResponseWriter whose ReadFrom writes an in-memory body as it is, and anything else
// through a pooled buffer.
type bodyCopier struct{ http.ResponseWriter }

// ReadFrom copies src to the response: ServeContent's limit on a bytes.Reader that holds no more than it
// is written with one Write; other readers go through a pooled buffer.
func (c bodyCopier) ReadFrom(src io.Reader) (int64, error) {
	w := struct{ io.Writer }{c.ResponseWriter} // no ReadFrom, so no copy calls back here
	if lr, ok := src.(*io.LimitedReader); ok {
		if br, ok := lr.R.(*bytes.Reader); ok && int64(br.Len()) <= lr.N {
			return br.WriteTo(w)
		}
	}
	buf := copyBuffers.Get().(*[]byte)
	defer copyBuffers.Put(buf)
	return io.CopyBuffer(w, src, *buf)
}

// copyBuffers are the buffers bodyCopier copies files through.
var copyBuffers = sync.Pool{New: func() any { b := make([]byte, 32<<10); return &b }}
