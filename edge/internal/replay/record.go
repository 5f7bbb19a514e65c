package replay

import (
	"bytes"
	"net/http"
)

// Recorder is an http.ResponseWriter that keeps what a handler writes: its status, headers and body.
type Recorder struct {
	status int
	header http.Header
	body   bytes.Buffer
}

// Record has h answer r into a Recorder.
func Record(h http.Handler, r *http.Request) *Recorder {
	rec := &Recorder{header: http.Header{}}
	h.ServeHTTP(rec, r)
	if rec.status == 0 {
		rec.status = http.StatusOK
	}
	return rec
}

// Header implements http.ResponseWriter.
func (r *Recorder) Header() http.Header { return r.header }

// Write implements http.ResponseWriter.
func (r *Recorder) Write(p []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	return r.body.Write(p)
}

// WriteHeader implements http.ResponseWriter; the first status written counts.
func (r *Recorder) WriteHeader(status int) {
	if r.status == 0 {
		r.status = status
	}
}

// Body is what the handler wrote.
func (r *Recorder) Body() []byte { return r.body.Bytes() }

// SendTo writes the recorded answer to w.
func (r *Recorder) SendTo(w http.ResponseWriter) {
	h := w.Header()
	for k, v := range r.header {
		h[k] = v
	}
	w.WriteHeader(r.status)
	w.Write(r.body.Bytes())
}
