package statichost

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// deploy writes files (slash path → body) into a directory and deploys it with limits.
func deploy(t *testing.T, files map[string]string, limits Limits) (*Site, error) {
	t.Helper()
	dir := t.TempDir()
	for p, body := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return Deploy(dir, limits)
}

func TestDeployOverALimitIsRefused(t *testing.T) {
	files := map[string]string{"a.txt": "12345", "b/c.txt": "1", "_headers": "/*\n  X-A: 1\n/b/*\n  X-B: 2\n",
		"_redirects": "/x  /a.txt  301\n/y/:id  /a.txt  301\n/z/*  /a.txt  301\n"}
	for _, tc := range []struct {
		name   string
		limits Limits
		want   string // in the error; "" for a deploy that is accepted
	}{
		{"within every limit", Limits{Files: 4, FileBytes: 100, TotalBytes: 200, HeaderRules: 2, StaticRedirects: 1, DynamicRedirects: 2}, ""},
		{"too many files", Limits{Files: 3}, "4 files, over the limit of 3"},
		{"a file too large", Limits{FileBytes: 4}, "a.txt: 5 bytes, over the limit of 4 a file"},
		{"too many bytes", Limits{TotalBytes: 50}, "bytes in all, over the limit of 50"},
		{"too many header rules", Limits{HeaderRules: 1}, "2 header rules"},
		{"too many dynamic redirects", Limits{DynamicRedirects: 1}, "2 dynamic redirects"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := deploy(t, files, tc.limits)
			if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
				t.Errorf("Deploy: %v; want %q", err, tc.want)
			}
		})
	}
}

func TestSiteFollowsHeadersAndRedirects(t *testing.T) {
	edge := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		io.WriteString(w, strings.TrimSpace("edge "+r.Method+" "+r.URL.RequestURI()+" "+string(body)))
	}))
	defer edge.Close()
	site, err := deploy(t, map[string]string{
		"index.html": "home", "docs/index.html": "docs", "notes.md": "# notes", "big.txt": strings.Repeat("word ", 1000),
		"_headers": "/*\n  X-Frame-Options: DENY\n/*.md\n  Content-Type: text/markdown; charset=utf-8\n  X-Frame-Options: SAMEORIGIN\n",
		"_redirects": "/api/:id  " + edge.URL + "/api/:id  200\n/  q=:q  " + edge.URL + "/?q=:q  200!\n" +
			"/old  /notes.md  302\n/notes.md  /nowhere  301\n",
	}, Pages)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, method, path, acceptEncoding string
		status                             int
		header                             map[string]string
		body                               string
	}{
		{"a page", "GET", "/", "", 200, map[string]string{"X-Frame-Options": "DENY", "Content-Type": "text/html; charset=utf-8"}, "home"},
		{"a directory's index", "GET", "/docs/", "", 200, nil, "docs"},
		{"a directory without its slash", "GET", "/docs?a=1", "", 301, map[string]string{"Location": "/docs/?a=1"}, ""},
		{"two rules join a header", "GET", "/notes.md", "", 200, map[string]string{"X-Frame-Options": "DENY, SAMEORIGIN", "Content-Type": "text/markdown; charset=utf-8"}, "# notes"},
		{"a proxy, query and body along", "POST", "/api/bell?limit=2", "", 200, nil, "edge POST /api/bell?limit=2 sent"},
		{"a forced rule on a query shadows the file", "GET", "/?q=a+b", "", 200, nil, "edge GET /?q=a+b"},
		{"a redirect", "GET", "/old", "", 302, map[string]string{"Location": "/notes.md"}, ""},
		{"the host compresses", "GET", "/big.txt", "gzip", 200, map[string]string{"Content-Encoding": "gzip"}, ""},
		{"its own files are not served", "GET", "/_headers", "", 404, nil, ""},
		{"a miss", "GET", "/nothing", "", 404, nil, ""},
		{"a file takes only GET and HEAD", "DELETE", "/notes.md", "", 405, map[string]string{"Allow": "GET, HEAD"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var body io.Reader
			if tc.method == "POST" {
				body = strings.NewReader("sent")
			}
			req := httptest.NewRequest(tc.method, tc.path, body)
			if tc.acceptEncoding != "" {
				req.Header.Set("Accept-Encoding", tc.acceptEncoding)
			}
			rec := httptest.NewRecorder()
			site.ServeHTTP(rec, req)
			if rec.Code != tc.status {
				t.Errorf("status %d, want %d", rec.Code, tc.status)
			}
			for name, want := range tc.header {
				if got := rec.Header().Get(name); got != want {
					t.Errorf("%s %q, want %q", name, got, want)
				}
			}
			if tc.body != "" && rec.Body.String() != tc.body {
				t.Errorf("body %q, want %q", rec.Body.String(), tc.body)
			}
		})
	}
}
