package mcp_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"

	"github.com/iconlib/iconlib/internal/contract"
)

// do sends a request with a body and headers ("Host" sets the request's host; an empty value sends no
// such header) and returns the response with its body read.
func do(t *testing.T, method, url, body string, header map[string]string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		switch {
		case k == "Host":
			req.Host = v
		case v != "":
			req.Header.Set(k, v)
		}
	}
	res, err := http.DefaultClient.Do(req)
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

var jsonHeaders = map[string]string{"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}

// TestMethodsArePerTheContract: a method a server does not take is 405 with the contract's Allow and a
// JSON-RPC error; a Streamable HTTP client's GET for a stream is refused so; the path with a trailing
// slash redirects to the server; an unknown MCP-Protocol-Version header is named in the error.
func TestMethodsArePerTheContract(t *testing.T) {
	url := serve(t, newLibrary(t, nil))
	for _, s := range servers {
		e, _ := contract.EndpointAt(s.path)
		for _, tc := range []struct {
			method string
			header map[string]string
		}{
			{http.MethodPut, nil},
			{http.MethodPatch, jsonHeaders},
			{http.MethodGet, map[string]string{"Accept": "text/event-stream", "MCP-Protocol-Version": "2025-06-18"}},
			{http.MethodGet, map[string]string{"Accept": "text/event-stream", "Mcp-Session-Id": "s1"}},
		} {
			res, body := do(t, tc.method, url+s.path, "", tc.header)
			if res.StatusCode != http.StatusMethodNotAllowed || res.Header.Get("Allow") != e.Allow() ||
				res.Header.Get("Content-Type") != "application/json" {
				t.Errorf("%s %s %v: %d Allow %q Content-Type %q; want 405 with Allow %q", tc.method, s.path, tc.header,
					res.StatusCode, res.Header.Get("Allow"), res.Header.Get("Content-Type"), e.Allow())
				continue
			}
			if code, msg := rpcError(t, body); code != mcp.INVALID_REQUEST || !strings.Contains(msg, e.Allow()) {
				t.Errorf("%s %s: error %d %q", tc.method, s.path, code, msg)
			}
		}
		res, _ := do(t, http.MethodPost, url+s.path+"/", initialize, jsonHeaders)
		if res.StatusCode != http.StatusOK || res.Request.URL.Path != s.path {
			t.Errorf("POST %s/: %d at %s; want a redirect to %s that a client follows", s.path, res.StatusCode, res.Request.URL.Path, s.path)
		}
		for _, v := range []string{"2099-01-01", "garbage", "2024-10-07"} {
			h := map[string]string{"MCP-Protocol-Version": v}
			for k, x := range jsonHeaders {
				h[k] = x
			}
			res, body := do(t, http.MethodPost, url+s.path, `{"jsonrpc":"2.0","id":3,"method":"tools/list"}`, h)
			code, msg := rpcError(t, body)
			if res.StatusCode != http.StatusBadRequest || code != mcp.INVALID_REQUEST ||
				!strings.Contains(msg, `MCP-Protocol-Version header "`+v+`"`) || !strings.Contains(msg, "2025-06-18") || !strings.Contains(body, `"id":3`) {
				t.Errorf("MCP-Protocol-Version %s: %d %s", v, res.StatusCode, body)
			}
		}
	}
}

// TestBatches: protocol 2025-03-26 (and 2024-11-05) servers must take JSON-RPC batches; 2025-06-18 removed
// them, so a batch declared at that version is an invalid request.
func TestBatches(t *testing.T) {
	url := serve(t, newLibrary(t, nil)) + contract.MCPIconsPath
	batch := `[{"jsonrpc":"2.0","id":1,"method":"ping"},` +
		`{"jsonrpc":"2.0","method":"notifications/initialized"},` +
		`{"jsonrpc":"2.0","id":"two","method":"tools/call","params":{"name":"list_categories","arguments":{}}},` +
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"get_icon","arguments":{}}},` +
		`{"jsonrpc":"2.0","id":4,"method":"no/such/method"},` +
		`5]`
	for _, v := range []string{"", "2025-03-26", "2024-11-05"} {
		h := map[string]string{"MCP-Protocol-Version": v}
		for k, x := range jsonHeaders {
			h[k] = x
		}
		res, body := do(t, http.MethodPost, url, batch, h)
		var replies []struct {
			ID     any
			Result json.RawMessage
			Error  *struct{ Code int }
		}
		if err := json.Unmarshal([]byte(body), &replies); err != nil || res.StatusCode != http.StatusOK ||
			res.Header.Get("Content-Type") != "application/json" {
			t.Fatalf("batch at %q: %d %v %.300s", v, res.StatusCode, err, body)
		}
		var got []string
		for _, r := range replies {
			switch {
			case r.Error != nil:
				got = append(got, fmt.Sprintf("%v:error %d", r.ID, r.Error.Code))
			case strings.Contains(string(r.Result), `"isError":true`):
				got = append(got, fmt.Sprintf("%v:tool error", r.ID))
			default:
				got = append(got, fmt.Sprintf("%v:ok", r.ID))
			}
		}
		want := []string{"1:ok", "two:ok", "3:tool error", "4:error -32601", "<nil>:error -32600"}
		if !slices.Equal(got, want) {
			t.Errorf("batch at %q: replies %q, want %q\n%.300s", v, got, want, body)
		}
	}
	for _, tc := range []struct{ version, body, message string }{
		{"2025-06-18", `[{"jsonrpc":"2.0","id":1,"method":"ping"}]`, "2025-06-18"},
		{"", `[]`, "empty"},
		{"", "[" + strings.Repeat(`{"jsonrpc":"2.0","id":1,"method":"ping"},`, 20) + `{"jsonrpc":"2.0","id":1,"method":"ping"}]`, "at most 20"},
	} {
		h := map[string]string{"MCP-Protocol-Version": tc.version}
		for k, x := range jsonHeaders {
			h[k] = x
		}
		res, body := do(t, http.MethodPost, url, tc.body, h)
		if code, msg := rpcError(t, body); res.StatusCode != http.StatusBadRequest || code != mcp.INVALID_REQUEST || !strings.Contains(msg, tc.message) {
			t.Errorf("%.40s at %q: %d %s; want 400, invalid request naming %q", tc.body, tc.version, res.StatusCode, body, tc.message)
		}
	}
	// Only notifications: nothing to answer.
	res, body := do(t, http.MethodPost, url, `[{"jsonrpc":"2.0","method":"notifications/initialized"}]`, jsonHeaders)
	if res.StatusCode != http.StatusAccepted || body != "" {
		t.Errorf("a batch of notifications: %d %q; want 202 and no body", res.StatusCode, body)
	}
}

// TestLegacySSETransport: a client of the 2024-11-05 HTTP+SSE transport connects to either server at its
// stream path, or at the server's own path, and calls its tools.
func TestLegacySSETransport(t *testing.T) {
	url := serve(t, newLibrary(t, nil))
	for _, s := range servers {
		for _, stream := range []string{s.path + "/sse", s.path} {
			t.Run(stream, func(t *testing.T) {
				c, err := client.NewSSEMCPClient(url + stream)
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { c.Close() })
				ctx := context.Background()
				if err := c.Start(ctx); err != nil {
					t.Fatal(err)
				}
				req := mcp.InitializeRequest{}
				req.Params.ProtocolVersion = mcp.ProtocolVersion20241105
				req.Params.ClientInfo = mcp.Implementation{Name: "iconlib-test", Version: "1"}
				res, err := c.Initialize(ctx, req)
				if err != nil || res.ProtocolVersion != mcp.ProtocolVersion20241105 || res.ServerInfo.Name != s.name {
					t.Fatalf("initialize: %v %+v", err, res)
				}
				list, err := c.ListTools(ctx, mcp.ListToolsRequest{})
				if err != nil || len(list.Tools) != len(s.tools) {
					t.Fatalf("tools/list: %v %+v", err, list)
				}
				got := call(t, c, "read_guide", map[string]any{"slug": "web"})
				if got.IsError || !strings.Contains(textOf(t, got), "lottie-web") {
					t.Errorf("read_guide: %+v", got)
				}
				if got := call(t, c, "read_guide", map[string]any{"slug": "nope"}); !got.IsError {
					t.Errorf("read_guide of an unknown guide: %+v", got)
				}
			})
		}
	}
	// The messages path takes POST only, and only with a session's id.
	res, body := do(t, http.MethodPost, url+contract.MCPIconsMessagesPath+"?sessionId=nope", initialize, jsonHeaders)
	if code, _ := rpcError(t, body); res.StatusCode != http.StatusBadRequest || code != mcp.INVALID_PARAMS {
		t.Errorf("POST to an unknown session: %d %s", res.StatusCode, body)
	}
	if res, _ := do(t, http.MethodGet, url+contract.MCPIconsMessagesPath, "", nil); res.StatusCode != http.StatusMethodNotAllowed || res.Header.Get("Allow") != "POST" {
		t.Errorf("GET of the messages path: %d Allow %q", res.StatusCode, res.Header.Get("Allow"))
	}
}
