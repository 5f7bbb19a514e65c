package e2e

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
)

// frontCheck is one request of the black-box suite every front of the edge answers alike (the edge
// itself, nginx and Caddy serving the full build, the static host serving the pages build): what goes
// out, and the status, content type, headers and body fragments that must come back.
type frontCheck struct {
	name, method, path string
	header             []string // name, value pairs
	body               string
	status             int // 301 stands for a permanent redirect: 301 or 308
	contentType        string
	headers            map[string]string // values that must be sent, "" for any
	fragments          []string          // in the body, decompressed
	stream             bool              // an event stream: read until the fragments came
}

// frontChecks are the suite, for a build whose first icon is icon and first guide slug.
func frontChecks(icon, slug string) []frontCheck {
	const (
		html, json, md = "text/html; charset=utf-8", "application/json", "text/markdown; charset=utf-8"
		build, release = "public, max-age=300", "public, max-age=86400"
		jsonRPC        = "application/json, text/event-stream"
	)
	// A page of another site asks for files: they go out with CORS, as every file does.
	origin := []string{"Origin", "https://elsewhere.example"}
	fileHeaders := func(cache string) map[string]string {
		return map[string]string{"Cache-Control": cache, "Access-Control-Allow-Origin": "*",
			"X-Frame-Options": "DENY", "X-Content-Type-Options": "nosniff", "Content-Security-Policy": ""}
	}
	post := func(name, path, contentType, body string, status int, fragments ...string) frontCheck {
		return frontCheck{name: name, method: "POST", path: path, body: body, status: status, contentType: "application/json",
			header: []string{"Content-Type", contentType, "Accept", jsonRPC}, fragments: fragments}
	}
	initialize := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"fronts","version":"1"}}}`
	return []frontCheck{
		// Pages and files.
		{name: "home page", path: "/", header: origin, status: 200, contentType: html, headers: fileHeaders(build), fragments: []string{"<html"}},
		{name: "icon page", path: "/icons/" + icon + "/", status: 200, contentType: html, fragments: []string{icon}},
		{name: "directory without its slash", path: "/icons/" + icon, status: 301, headers: map[string]string{"Location": "/icons/" + icon + "/"}},
		{name: "guide page", path: "/docs/" + slug + "/", status: 200, contentType: html},
		{name: "guide as Markdown", path: "/docs/" + slug + ".md", header: origin, status: 200, contentType: md, headers: fileHeaders(build)},
		{name: "animation", path: "/assets/" + icon + ".json", header: origin, status: 200, contentType: json, headers: fileHeaders(release), fragments: []string{`"layers"`}},
		{name: "animation, gzip", path: "/assets/" + icon + ".json", header: []string{"Accept-Encoding", "gzip"}, status: 200, contentType: json,
			headers: map[string]string{"Content-Encoding": "gzip"}, fragments: []string{`"layers"`}},
		{name: "dotLottie", path: "/assets/" + icon + ".lottie", status: 200, contentType: "application/zip", fragments: []string{"PK\x03\x04", "manifest.json"}},
		{name: "SVG", path: "/svg/" + icon + ".svg", status: 200, contentType: "image/svg+xml", fragments: []string{"<svg"}},
		{name: "catalog", path: "/catalog.json", header: origin, status: 200, contentType: json, headers: fileHeaders(build), fragments: []string{`"icons"`}},
		{name: "categories file", path: "/api/v1/categories.json", status: 200, contentType: json, fragments: []string{`"total"`}},
		// Discovery documents.
		{name: "llms.txt", path: "/llms.txt", status: 200, contentType: "text/plain; charset=utf-8", fragments: []string{"/mcp"}},
		{name: "index.md", path: "/index.md", status: 200, contentType: md},
		{name: "OpenAPI", path: "/openapi.json", status: 200, contentType: json, fragments: []string{`"openapi"`}},
		{name: "sitemap", path: "/sitemap.xml", status: 200, contentType: "application/xml", fragments: []string{"<urlset"}},
		{name: "API catalog", path: "/.well-known/api-catalog", status: 200,
			contentType: `application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"`,
			headers:     map[string]string{"Link": `</.well-known/api-catalog>; rel="api-catalog"`}, fragments: []string{`"linkset"`}},
		{name: "AI catalog", path: "/.well-known/ai-catalog.json", status: 200, contentType: "application/ai-catalog+json"},
		{name: "ARD", path: "/.well-known/ard.json", status: 200, contentType: json},
		{name: "agent skills", path: "/.well-known/agent-skills/index.json", status: 200, contentType: json, fragments: []string{"skills"}},
		{name: "agent card", path: "/.well-known/agent-card.json", status: 200, contentType: json, fragments: []string{`"skills"`}},
		{name: "MCP server card", path: "/.well-known/mcp/server-card.json", status: 200, contentType: json},
		{name: "MCP server card, SEP-2127", path: "/.well-known/mcp/server-card", status: 200, contentType: json},
		{name: "MCP icons card", path: "/mcp/server-card", status: 200, contentType: json},
		{name: "MCP guides card", path: "/mcp/docs/server-card", status: 200, contentType: json},
		{name: "OAuth metadata", path: "/.well-known/oauth-authorization-server", status: 200, contentType: json, fragments: []string{`"token_endpoint"`}},
		{name: "protected resource", path: "/.well-known/oauth-protected-resource/mcp", status: 200, contentType: json, fragments: []string{`"resource"`}},
		{name: "signing keys", path: "/.well-known/jwks.json", status: 200, contentType: "application/jwk-set+json", fragments: []string{`"keys"`}},
		{name: "health", path: "/healthz", status: 200},
		// Search and records.
		{name: "search", path: "/api/v1/icons?q=bell&limit=3", status: 200, contentType: json, fragments: []string{`"bell`}},
		{name: "semantic search", path: "/api/v1/search?q=bell", status: 200, contentType: json, fragments: []string{`"bell`}},
		{name: "listing", path: "/api/v1/icons?limit=2", status: 200, contentType: json},
		{name: "legacy search", path: "/api/icons?q=bell", status: 200, contentType: json, headers: map[string]string{"Deprecation": ""}},
		{name: "categories", path: "/api/v1/categories", status: 200, contentType: json},
		{name: "record", path: "/api/v1/icons/" + icon, status: 200, contentType: json, fragments: []string{`"sha256"`}},
		{name: "record by file name", path: "/api/v1/icons/" + icon + ".json", status: 200, contentType: json, fragments: []string{`"sha256"`}},
		{name: "unknown icon", path: "/api/v1/icons/no-such-icon", status: 404, contentType: json, fragments: []string{`"not_found"`}},
		{name: "bad parameter", path: "/api/v1/icons?q=bell&nope=1", status: 400, contentType: json, fragments: []string{`"invalid_parameter"`}},
		{name: "home page search", path: "/?q=bell", status: 200, contentType: html, fragments: []string{`href="/icons/bell/"`}},
		// MCP, A2A and tokens.
		post("MCP icons", "/mcp", "application/json", initialize, 200, `"protocolVersion"`, "io.iconlib/icons"),
		post("MCP guides", "/mcp/docs", "application/json", initialize, 200, `"protocolVersion"`),
		{name: "MCP legacy stream", path: "/mcp/sse", header: []string{"Accept", "text/event-stream"}, status: 200,
			contentType: "text/event-stream", stream: true, fragments: []string{"event: endpoint", "/mcp/message?sessionId="}},
		{name: "MCP guides legacy stream", path: "/mcp/docs/sse", header: []string{"Accept", "text/event-stream"}, status: 200,
			contentType: "text/event-stream", stream: true, fragments: []string{"/mcp/docs/message?sessionId="}},
		post("MCP legacy message, no session", "/mcp/message?sessionId=none", "application/json", `{"jsonrpc":"2.0","id":1,"method":"ping"}`, 400),
		post("A2A", "/a2a", "application/json",
			`{"jsonrpc":"2.0","id":1,"method":"message/send","params":{"message":{"role":"user","messageId":"m1","parts":[{"kind":"text","text":"bell"}]}}}`,
			200, `"bell`),
		post("registration", "/agent/identity", "application/json", `{"type":"anonymous"}`, 200, `"identity_assertion"`),
		post("token, bad grant", "/oauth2/token", "application/x-www-form-urlencoded", "grant_type=nope", 400, `"unsupported_grant_type"`),
	}
}

// checkFront runs the suite and the token flow through the front at base.
func checkFront(t *testing.T, base, icon, slug string) {
	c := rawClient(t)
	for _, fc := range frontChecks(icon, slug) {
		t.Run(fc.name, func(t *testing.T) { fc.run(t, c, base) })
	}
	t.Run("token flow", func(t *testing.T) { checkTokenFlow(t, c, base) })
}

// run sends the check's request to base and compares the answer.
func (fc frontCheck) run(t *testing.T, c *http.Client, base string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, cmp.Or(fc.method, "GET"), base+fc.path, strings.NewReader(fc.body))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(fc.header); i += 2 {
		req.Header.Set(fc.header[i], fc.header[i+1])
	}
	res, err := c.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", req.Method, fc.path, err)
	}
	defer res.Body.Close()
	if got := res.StatusCode; got != fc.status && !(fc.status == 301 && got == http.StatusPermanentRedirect) {
		t.Errorf("%s %s: status %d, want %d", req.Method, fc.path, got, fc.status)
	}
	if fc.contentType != "" && res.Header.Get("Content-Type") != fc.contentType {
		t.Errorf("%s: Content-Type %q, want %q", fc.path, res.Header.Get("Content-Type"), fc.contentType)
	}
	for name, want := range fc.headers {
		if got := res.Header.Get(name); got == "" || want != "" && got != want {
			t.Errorf("%s: %s %q, want %q", fc.path, name, got, cmp.Or(want, "any value"))
		}
	}
	body := fc.readBody(t, res)
	for _, f := range fc.fragments {
		if !bytes.Contains(body, []byte(f)) {
			t.Errorf("%s: the body lacks %q:\n%.300s", fc.path, f, body)
		}
	}
}

// readBody reads the answer, decompressed; of a stream, only until its fragments came.
func (fc frontCheck) readBody(t *testing.T, res *http.Response) []byte {
	if !fc.stream {
		b, err := io.ReadAll(res.Body)
		if err != nil {
			t.Fatalf("%s: reading the body: %v", fc.path, err)
		}
		if res.Header.Get("Content-Encoding") == "gzip" {
			b = gunzip(t, b)
		}
		return b
	}
	var b bytes.Buffer
	sc := bufio.NewScanner(res.Body)
	for sc.Scan() {
		b.WriteString(sc.Text() + "\n")
		if containsAll(b.Bytes(), fc.fragments) {
			break
		}
	}
	return b.Bytes()
}

func containsAll(b []byte, fragments []string) bool {
	for _, f := range fragments {
		if !bytes.Contains(b, []byte(f)) {
			return false
		}
	}
	return true
}

// checkTokenFlow registers, exchanges the assertion for an access token and searches with it, all
// through the front; the same token altered is refused, so the edge checked it.
func checkTokenFlow(t *testing.T, c *http.Client, base string) {
	reg := send(t, c, "POST", base+"/agent/identity", `{"type":"anonymous"}`, "Content-Type", "application/json")
	var r struct {
		Assertion string `json:"identity_assertion"`
	}
	if err := json.Unmarshal(reg.body, &r); err != nil || r.Assertion == "" {
		t.Fatalf("registration: %d %s", reg.status, reg.body)
	}
	form := url.Values{"grant_type": {"urn:ietf:params:oauth:grant-type:jwt-bearer"}, "assertion": {r.Assertion}}
	tok := send(t, c, "POST", base+"/oauth2/token", form.Encode(), "Content-Type", "application/x-www-form-urlencoded")
	var a struct {
		Token string `json:"access_token"`
	}
	if err := json.Unmarshal(tok.body, &a); err != nil || a.Token == "" {
		t.Fatalf("token exchange: %d %s", tok.status, tok.body)
	}
	if res := send(t, c, "GET", base+"/api/v1/icons?q=bell", "", "Authorization", "Bearer "+a.Token); res.status != 200 {
		t.Errorf("a search with the token: %d, want 200", res.status)
	}
	altered := []byte(a.Token)
	i := strings.LastIndex(a.Token, ".") + 4 // a character of the signature
	altered[i] = map[bool]byte{true: 'B', false: 'A'}[altered[i] == 'A']
	res := send(t, c, "GET", base+"/api/v1/icons?q=bell", "", "Authorization", "Bearer "+string(altered))
	if res.status != 401 || !strings.Contains(res.header.Get("WWW-Authenticate"), "invalid_token") {
		t.Errorf("a search with an altered token: %d, WWW-Authenticate %q; want 401 invalid_token", res.status, res.header.Get("WWW-Authenticate"))
	}
}
