package edge_test

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFilesServedOnceNeedNoDisk (issue 57): once a file was served, the edge sends it again without
// opening it: from memory when small, from a descriptor it kept open when large (site.js and the vendored
// player are over 64 KiB). Removing both from disk, as a pruning build may, changes nothing for the
// snapshot that served them: whole bodies, ranges, HEAD, If-None-Match, lengths and validators stay right.
func TestFilesServedOnceNeedNoDisk(t *testing.T) {
	e := newEdge(t)
	// One connection: each request starts after the one before gave its descriptor back.
	client := &http.Transport{MaxConnsPerHost: 1, DisableCompression: true}
	defer client.CloseIdleConnections()
	files := []string{"assets/arrow-left.json", "static/vendor/lottie_light.min.js"}
	want := map[string][]byte{}
	etags := map[string]string{}
	for _, rel := range files {
		b, err := os.ReadFile(filepath.Join(e.public, rel))
		if err != nil {
			t.Fatal(err)
		}
		want[rel] = b
		req, _ := http.NewRequest(http.MethodGet, e.URL+"/"+rel, nil)
		res, err := client.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusOK || !bytes.Equal(body, b) || res.Header.Get("ETag") == "" {
			t.Fatalf("%s: %d, %d bytes, ETag %q", rel, res.StatusCode, len(body), res.Header.Get("ETag"))
		}
		etags[rel] = res.Header.Get("ETag")
	}
	for _, rel := range files {
		if err := os.Remove(filepath.Join(e.public, rel)); err != nil {
			t.Fatal(err)
		}
	}
	for range 2 {
		for _, rel := range files {
			if err := checkServed(client, e.URL+"/"+rel, want[rel], etags[rel]); err != nil {
				t.Error(err)
			}
		}
	}
}

// checkServed asks for url whole, a range of it, HEAD and If-None-Match, and says what was wrong.
func checkServed(client http.RoundTripper, url string, want []byte, etag string) error {
	for _, c := range []struct {
		method, header, value string
		status                int
		body                  []byte
	}{
		{http.MethodGet, "", "", http.StatusOK, want},
		{http.MethodGet, "Range", "bytes=100-1099", http.StatusPartialContent, want[100:1100]},
		{http.MethodHead, "", "", http.StatusOK, nil},
		{http.MethodGet, "If-None-Match", etag, http.StatusNotModified, nil},
	} {
		req, _ := http.NewRequest(c.method, url, nil)
		if c.header != "" {
			req.Header.Set(c.header, c.value)
		}
		req.Header.Set("Accept-Encoding", "identity")
		res, err := client.RoundTrip(req)
		if err != nil {
			return err
		}
		body, err := io.ReadAll(res.Body)
		res.Body.Close()
		if err != nil || res.StatusCode != c.status || !bytes.Equal(body, c.body) || res.Header.Get("ETag") != etag ||
			c.status == http.StatusOK && res.ContentLength != int64(len(want)) {
			return fmt.Errorf("%s %s %s %s: %d, %d bytes (length %d), ETag %s (%v); want %d, %d bytes, ETag %s", c.method, url,
				c.header, c.value, res.StatusCode, len(body), res.ContentLength, res.Header.Get("ETag"), err, c.status, len(c.body), etag)
		}
	}
	return nil
}

// TestFilesStayInsideTheSnapshot: a file of public/ that is a link out of it is not followed: the edge
// answers 503, never the bytes it points to.
func TestFilesStayInsideTheSnapshot(t *testing.T) {
	secret := filepath.Join(t.TempDir(), "secret.json")
	if err := os.WriteFile(secret, []byte(`{"secret":true}`), 0o644); err != nil {
		t.Fatal(err)
	}
	e := newEdgeAfter(t, func(public string) {
		p := filepath.Join(public, "assets", "arrow-left.json")
		if err := os.Remove(p); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(secret, p); err != nil {
			t.Fatal(err)
		}
	})
	res, body := send(t, http.MethodGet, e.URL+"/assets/arrow-left.json", nil)
	if res.StatusCode != http.StatusServiceUnavailable || strings.Contains(body, "secret") {
		t.Errorf("a link out of public/: %d %s", res.StatusCode, body)
	}
}
