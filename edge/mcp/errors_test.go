package mcp_test

import (
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"

	"github.com/iconlib/iconlib/edge/library"
	"github.com/iconlib/iconlib/internal/contract"
)

func TestBadArgumentsAreToolErrorsAModelCanActOn(t *testing.T) {
	lib := newLibrary(t, nil)
	url := serve(t, lib)
	var categories, slugs []string
	for _, c := range lib.Categories() {
		categories = append(categories, c.ID)
	}
	for _, g := range lib.Guides() {
		slugs = append(slugs, "'"+g.Slug+"'")
	}
	tests := []struct {
		path, tool string
		args       map[string]any
		want       string // in the error text
	}{
		{contract.MCPIconsPath, "search_icons", nil,
			"Invalid arguments for search_icons (tools/list gives its input schema): arguments: missing property 'query'."},
		{contract.MCPIconsPath, "search_icons", map[string]any{"query": ""}, "Invalid arguments for search_icons: the query is empty"},
		{contract.MCPIconsPath, "search_icons", map[string]any{"query": "   "}, "Invalid arguments for search_icons: the query is empty"},
		{contract.MCPIconsPath, "search_icons", map[string]any{"query": strings.Repeat("a", 201)}, "Invalid arguments for search_icons: the query is longer than 200 characters."},
		{contract.MCPIconsPath, "search_icons", map[string]any{"query": 7}, "query: got number, want string"},
		{contract.MCPIconsPath, "search_icons", map[string]any{"query": "x", "limit": 0}, "limit must be a whole number from 1 to 50"},
		{contract.MCPIconsPath, "search_icons", map[string]any{"query": "x", "limit": 51}, "limit must be a whole number from 1 to 50"},
		{contract.MCPIconsPath, "search_icons", map[string]any{"query": "x", "limit": "ten"}, "limit: got string, want integer"},
		{contract.MCPIconsPath, "search_icons", map[string]any{"query": "x", "limit": 2.5}, "limit: got number, want integer"},
		{contract.MCPIconsPath, "search_icons", map[string]any{"query": "x", "colour": "red"},
			"arguments: additional properties 'colour' not allowed"},
		{contract.MCPIconsPath, "search_icons", map[string]any{"query": "x", "category": "Arrows"},
			`category "Arrows" does not exist; the category ids are ` + strings.Join(categories, ", ") + " (also at /api/v1/categories). Omit category"},
		{contract.MCPIconsPath, "get_icon", map[string]any{}, "arguments: missing property 'id'"},
		{contract.MCPIconsPath, "get_icon", map[string]any{"id": "left-arrow"},
			`No icon has the id "left-arrow". Did you mean arrow-left? Use search_icons`},
		{contract.MCPIconsPath, "get_icon", map[string]any{"id": "zzz"}, `No icon has the id "zzz". Use search_icons`},
		{contract.MCPIconsPath, "list_categories", map[string]any{"all": true}, "additional properties 'all' not allowed"},
		{contract.MCPIconsPath, "read_guide", map[string]any{"slug": "nope"}, "slug: value must be one of " + strings.Join(slugs, ", ")},
		{contract.MCPDocsPath, "read_guide", map[string]any{}, "arguments: missing property 'slug'"},
		{contract.MCPDocsPath, "search_guides", map[string]any{"question": "x", "limit": 21}, "limit must be a whole number from 1 to 20"},
		{contract.MCPDocsPath, "search_guides", map[string]any{"question": "\t"}, "Invalid arguments for search_guides: the question is empty"},
		{contract.MCPDocsPath, "search_guides", map[string]any{"question": strings.Repeat("why ", 126)},
			"the question is longer than 500 characters"},
	}
	for _, v := range versions {
		clients := map[string]*client.Client{}
		for _, p := range []string{contract.MCPIconsPath, contract.MCPDocsPath} {
			clients[p], _ = connect(t, url+p, v)
		}
		for _, tc := range tests {
			res := call(t, clients[tc.path], tc.tool, tc.args)
			if text := textOf(t, res); !res.IsError || !strings.Contains(text, tc.want) {
				t.Errorf("%s %s %v: isError %v, text %q; want an error saying %q", v, tc.tool, tc.args, res.IsError, text, tc.want)
			}
		}
	}
}

func TestUnknownToolIsAProtocolError(t *testing.T) {
	url := serve(t, newLibrary(t, nil))
	for _, v := range versions {
		c, _ := connect(t, url+contract.MCPDocsPath, v)
		// The icons server's tools are not the guides server's.
		if _, err := callTool(c, "search_icons", map[string]any{"query": "x"}); err == nil ||
			!strings.Contains(err.Error(), "search_icons") || !strings.Contains(err.Error(), "not found") {
			t.Errorf("%s: unknown tool: %v", v, err)
		}
	}
}

func TestSearchFailuresSayToRetry(t *testing.T) {
	unavailable := newLibrary(t, nil)
	unavailable.UseRankers(nil, nil)
	for _, tc := range []struct {
		lib  *library.Library
		want string
	}{
		{unavailable, "unavailable right now (the search index could not be read). Retry in a minute"},
		{newLibrary(t, errBroken), "failed: index shard 3 is corrupt. Retry the call."},
	} {
		url := serve(t, tc.lib)
		icons, _ := connect(t, url+contract.MCPIconsPath, versions[0])
		docs, _ := connect(t, url+contract.MCPDocsPath, versions[0])
		for _, res := range []*mcp.CallToolResult{
			call(t, icons, "search_icons", map[string]any{"query": "arrow"}),
			call(t, docs, "search_guides", map[string]any{"question": "how?"}),
		} {
			if text := textOf(t, res); !res.IsError || !strings.Contains(text, tc.want) {
				t.Errorf("isError %v, text %q; want %q", res.IsError, text, tc.want)
			}
		}
		// Without search, a missing id gets no suggestions, and everything else still works.
		res := call(t, icons, "get_icon", map[string]any{"id": "left-arrow"})
		if text := textOf(t, res); !res.IsError || text != `No icon has the id "left-arrow". Use search_icons to find an icon's id.` {
			t.Errorf("get_icon without search: %q", text)
		}
		var cats struct{ Total int }
		succeed(t, call(t, icons, "list_categories", nil), &cats)
	}
}

// post sends a raw JSON-RPC request to a server, with header over the JSON headers (an empty value drops
// that header), and returns the status and body.
func post(t *testing.T, url, body string, header map[string]string) (int, string) {
	t.Helper()
	h := maps.Clone(jsonHeaders)
	for k, v := range header {
		h[k] = v
	}
	res, b := do(t, http.MethodPost, url, body, h)
	return res.StatusCode, b
}

// rpcError decodes a JSON-RPC error response.
func rpcError(t *testing.T, body string) (code int, message string) {
	t.Helper()
	var res struct {
		Error *struct {
			Code    int
			Message string
		}
	}
	if err := json.Unmarshal([]byte(body), &res); err != nil || res.Error == nil {
		t.Fatalf("not a JSON-RPC error: %s", body)
	}
	return res.Error.Code, res.Error.Message
}

const initialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18",` +
	`"capabilities":{},"clientInfo":{"name":"curl","version":"1"}}}`

func TestMalformedMessagesAreParseErrors(t *testing.T) {
	url := serve(t, newLibrary(t, nil)) + contract.MCPIconsPath
	for _, body := range []string{`{"jsonrpc":"2.0","id":1,"method":`, "not json", strings.Repeat(" ", 2<<20) + initialize} {
		_, resBody := post(t, url, body, nil)
		if code, _ := rpcError(t, resBody); code != mcp.PARSE_ERROR {
			t.Errorf("%.40q: code %d, want %d", body, code, mcp.PARSE_ERROR)
		}
	}
	// A tool call straight away, without initialize, as a stateless server allows.
	status, body := post(t, url, `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"get_icon","arguments":"zigzag"}}`,
		map[string]string{"Mcp-Protocol-Version": "2025-06-18"})
	if status != http.StatusOK || !strings.Contains(body, `"isError":true`) && !strings.Contains(body, `"error"`) {
		t.Errorf("arguments that are not an object: %d %s", status, body)
	}
}

// TestBodiesThatAreNotJSONGetJSONRPCErrors (issue 51): a POST whose Content-Type is not JSON is refused
// with 415 and a JSON-RPC error a client can parse, not mcp-go's plain text.
func TestBodiesThatAreNotJSONGetJSONRPCErrors(t *testing.T) {
	url := serve(t, newLibrary(t, nil)) + contract.MCPIconsPath
	for _, contentType := range []string{"text/plain", "", "application/x-www-form-urlencoded", "application/json;;"} {
		res, body := do(t, http.MethodPost, url, initialize, map[string]string{"Content-Type": contentType,
			"Accept": "application/json, text/event-stream"})
		code, msg := rpcError(t, body)
		if res.StatusCode != http.StatusUnsupportedMediaType || res.Header.Get("Content-Type") != "application/json" ||
			code != mcp.INVALID_REQUEST || !strings.Contains(msg, "application/json") {
			t.Errorf("Content-Type %q: %d %q %s; want 415 and a JSON-RPC error naming application/json", contentType,
				res.StatusCode, res.Header.Get("Content-Type"), body)
		}
	}
}

func TestHTTPMethods(t *testing.T) {
	url := serve(t, newLibrary(t, nil)) + contract.MCPIconsPath
	status, body := post(t, url, initialize, nil)
	if status != http.StatusOK || !strings.Contains(body, `"protocolVersion":"2025-06-18"`) {
		t.Errorf("POST initialize: %d %s", status, body)
	}
	for method, want := range map[string]int{
		http.MethodGet:    http.StatusMethodNotAllowed, // no server-initiated stream: nothing is ever sent on it
		http.MethodDelete: http.StatusOK,               // no session to end
		http.MethodHead:   http.StatusOK,
	} {
		req, _ := http.NewRequest(method, url, nil)
		req.Header.Set("Accept", "text/event-stream")
		req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != want {
			t.Errorf("%s: %d, want %d", method, res.StatusCode, want)
		}
	}
}

func TestHostAndOriginAreChecked(t *testing.T) {
	url := serve(t, newLibrary(t, nil)) + contract.MCPDocsPath
	tests := []struct {
		host, origin string
		want         int
	}{
		{"", "", http.StatusOK}, // the test server's own 127.0.0.1:port
		{"icons.example", "", http.StatusOK},
		{"ICONS.example:8443", "https://anywhere.example", http.StatusOK}, // public: any page may call it
		{"localhost:8080", "http://localhost:6274", http.StatusOK},
		{"[::1]:8080", "http://127.0.0.1:3000", http.StatusOK},
		{"127.0.0.1", "https://icons.example", http.StatusOK},
		{"evil.example.com", "", http.StatusForbidden},
		{"evil.example.com", "http://evil.example.com", http.StatusForbidden},
		{"icons.example.evil.com", "", http.StatusForbidden},
		{"localhost:8080", "http://evil.example.com", http.StatusForbidden}, // a page elsewhere driving a local server
		{"localhost:8080", "null", http.StatusForbidden},
	}
	for _, tc := range tests {
		header := map[string]string{"Origin": tc.origin}
		if tc.host != "" {
			header["Host"] = tc.host
		}
		status, body := post(t, url, initialize, header)
		if status != tc.want {
			t.Errorf("Host %q Origin %q: %d, want %d: %s", tc.host, tc.origin, status, tc.want, body)
		}
		if status == http.StatusForbidden {
			if code, msg := rpcError(t, body); code != mcp.INVALID_REQUEST || msg == "" {
				t.Errorf("refusal: %d %q", code, msg)
			}
		}
	}
}

// TestUnknownCursorsAreRefusedInTheCallersTerms (issue 55): the lists come whole, so any cursor is one the
// server never gave; mcp-go answered it with its decoding error ("illegal base64 data at input byte 3").
// It is invalid params (-32602), as MCP asks, saying to list without a cursor, alone and in a batch.
func TestUnknownCursorsAreRefusedInTheCallersTerms(t *testing.T) {
	url := serve(t, newLibrary(t, nil)) + contract.MCPIconsPath
	for _, method := range []string{"tools/list", "resources/list", "resources/templates/list"} {
		for _, cursor := range []string{"abc!!", "bWFkZS11cA=="} {
			msg := `{"jsonrpc":"2.0","id":3,"method":"` + method + `","params":{"cursor":"` + cursor + `"}}`
			_, body := post(t, url, msg, map[string]string{"Mcp-Protocol-Version": "2025-06-18"})
			if code, text := rpcError(t, body); code != mcp.INVALID_PARAMS || !strings.Contains(text, "without a cursor") ||
				strings.Contains(text, "base64") || !strings.Contains(body, `"id":3`) {
				t.Errorf("%s with cursor %q: %s", method, cursor, body)
			}
			_, body = post(t, url, "["+msg+"]", map[string]string{"Mcp-Protocol-Version": "2025-03-26"})
			if !strings.Contains(body, "without a cursor") || !strings.Contains(body, fmt.Sprint(mcp.INVALID_PARAMS)) {
				t.Errorf("%s with cursor %q in a batch: %s", method, cursor, body)
			}
		}
	}
	// Without a cursor, or with an empty one (the first page), the whole list.
	for _, msg := range []string{`{"jsonrpc":"2.0","id":4,"method":"tools/list"}`, `{"jsonrpc":"2.0","id":4,"method":"tools/list","params":{"cursor":""}}`} {
		if _, body := post(t, url, msg, map[string]string{"Mcp-Protocol-Version": "2025-06-18"}); !strings.Contains(body, `"search_icons"`) || strings.Contains(body, "nextCursor") {
			t.Errorf("%s: %s", msg, body)
		}
	}
}
