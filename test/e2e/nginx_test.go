package e2e

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/iconlib/iconlib/internal/contract"
)

// TestNginxServesSnapshot runs deploy/nginx/iconlib.conf in Debian's nginx in front of the edge, as
// docs/deploy.md says to deploy, and checks through nginx that files go out as the edge sends them (the
// oracle: the same status, content type, Cache-Control and bytes), precompressed ones as the build's .gz
// sidecars, and that the dynamic paths reach the edge.
func TestNginxServesSnapshot(t *testing.T) {
	bin := nginxForTest(t)
	lib := fullLibrary(t)
	checkNginxDeploy(t, bin, lib)
}

// checkNginxDeploy starts nginx with the deployment's configuration in front of the edge serving lib,
// and compares what nginx sends with what the edge sends.
func checkNginxDeploy(t *testing.T, bin string, lib *library) {
	ngx := startNginx(t, bin, lib.Public, strings.TrimPrefix(lib.URL, "http://"))
	c := rawClient(t)
	get := func(base, p string, hdr ...string) answer { return send(t, c, "GET", base+p, "", hdr...) }

	t.Run("contract files", func(t *testing.T) {
		icon, slug := firstIcon(t, lib.Public), firstGuide(t, lib.Public)
		files := map[string]string{ // URL path → file of public/
			"/catalog.json":                        "catalog.json",
			"/assets/" + icon + ".json":            "assets/" + icon + ".json",
			"/docs/" + slug + ".md":                "docs/" + slug + ".md",
			"/docs/" + slug + "/":                  "docs/" + slug + "/index.html",
			"/":                                    "index.html",
			"/index.md":                            "index.md",
			"/llms.txt":                            "llms.txt",
			"/sitemap.xml":                         "sitemap.xml",
			"/robots.txt":                          "robots.txt",
			"/openapi.json":                        "openapi.json",
			"/.well-known/api-catalog":             ".well-known/api-catalog",
			"/static/site.js":                      "static/site.js",
			"/static/vendor/LICENSE.lottie-web.md": "static/vendor/LICENSE.lottie-web.md",
		}
		sidecars := 0
		for p, rel := range files {
			raw := mustRead(t, lib.Public, rel)
			gz, err := os.ReadFile(filepath.Join(lib.Public, filepath.FromSlash(rel)+".gz"))
			hasGz := err == nil
			if hasGz {
				sidecars++
			}

			id, idEdge := get(ngx, p), get(lib.URL, p)
			sameAnswer(t, p, id, idEdge, "Content-Type", "Cache-Control", "Link", "Content-Security-Policy", "X-Content-Type-Options", "X-Frame-Options")
			if !bytes.Equal(id.body, raw) {
				t.Errorf("%s: nginx sent %d bytes without Accept-Encoding, not the file's %d", p, len(id.body), len(raw))
			}
			if ce := id.header.Get("Content-Encoding"); ce != "" {
				t.Errorf("%s: Content-Encoding %q to a client that did not accept it", p, ce)
			}

			z, zEdge := get(ngx, p, "Accept-Encoding", "gzip"), get(lib.URL, p, "Accept-Encoding", "gzip")
			sameAnswer(t, p+" (gzip)", z, zEdge, "Content-Type", "Cache-Control", "Content-Encoding")
			if !hasGz {
				if !bytes.Equal(z.body, raw) {
					t.Errorf("%s has no sidecar: nginx should send it as it is, sent %d bytes", p, len(z.body))
				}
				continue
			}
			for _, a := range []answer{id, z} {
				if !slices.Contains(a.header.Values("Vary"), "Accept-Encoding") {
					t.Errorf("%s: Vary %q lacks Accept-Encoding", p, a.header.Values("Vary"))
				}
			}
			if ce := z.header.Get("Content-Encoding"); ce != "gzip" {
				t.Errorf("%s: Content-Encoding %q to a gzip client; want the sidecar", p, ce)
			}
			if !bytes.Equal(z.body, gz) {
				t.Errorf("%s: nginx sent %d bytes to a gzip client, not the build's %d-byte sidecar", p, len(z.body), len(gz))
			}
			if !bytes.Equal(z.body, zEdge.body) {
				t.Errorf("%s: nginx and the edge sent different gzip bytes", p)
			}
			if plain := gunzip(t, z.body); !bytes.Equal(plain, raw) {
				t.Errorf("%s: the gzip body decompresses to %d bytes, not the file's %d", p, len(plain), len(raw))
			}
		}
		if sidecars < 5 {
			t.Errorf("only %d of the files checked have .gz sidecars; the gzip path is hardly tested", sidecars)
		}
	})

	t.Run("every kind of file", func(t *testing.T) {
		for _, rel := range sampleFiles(t, lib.Public) {
			p := "/" + rel
			a, e := get(ngx, p), get(lib.URL, p)
			sameAnswer(t, p, a, e, "Content-Type", "Cache-Control")
			if !bytes.Equal(a.body, e.body) {
				t.Errorf("%s: nginx sent %d bytes, the edge %d", p, len(a.body), len(e.body))
			}
		}
	})

	t.Run("directories and errors", func(t *testing.T) {
		slug := firstGuide(t, lib.Public)
		for _, p := range []string{"/docs/" + slug, "/docs", "/assets", "/assets/", "/no-such-file.json", "/no/such/dir/", "/catalog.json/"} {
			a, e := get(ngx, p), get(lib.URL, p)
			sameAnswer(t, p, a, e, "Location")
			if a.status == http.StatusNotFound {
				sameAnswer(t, p, a, e, "Content-Type", "Cache-Control")
				if code := errorCode(a.body); code != "not_found" {
					t.Errorf("%s: error code %q, want not_found", p, code)
				}
			}
		}
		// A person's mistyped address: the edge's 404 page, with the closest icons, through nginx too.
		for _, p := range []string{"/icons/trahs/", "/icons/trahs"} {
			a, e := get(ngx, p, "Accept", "text/html"), get(lib.URL, p, "Accept", "text/html")
			sameAnswer(t, p+" (browser)", a, e, "Content-Type", "Cache-Control")
			if a.status != http.StatusNotFound || !strings.Contains(string(a.body), `href="/icons/trash/"`) {
				t.Errorf("%s from a browser through nginx: %d, want the 404 page suggesting trash:\n%.300s", p, a.status, a.body)
			}
		}
		for _, p := range []string{"/catalog.json", "/no-such-file.json", "/docs/"} {
			a, e := send(t, c, "POST", ngx+p, ""), send(t, c, "POST", lib.URL+p, "")
			sameAnswer(t, "POST "+p, a, e, "Content-Type", "Allow")
			if code := errorCode(a.body); code != "method_not_allowed" {
				t.Errorf("POST %s: error code %q, want method_not_allowed", p, code)
			}
		}
		a := get(ngx, "/catalog.json", "Origin", "https://elsewhere.example")
		if got := a.header.Get("Access-Control-Allow-Origin"); got != "*" {
			t.Errorf("catalog.json to another origin: Access-Control-Allow-Origin %q, want *", got)
		}
	})

	t.Run("the front suite", func(t *testing.T) {
		checkFront(t, ngx, firstIcon(t, lib.Public), firstGuide(t, lib.Public))
	})

	t.Run("every path the contract lists reaches the edge", func(t *testing.T) {
		checkEveryEndpoint(t, c, ngx, lib)
	})

	t.Run("dynamic paths reach the edge", func(t *testing.T) {
		icon := firstIcon(t, lib.Public)
		for _, p := range []string{
			"/healthz", "/api/v1/search?q=bell", "/api/v1/icons?q=bell", "/api/v1/icons?limit=2",
			"/api/v1/icons/" + icon, "/api/v1/icons/" + icon + ".json", "/api/v1/categories",
			"/api/icons?limit=1", "/api/search?q=bell", "/api/v1/search?q=bell&nope=1",
			"/.well-known/jwks.json", "/.well-known/oauth-authorization-server",
			"/.well-known/oauth-protected-resource", "/.well-known/oauth-protected-resource/mcp",
			"/.well-known/agent-card.json", "/.well-known/mcp/server-card.json", "/.well-known/mcp/server-card", "/mcp/server-card",
			"/mcp/docs/server-card", "/?q=bell",
		} {
			a, e := get(ngx, p), get(lib.URL, p)
			sameAnswer(t, p, a, e, "Content-Type", "Cache-Control", "ETag", "Deprecation", "Sunset", "Link")
			if !bytes.Equal(a.body, e.body) {
				t.Errorf("%s: nginx passed on %d bytes, the edge sent %d", p, len(a.body), len(e.body))
			}
			// The home page and the record's file name are files the edge also answers (a search; a record
			// by its file name, as on a static host).
			if a.status == http.StatusOK && p != "/?q=bell" && !strings.HasSuffix(p, ".json") {
				rel := strings.TrimPrefix(strings.SplitN(p, "?", 2)[0], "/")
				if info, err := os.Stat(filepath.Join(lib.Public, filepath.FromSlash(rel))); err == nil && info.Mode().IsRegular() {
					t.Errorf("%s is a file of public/: nginx could have answered it without the edge", p)
				}
			}
		}
		if home := get(ngx, "/?q=bell"); bytes.Equal(home.body, mustRead(t, lib.Public, "index.html")) {
			t.Error("/?q=bell got the static home page; the edge renders searches")
		}
		posts := []struct{ path, contentType, body string }{
			{"/agent/identity", "application/json", `{"type":"anonymous"}`},
			{"/oauth2/token", "application/x-www-form-urlencoded", "grant_type=nope"},
			{"/mcp", "application/json", `{"jsonrpc":"2.0","id":1,"method":"ping"}`},
			{"/mcp/docs", "application/json", `{"jsonrpc":"2.0","id":1,"method":"ping"}`},
			{"/a2a", "application/json", `{"jsonrpc":"2.0","id":1,"method":"nope"}`},
		}
		for _, q := range posts {
			hdr := []string{"Content-Type", q.contentType, "Accept", "application/json, text/event-stream"}
			a, e := send(t, c, "POST", ngx+q.path, q.body, hdr...), send(t, c, "POST", lib.URL+q.path, q.body, hdr...)
			sameAnswer(t, "POST "+q.path, a, e, "Content-Type")
			if a.status == http.StatusNotFound || a.status == http.StatusMethodNotAllowed {
				t.Errorf("POST %s: %d through nginx; the edge's route was not reached", q.path, a.status)
			}
		}
	})
}

// checkEveryEndpoint asks the front at base for every path of contract.Endpoints (an icon for {id}) and
// every protected resource's document, by the first method each takes, and compares the status and
// content type with the edge's: a path the front answered itself (a file's 404 or 405) differs. Only the
// answer's head is read, so the legacy SSE streams are asked for too.
func checkEveryEndpoint(t *testing.T, c *http.Client, base string, lib *library) {
	icon := firstIcon(t, lib.Public)
	paths := map[string]string{}
	for _, e := range contract.Endpoints {
		paths[strings.ReplaceAll(e.Path, "{id}", icon)] = e.Methods[0]
	}
	for _, r := range contract.Resources {
		paths[contract.ProtectedResourcePath+r.Path] = http.MethodGet
	}
	for p, method := range paths {
		front, edge := answerHead(t, c, method, base+p), answerHead(t, c, method, lib.URL+p)
		sameAnswer(t, method+" "+p, front, edge, "Content-Type")
	}
}

// answerHead sends a request and returns the answer without its body, which it does not wait for.
func answerHead(t *testing.T, c *http.Client, method, url string) answer {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Accept", "application/json, text/event-stream")
	res, err := c.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	res.Body.Close()
	return answer{res.StatusCode, res.Header, nil}
}

// answer is what a server sent.
type answer struct {
	status int
	header http.Header
	body   []byte
}

// send makes one request; hdr are header name, value pairs.
func send(t *testing.T, c *http.Client, method, url, body string, hdr ...string) answer {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	res, err := c.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatalf("%s %s: reading the body: %v", method, url, err)
	}
	return answer{res.StatusCode, res.Header, b}
}

// sameAnswer reports where a front's answer (nginx's, the static host's) differs from the edge's: the
// status and the named headers.
func sameAnswer(t *testing.T, what string, front, edge answer, headers ...string) {
	t.Helper()
	if front.status != edge.status {
		t.Errorf("%s: status %d through the front, %d from the edge", what, front.status, edge.status)
		return
	}
	for _, h := range headers {
		if n, e := front.header.Values(h), edge.header.Values(h); !slices.Equal(n, e) {
			t.Errorf("%s: %s %q through the front, %q from the edge", what, h, n, e)
		}
	}
}

func gunzip(t *testing.T, b []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	plain, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return plain
}

func errorCode(body []byte) string {
	var e struct {
		Error struct{ Code string } `json:"error"`
	}
	json.Unmarshal(body, &e)
	return e.Error.Code
}

// firstIcon is the id of the first icon file under assets/.
func firstIcon(t *testing.T, public string) string {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join(public, "assets"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if id, ok := strings.CutSuffix(e.Name(), ".json"); ok && e.Type().IsRegular() {
			return id
		}
	}
	t.Fatal("no icon files under assets/")
	return ""
}

// firstGuide is the slug of the first guide that has both a Markdown file and an HTML page.
func firstGuide(t *testing.T, public string) string {
	t.Helper()
	mds, _ := filepath.Glob(filepath.Join(public, "docs", "*.md"))
	slices.Sort(mds)
	for _, md := range mds {
		slug := strings.TrimSuffix(filepath.Base(md), ".md")
		if _, err := os.Stat(filepath.Join(public, "docs", slug, "index.html")); err == nil {
			return slug
		}
	}
	t.Fatal("no guide with a Markdown file and a page under docs/")
	return ""
}

// sampleFiles picks the smallest file of public/ for each top-level directory and extension (sidecars
// and files without an extension included), so every content type and cache rule the site uses is asked
// for once.
func sampleFiles(t *testing.T, public string) []string {
	t.Helper()
	type pick struct {
		rel  string
		size int64
	}
	picks := map[string]pick{}
	public, err := filepath.EvalSymlinks(public) // public/ links to the build's live snapshot
	if err != nil {
		t.Fatal(err)
	}
	err = filepath.WalkDir(public, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(public, p)
		rel = filepath.ToSlash(rel)
		top, _, _ := strings.Cut(rel, "/")
		if top == rel {
			top = ""
		}
		if strings.HasPrefix(rel, "static/vendor/") {
			top = "static/vendor"
		}
		key := top + " " + path.Ext(rel)
		if old, ok := picks[key]; !ok || info.Size() < old.size {
			picks[key] = pick{rel, info.Size()}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, p := range picks {
		out = append(out, p.rel)
	}
	slices.Sort(out)
	return out
}
