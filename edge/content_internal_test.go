package edge

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeCounter is a ResponseWriter without ReadFrom (as the gzip handler's writers are) that counts
// its Writes.
type writeCounter struct {
	*httptest.ResponseRecorder
	writes int
}

func (w *writeCounter) Write(p []byte) (int, error) {
	w.writes++
	return w.ResponseRecorder.Write(p)
}

// TestServeContentCopiesBodiesWhole: through a writer without ReadFrom, an in-memory body goes out in
// one Write, a range of it and a file byte for byte, a HEAD answer has no body, and If-None-Match still
// answers 304.
func TestServeContentCopiesBodiesWhole(t *testing.T) {
	body := bytes.Repeat([]byte("0123456789"), 10_000) // 100 kB: more than a pooled buffer
	path := filepath.Join(t.TempDir(), "body")
	if err := os.WriteFile(path, body, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name       string
		method     string
		header     map[string]string
		file       bool
		wantStatus int
		wantBody   []byte
		maxWrites  int
	}{
		{name: "in memory", method: http.MethodGet, wantStatus: 200, wantBody: body, maxWrites: 1},
		{name: "a range of it", method: http.MethodGet, header: map[string]string{"Range": "bytes=10-19"}, wantStatus: 206, wantBody: body[10:20], maxWrites: 1},
		{name: "a file", method: http.MethodGet, file: true, wantStatus: 200, wantBody: body, maxWrites: 4},
		{name: "HEAD", method: http.MethodHead, wantStatus: 200, wantBody: nil},
		{name: "not modified", method: http.MethodGet, header: map[string]string{"If-None-Match": `"v1"`}, wantStatus: 304, wantBody: nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest(tc.method, "/x", nil)
			for k, v := range tc.header {
				r.Header.Set(k, v)
			}
			w := &writeCounter{ResponseRecorder: httptest.NewRecorder()}
			w.Header().Set("ETag", `"v1"`)
			if tc.file {
				f, err := os.Open(path)
				if err != nil {
					t.Fatal(err)
				}
				defer f.Close()
				serveContent(w, r, f)
			} else {
				serveContent(w, r, bytes.NewReader(body))
			}
			if w.Code != tc.wantStatus {
				t.Errorf("status %d, want %d", w.Code, tc.wantStatus)
			}
			if got := w.Body.Bytes(); !bytes.Equal(got, tc.wantBody) {
				t.Errorf("body of %d bytes (%.20q…), want %d bytes", len(got), got, len(tc.wantBody))
			}
			if tc.maxWrites > 0 && w.writes > tc.maxWrites {
				t.Errorf("%d writes, want at most %d", w.writes, tc.maxWrites)
			}
			if tc.name == "a range of it" && !strings.HasPrefix(w.Header().Get("Content-Range"), "bytes 10-19/") {
				t.Errorf("Content-Range %q", w.Header().Get("Content-Range"))
			}
		})
	}
}
