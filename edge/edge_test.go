package edge_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/andybalholm/brotli"

	"github.com/iconlib/iconlib/build"
	"github.com/iconlib/iconlib/edge"
	"github.com/iconlib/iconlib/edge/access"
	"github.com/iconlib/iconlib/internal/contract"
	"github.com/iconlib/iconlib/internal/openapicheck"
)

const base = "https://icons.example"

// testEdge is the fixture library, built and served, with its OpenAPI document.
type testEdge struct {
	*httptest.Server
	public string
	spec   *openapicheck.Spec
}

// newEdge builds the fixture library and serves it.
func newEdge(t *testing.T) *testEdge {
	t.Helper()
	return newEdgeAfter(t, func(string) {})
}

// newEdgeAfter builds the fixture library, lets damage change public/, then serves it.
func newEdgeAfter(t *testing.T, damage func(public string)) *testEdge {
	t.Helper()
	out := t.TempDir()
	if _, err := build.Run(context.Background(), build.Options{ContentDir: "../build/testdata/content", OutDir: out, BaseURL: contract.MustParseBaseURL(base)}); err != nil {
		t.Fatal(err)
	}
	damage(out)
	h, err := edge.New(edge.Config{Logger: slog.New(slog.DiscardHandler), Version: "test", PublicDir: out, AnswerCacheMB: 8, Access: access.Settings{KeyFile: filepath.Join(t.TempDir(), "key.pem"), Clock: time.Now, Limits: access.DefaultLimits()}})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	spec, err := openapicheck.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	return &testEdge{Server: srv, public: out, spec: spec}
}

// do sends a request and returns the response and its body; every answer under /api/, and catalog.json,
// is checked against openapi.json.
func (e *testEdge) do(t *testing.T, method, path string, header map[string]string) (*http.Response, string) {
	t.Helper()
	res, body := send(t, method, e.URL+path, header)
	if strings.HasPrefix(path, "/api/") || path == "/"+contract.CatalogFile {
		p := path
		if i := strings.IndexByte(p, '?'); i >= 0 {
			p = p[:i]
		}
		if err := e.spec.Check(method, p, res.StatusCode, res.Header, []byte(body)); err != nil {
			t.Errorf("OpenAPI: %v", err)
		}
	}
	return res, body
}

func mustGet(t *testing.T, e *testEdge, path string) []byte {
	t.Helper()
	res, body := e.do(t, http.MethodGet, path, nil)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d %s", path, res.StatusCode, body)
	}
	return []byte(body)
}

func send(t *testing.T, method, url string, header map[string]string) (*http.Response, string) {
	t.Helper()
	return sendReader(t, method, url, nil, header)
}

// sendReader sends a request with body (nil for none) as written: no redirect followed, no compression
// asked for or undone; it returns the response with its body read.
func sendReader(t *testing.T, method, url string, body io.Reader, header map[string]string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, body)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	client := &http.Client{
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		Transport:     &http.Transport{DisableCompression: true},
	}
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, string(b)
}

func TestStaticFilesHaveTheirContentTypes(t *testing.T) {
	e := newEdge(t)
	tests := []struct{ path, contentType, contains string }{
		{"/catalog.json", "application/json", `"base_url":"` + base + `"`},
		{"/assets/arrow-left.json", "application/json", `"markers":[`},
		{"/svg/arrow-left.svg", "image/svg+xml", "<svg"},
		{"/docs/web.md", "text/markdown; charset=utf-8", "# On the web"},
		{"/docs/web/", "text/html; charset=utf-8", "<h1>On the web</h1>"},
		{"/sitemap.xml", "application/xml", "<urlset"},
		{"/robots.txt", "text/plain; charset=utf-8", "Sitemap:"},
		{"/llms.txt", "text/plain; charset=utf-8", "# iconlib"},
		{"/index.md", "text/markdown; charset=utf-8", "# iconlib"},
		{"/", "text/html; charset=utf-8", "<form"},
		{"/icons/arrow-left/", "text/html; charset=utf-8", "Go back to the previous screen or step."},
		{"/static/style.css", "text/css; charset=utf-8", "--accent"},
		{"/static/vendor/lottie_light.min.js", "text/javascript; charset=utf-8", "loadAnimation"},
		{"/api/v1/icons/arrow-left", "application/json", `"id":"arrow-left"`},
		{"/api/v1/icons/arrow-left.json", "application/json", `"id":"arrow-left"`}, // the file's name, as on a static host
		{"/api/v1/categories", "application/json", `"total": 3`},
		{"/healthz", "application/json", `"ok"`},
		{"/.well-known/ai-catalog.json", "application/ai-catalog+json", `"entries"`},
	}
	for _, tc := range tests {
		t.Run(tc.path, func(t *testing.T) {
			res, body := e.do(t, http.MethodGet, tc.path, nil)
			if res.StatusCode != http.StatusOK {
				t.Fatalf("status %d: %s", res.StatusCode, body)
			}
			if ct := res.Header.Get("Content-Type"); ct != tc.contentType {
				t.Errorf("Content-Type %q, want %q", ct, tc.contentType)
			}
			if !strings.Contains(body, tc.contains) {
				t.Errorf("body lacks %q", tc.contains)
			}
		})
	}
}

func TestETagAndConditionalRequests(t *testing.T) {
	e := newEdge(t)
	res, _ := e.do(t, http.MethodGet, "/assets/arrow-left.json", nil)
	etag := res.Header.Get("ETag")
	if !strings.HasPrefix(etag, `"`) || len(etag) < 10 {
		t.Fatalf("ETag %q", etag)
	}
	if cc := res.Header.Get("Cache-Control"); !strings.Contains(cc, "max-age") {
		t.Errorf("Cache-Control %q", cc)
	}
	res, body := e.do(t, http.MethodGet, "/assets/arrow-left.json", map[string]string{"If-None-Match": etag})
	if res.StatusCode != http.StatusNotModified || body != "" {
		t.Errorf("If-None-Match: status %d, body %q; want 304 and no body", res.StatusCode, body)
	}
	res, _ = e.do(t, http.MethodGet, "/assets/arrow-left.json", map[string]string{"If-None-Match": `"other"`})
	if res.StatusCode != http.StatusOK {
		t.Errorf("stale If-None-Match: status %d", res.StatusCode)
	}
}

func TestCompressesWhenAccepted(t *testing.T) {
	e := newEdge(t)
	req, _ := http.NewRequest(http.MethodGet, e.URL+"/catalog.json", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	res, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.Header.Get("Content-Encoding") != "gzip" || !strings.Contains(strings.Join(res.Header.Values("Vary"), ","), "Accept-Encoding") {
		t.Fatalf("Content-Encoding %q, Vary %q", res.Header.Get("Content-Encoding"), res.Header.Get("Vary"))
	}
	zr, err := gzip.NewReader(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	var c map[string]any
	if err := json.NewDecoder(zr).Decode(&c); err != nil || c["base_url"] != base {
		t.Errorf("gzip body does not decode to the catalog: %v", err)
	}
}

func TestHeadAnswersLikeGet(t *testing.T) {
	e := newEdge(t)
	get, getBody := e.do(t, http.MethodGet, "/llms.txt", nil)
	head, headBody := e.do(t, http.MethodHead, "/llms.txt", nil)
	if head.StatusCode != 200 || headBody != "" || head.Header.Get("ETag") != get.Header.Get("ETag") ||
		head.Header.Get("Content-Length") != get.Header.Get("Content-Length") || len(getBody) == 0 {
		t.Errorf("HEAD %d %q etag %q len %q; GET etag %q len %q", head.StatusCode, headBody,
			head.Header.Get("ETag"), head.Header.Get("Content-Length"), get.Header.Get("ETag"), get.Header.Get("Content-Length"))
	}
}

func TestErrorsUseTheContractEnvelope(t *testing.T) {
	e := newEdge(t)
	tests := []struct {
		method, path string
		status       int
		code         string
	}{
		{http.MethodGet, "/nope", 404, "not_found"},
		{http.MethodGet, "/assets/nope.json", 404, "not_found"},
		{http.MethodGet, "/api/v1/icons/nope", 404, "not_found"},
		{http.MethodGet, "/docs/nope.md", 404, "not_found"},
		{http.MethodGet, "/assets/..%2f..%2f..%2fetc%2fpasswd", 404, "not_found"},
		{http.MethodGet, "/static/%2e%2e/%2e%2e/etc/passwd", 404, "not_found"},
		{http.MethodPost, "/catalog.json", 405, "method_not_allowed"},
		{http.MethodDelete, "/assets/arrow-left.json", 405, "method_not_allowed"},
	}
	for _, tc := range tests {
		t.Run(tc.method+" "+tc.path, func(t *testing.T) {
			res, body := e.do(t, tc.method, tc.path, nil)
			if res.StatusCode != tc.status {
				t.Fatalf("status %d, want %d", res.StatusCode, tc.status)
			}
			var e struct {
				Error struct{ Code, Message string }
			}
			if err := json.Unmarshal([]byte(body), &e); err != nil || e.Error.Code != tc.code || e.Error.Message == "" {
				t.Errorf("body %q, want error code %q with a message", body, tc.code)
			}
			if res.Header.Get("Content-Type") != "application/json" {
				t.Errorf("Content-Type %q", res.Header.Get("Content-Type"))
			}
			if tc.status == 405 && res.Header.Get("Allow") == "" {
				t.Error("405 without Allow")
			}
		})
	}
}

func TestDirectoryWithoutSlashRedirects(t *testing.T) {
	e := newEdge(t)
	res, _ := e.do(t, http.MethodGet, "/icons/arrow-left", nil)
	if res.StatusCode != http.StatusMovedPermanently || res.Header.Get("Location") != "/icons/arrow-left/" {
		t.Errorf("status %d Location %q", res.StatusCode, res.Header.Get("Location"))
	}
}

func TestNewRefusesADirectoryWithoutABuild(t *testing.T) {
	_, err := edge.New(edge.Config{Logger: slog.New(slog.DiscardHandler), Version: "test", PublicDir: t.TempDir()})
	if err == nil || !strings.Contains(err.Error(), "iconlib build") {
		t.Fatalf("err = %v, want a hint to run the build", err)
	}
}

// TestETagsComeFromTheManifestAndFollowTheBytes: ETags, media types and variants are the manifest's, so
// the edge reads no file at start; a file changed after the build (no longer the manifest's size) goes
// out without an ETag rather than under a wrong one.
func TestETagsComeFromTheManifestAndFollowTheBytes(t *testing.T) {
	changed := []byte(`{"changed after the build":true}`)
	e := newEdgeAfter(t, func(public string) {
		if err := os.WriteFile(filepath.Join(public, "assets", "zigzag.json"), changed, 0o644); err != nil {
			t.Fatal(err)
		}
	})
	var m contract.Manifest
	if err := json.Unmarshal(mustGet(t, e, "/manifest.json"), &m); err != nil {
		t.Fatal(err)
	}
	if len(m.Snapshot) != 64 || len(m.Files) < 20 || !strings.HasPrefix(m.Generator, "iconlib") {
		t.Fatalf("manifest: generator %q, snapshot %q, %d files", m.Generator, m.Snapshot, len(m.Files))
	}
	hashOf := func(rel string) (string, int) {
		body, err := os.ReadFile(filepath.Join(e.public, filepath.FromSlash(rel)))
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(body)
		return hex.EncodeToString(sum[:]), len(body)
	}
	for _, rel := range []string{"assets/arrow-left.json", "openapi.json", "index.html", "docs/web.md"} {
		entry := m.Files[rel]
		if sum, size := hashOf(rel); entry.SHA256 != sum || entry.Size != size {
			t.Errorf("manifest says %s is %s, %d bytes; it has %d bytes hashing to %s", rel, entry.SHA256, entry.Size, size, sum)
		}
		for coding, v := range entry.Encodings {
			suffix := map[string]string{"br": ".br", "gzip": ".gz"}[coding]
			if sum, size := hashOf(rel + suffix); v.SHA256 != sum || v.Size != size {
				t.Errorf("manifest says %s%s is %s, %d bytes; it has %d bytes hashing to %s", rel, suffix, v.SHA256, v.Size, size, sum)
			}
		}
		res, _ := e.do(t, http.MethodGet, "/"+rel, nil)
		if want := `"` + entry.SHA256[:32] + `"`; res.Header.Get("ETag") != want || res.Header.Get("Content-Type") != entry.MediaType {
			t.Errorf("%s: ETag %s, type %q; want the manifest's %s, %q", rel, res.Header.Get("ETag"),
				res.Header.Get("Content-Type"), want, entry.MediaType)
		}
	}
	if len(m.Files["openapi.json"].Encodings) != 2 || m.Files["openapi.json"].Cache != contract.CacheBuild ||
		m.Files["assets/arrow-left.json"].Cache != contract.CacheRelease {
		t.Errorf("openapi.json %+v; assets/arrow-left.json cache %q", m.Files["openapi.json"], m.Files["assets/arrow-left.json"].Cache)
	}
	if _, listed := m.Files["openapi.json.gz"]; listed {
		t.Error("the manifest lists a variant as a file of its own")
	}
	res, body := e.do(t, http.MethodGet, "/assets/zigzag.json", nil)
	if body != string(changed) || res.Header.Get("ETag") != "" {
		t.Errorf("a file changed after the build: body %q, ETag %q; want its bytes and no ETag", body, res.Header.Get("ETag"))
	}
}

// TestServesTheBuildsPrecompressedFiles: a client gets the build's openapi.json.br or .gz as it is (its
// own ETag and length, ranges and HEAD right) by what its Accept-Encoding prefers, one that refuses both
// the plain file, and all see Vary: Accept-Encoding.
func TestServesTheBuildsPrecompressedFiles(t *testing.T) {
	e := newEdge(t)
	// A transport that neither asks for gzip itself nor decompresses, so each request says what it says.
	plainTransport := &http.Transport{DisableCompression: true}
	t.Cleanup(plainTransport.CloseIdleConnections)
	read := func(name string) []byte {
		b, err := os.ReadFile(filepath.Join(e.public, name))
		if err != nil {
			t.Fatalf("the build wrote no %s: %v", name, err)
		}
		return b
	}
	plain := read("openapi.json")
	variants := map[string][]byte{"gzip": read("openapi.json.gz"), "br": read("openapi.json.br")}
	decoders := map[string]func([]byte) ([]byte, error){
		"gzip": func(b []byte) ([]byte, error) {
			zr, err := gzip.NewReader(bytes.NewReader(b))
			if err != nil {
				return nil, err
			}
			return io.ReadAll(zr)
		},
		"br": func(b []byte) ([]byte, error) { return io.ReadAll(brotli.NewReader(bytes.NewReader(b))) },
	}
	get := func(method string, header map[string]string) (*http.Response, []byte) {
		t.Helper()
		req, _ := http.NewRequest(method, e.URL+"/openapi.json", nil)
		for k, v := range header {
			req.Header.Set(k, v)
		}
		res, err := plainTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		return res, body
	}
	for accept, coding := range map[string]string{"gzip": "gzip", "br;q=0.5, gzip;q=1": "gzip", "x-gzip": "gzip",
		"br": "br", "gzip, deflate, br, zstd": "br", "*": "br", "br;q=1, gzip;q=0.5": "br"} {
		res, body := get(http.MethodGet, map[string]string{"Accept-Encoding": accept})
		want := variants[coding]
		if res.Header.Get("Content-Encoding") != coding || !bytes.Equal(body, want) ||
			res.Header.Get("Content-Length") != fmt.Sprint(len(want)) || !strings.Contains(strings.Join(res.Header.Values("Vary"), ","), "Accept-Encoding") {
			t.Errorf("Accept-Encoding %q: encoding %q, %d bytes (length %s), Vary %q; want the %s variant's %d bytes as they are",
				accept, res.Header.Get("Content-Encoding"), len(body), res.Header.Get("Content-Length"), res.Header.Values("Vary"), coding, len(want))
		}
		if decoded, err := decoders[coding](body); err != nil || !bytes.Equal(decoded, plain) {
			t.Errorf("Accept-Encoding %q: the %s body does not decode to openapi.json (%v)", accept, coding, err)
		}
	}
	zipped, _ := get(http.MethodGet, map[string]string{"Accept-Encoding": "gzip"})
	brotlied, _ := get(http.MethodGet, map[string]string{"Accept-Encoding": "br"})
	if zipped.Header.Get("ETag") == brotlied.Header.Get("ETag") {
		t.Errorf("br and gzip share the ETag %s", zipped.Header.Get("ETag"))
	}
	for _, accept := range []string{"", "identity", "gzip;q=0", "*;q=0", "deflate", "gzip;q=0.5, identity"} {
		res, body := get(http.MethodGet, map[string]string{"Accept-Encoding": accept})
		if res.Header.Get("Content-Encoding") != "" || !bytes.Equal(body, plain) || res.Header.Get("ETag") == zipped.Header.Get("ETag") {
			t.Errorf("Accept-Encoding %q: encoding %q, %d bytes, ETag %s; want the plain file under its own ETag",
				accept, res.Header.Get("Content-Encoding"), len(body), res.Header.Get("ETag"))
		}
	}
	gz := variants["gzip"]
	etag := zipped.Header.Get("ETag")
	if res, body := get(http.MethodGet, map[string]string{"Accept-Encoding": "gzip", "If-None-Match": etag}); res.StatusCode != http.StatusNotModified || len(body) != 0 {
		t.Errorf("If-None-Match on the gzip ETag: %d with %d bytes, want 304", res.StatusCode, len(body))
	}
	if res, body := get(http.MethodHead, map[string]string{"Accept-Encoding": "gzip"}); len(body) != 0 || res.Header.Get("Content-Length") != fmt.Sprint(len(gz)) || res.Header.Get("Content-Encoding") != "gzip" {
		t.Errorf("HEAD: %d bytes, length %s, encoding %q", len(body), res.Header.Get("Content-Length"), res.Header.Get("Content-Encoding"))
	}
	if res, body := get(http.MethodGet, map[string]string{"Accept-Encoding": "gzip", "Range": "bytes=0-9"}); res.StatusCode != http.StatusPartialContent || string(body) != string(gz[:10]) {
		t.Errorf("Range on the gzip file: %d %q", res.StatusCode, body)
	}
}

// TestNewRefusesADamagedSnapshot: a catalog or manifest that is cut short, not JSON, or names a path
// outside public/ makes New fail with the file named, never panic.
func TestNewRefusesADamagedSnapshot(t *testing.T) {
	out := t.TempDir()
	if _, err := build.Run(context.Background(), build.Options{ContentDir: "../build/testdata/content", OutDir: out, BaseURL: contract.MustParseBaseURL(base)}); err != nil {
		t.Fatal(err)
	}
	originals := map[string][]byte{}
	for _, name := range []string{"catalog.json", "manifest.json"} {
		b, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		originals[name] = b
	}
	for _, c := range []struct{ file, body string }{
		{"catalog.json", string(originals["catalog.json"][:len(originals["catalog.json"])/2])},
		{"catalog.json", `{"base_url":"https://x","icons":[{"name":"no id"}]}`},
		{"catalog.json", `{"base_url":"https://x","record_path":"api/v1/icons/{id}.json","icons":[{"name":"no id","files":[{}]}]}`},
		{"catalog.json", `{"base_url":"https://x","record_path":"api/v1/icons/{id}.json","icons":[{"id":"no-files"}]}`},
		{"catalog.json", `{"base_url":"https://x","icons":[{"id":"a"},`},
		{"catalog.json", `[]`},
		{"manifest.json", string(originals["manifest.json"][:len(originals["manifest.json"])/2])},
		{"manifest.json", `{"files":{"../etc/passwd":{"sha256":"` + strings.Repeat("a", 64) + `","size":1,"type":"text/plain"}}}`},
		{"manifest.json", `{"files":{"a.json":{"sha256":"short","size":1,"type":"application/json"}}}`},
		{"manifest.json", `{"files":[]}`},
		{"manifest.json", `{"files":{"a.json":`},
	} {
		for name, b := range originals {
			if err := os.WriteFile(filepath.Join(out, name), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.WriteFile(filepath.Join(out, c.file), []byte(c.body), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := edge.New(edge.Config{Logger: slog.New(slog.DiscardHandler), Version: "test", PublicDir: out, Access: access.Settings{KeyFile: filepath.Join(t.TempDir(), "key.pem"), Clock: time.Now, Limits: access.DefaultLimits()}})
		if err == nil || !strings.Contains(err.Error(), c.file) {
			t.Errorf("%s as %.60q: err = %v, want one naming the file", c.file, c.body, err)
		}
	}
}

// TestTheManifestHasVariantsToo: manifest.json, which cannot list its own variants, is sent as its .br or
// .gz like every other file, and each variant is also a file by its own name.
func TestTheManifestHasVariantsToo(t *testing.T) {
	e := newEdge(t)
	plain := mustGet(t, e, "/manifest.json")
	for coding, suffix := range map[string]string{"br": ".br", "gzip": ".gz"} {
		onDisk, err := os.ReadFile(filepath.Join(e.public, "manifest.json"+suffix))
		if coding == "br" && errors.Is(err, fs.ErrNotExist) {
			continue // brotli is for larger files than the fixture's manifest
		}
		res, body := send(t, http.MethodGet, e.URL+"/manifest.json", map[string]string{"Accept-Encoding": coding})
		if err != nil || res.Header.Get("Content-Encoding") != coding || body != string(onDisk) {
			t.Errorf("%s: encoding %q, %d bytes; the build's variant: %d bytes (%v)", coding, res.Header.Get("Content-Encoding"), len(body), len(onDisk), err)
		}
		if res, direct := send(t, http.MethodGet, e.URL+"/manifest.json"+suffix, nil); res.StatusCode != http.StatusOK || direct != string(onDisk) {
			t.Errorf("/manifest.json%s by its name: %d, %d bytes", suffix, res.StatusCode, len(direct))
		}
	}
	if len(plain) == 0 {
		t.Error("no manifest")
	}
}
