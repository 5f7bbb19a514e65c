package edge_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2aclient"
	"github.com/a2aproject/a2a-go/v2/a2aclient/agentcard"
	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
)

// TestMCPThroughTheEdge: both MCP servers answer a real mcp-go client behind the edge's whole middleware
// stack (recover, log, CORS, gzip, credentials, limits), with the anonymous rate-limit headers.
func TestMCPThroughTheEdge(t *testing.T) {
	e := newEdge(t)
	want := map[string][]string{
		"/mcp":      {"get_icon", "list_categories", "read_guide", "search_icons"},
		"/mcp/docs": {"read_guide", "search_guides"},
	}
	for path, tools := range want {
		ctx := context.Background()
		c, initialized := e.mcpClient(t, path, "2025-06-18")
		if initialized.ProtocolVersion != "2025-06-18" {
			t.Fatalf("%s initialize: protocol %s", path, initialized.ProtocolVersion)
		}
		list, err := c.ListTools(ctx, mcp.ListToolsRequest{})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, tool := range list.Tools {
			got = append(got, tool.Name)
		}
		if strings.Join(got, ",") != strings.Join(tools, ",") {
			t.Errorf("%s tools %v, want %v", path, got, tools)
		}
		call := mcp.CallToolRequest{}
		call.Params.Name = "read_guide"
		call.Params.Arguments = map[string]any{"slug": "web"}
		res, err := c.CallTool(ctx, call)
		if err != nil || res.IsError || !strings.Contains(res.Content[0].(mcp.TextContent).Text, "npm install lottie-web") {
			t.Errorf("%s read_guide: %v %+v", path, err, res)
		}
		if path == "/mcp" {
			checkRememberedSearch(t, c)
		}
	}
	res, body := e.do(t, http.MethodPost, "/mcp", map[string]string{"Content-Type": "application/json", "Accept": "application/json, text/event-stream"})
	if res.Header.Get("RateLimit-Policy") != `"anonymous";q=120;w=60` {
		t.Errorf("MCP answer without RateLimit-Policy: %d %s", res.StatusCode, body)
	}
	// The cards at the contract's paths and, for the icons server, where SEP-2127 puts it: JSON, with the
	// capabilities and tools the proposal requires.
	for _, card := range []string{"/.well-known/mcp/server-card.json", "/.well-known/mcp/server-card", "/mcp/docs/server-card"} {
		res, body := e.do(t, http.MethodGet, card, nil)
		if res.StatusCode != 200 || res.Header.Get("Content-Type") != "application/json" ||
			!strings.Contains(body, `"streamable-http"`) || !strings.Contains(body, e.mcpEndpoint(card)) ||
			!strings.Contains(body, `"capabilities"`) || !strings.Contains(body, `"inputSchema"`) {
			t.Errorf("%s: %d %s %.300s", card, res.StatusCode, res.Header.Get("Content-Type"), body)
		}
	}
}

// checkRememberedSearch: a search_icons answer the edge keeps is the same every time, and a query that
// differs only in case gets its own text, which repeats it as asked.
func checkRememberedSearch(t *testing.T, c *client.Client) {
	t.Helper()
	search := func(q string) string {
		call := mcp.CallToolRequest{}
		call.Params.Name = "search_icons"
		call.Params.Arguments = map[string]any{"query": q, "limit": 3}
		res, err := c.CallTool(context.Background(), call)
		if err != nil || res.IsError || len(res.Content) == 0 {
			t.Fatalf("search_icons %q: %v %+v", q, err, res)
		}
		return res.Content[0].(mcp.TextContent).Text
	}
	first, again, other := search("arrow"), search("arrow"), search("Arrow")
	if first != again || !strings.Contains(first, "arrow-left") {
		t.Errorf("search_icons arrow, twice:\n%s\n---\n%s", first, again)
	}
	if !strings.Contains(other, "Arrow") || other == first {
		t.Errorf("search_icons Arrow answers with the text of arrow:\n%s", other)
	}
}

// mcpEndpoint is the MCP endpoint a server card must point at.
func (e *testEdge) mcpEndpoint(card string) string {
	if strings.HasPrefix(card, "/mcp/docs") {
		return base + "/mcp/docs"
	}
	return base + "/mcp"
}

// mcpClient is an mcp-go client of the server at path, initialized at protocol version, closed when t
// ends; it returns the initialize result too.
func (e *testEdge) mcpClient(t *testing.T, path, version string) (*client.Client, *mcp.InitializeResult) {
	t.Helper()
	tr, err := transport.NewStreamableHTTP(e.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	c := client.NewClient(tr, client.WithProtocolVersion(version))
	ctx := context.Background()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	req := mcp.InitializeRequest{}
	req.Params.ProtocolVersion = version
	req.Params.ClientInfo = mcp.Implementation{Name: "edge-test", Version: "1"}
	res, err := c.Initialize(ctx, req)
	if err != nil {
		t.Fatalf("%s initialize: %v", path, err)
	}
	return c, res
}

// a2aClient is an a2a-go client made from the agent card the edge serves, closed when t ends.
func (e *testEdge) a2aClient(t *testing.T) *a2aclient.Client {
	t.Helper()
	ctx := context.Background()
	card, err := agentcard.DefaultResolver.Resolve(ctx, e.URL)
	if err != nil {
		t.Fatal(err)
	}
	// The card names the public base URL; talk to this test server instead.
	for _, iface := range card.SupportedInterfaces {
		iface.URL = strings.Replace(iface.URL, base, e.URL, 1)
	}
	c, err := a2aclient.NewFromCard(ctx, card)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Destroy() })
	return c
}

// TestA2AThroughTheEdge: the a2a-go 1.0 client resolves the agent card from the edge and gets an
// immediate two-part reply.
func TestA2AThroughTheEdge(t *testing.T) {
	e := newEdge(t)
	ctx := context.Background()
	c := e.a2aClient(t)
	res, err := c.SendMessage(ctx, &a2a.SendMessageRequest{Message: a2a.NewMessage(a2a.MessageRoleUser, a2a.NewTextPart("arrow-left"))})
	if err != nil {
		t.Fatal(err)
	}
	msg, ok := res.(*a2a.Message)
	if !ok || len(msg.Parts) != 2 || !strings.Contains(msg.Parts[0].Text(), base+"/assets/arrow-left.json") {
		t.Fatalf("reply %#v", res)
	}
	r, err := http.Get(e.URL + "/.well-known/agent-card.json")
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, r.Body)
	r.Body.Close()
	if r.Header.Get("ETag") == "" || r.Header.Get("Cache-Control") == "" {
		t.Errorf("agent card without ETag/Cache-Control: %v", r.Header)
	}
}

// TestEveryAnswerCarriesTheRecordsBytes: the REST record, a listing and MCP's get_icon carry the record
// file's bytes as the build wrote them; the A2A agent's icon-details carries the same record, though
// a2a-go re-encodes data parts as maps (with their keys sorted), so there it is equal as JSON only.
func TestEveryAnswerCarriesTheRecordsBytes(t *testing.T) {
	e := newEdge(t)
	record, err := os.ReadFile(filepath.Join(e.public, "api", "v1", "icons", "arrow-left.json"))
	if err != nil {
		t.Fatal(err)
	}
	post := func(path, body string) string {
		t.Helper()
		req, _ := http.NewRequest(http.MethodPost, e.URL+path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		got, _ := io.ReadAll(res.Body)
		return string(got)
	}
	_, rest := e.do(t, http.MethodGet, "/api/v1/icons/arrow-left", nil)
	_, listing := e.do(t, http.MethodGet, "/api/v1/icons?limit=100", nil)
	answers := map[string]string{
		"REST record": rest,
		"listing":     listing,
		"MCP get_icon": post("/mcp", `{"jsonrpc":"2.0","id":1,"method":"tools/call",`+
			`"params":{"name":"get_icon","arguments":{"id":"arrow-left"}}}`),
	}
	a2aAnswer := post("/a2a", `{"jsonrpc":"2.0","id":1,"method":"message/send","params":{"message":`+
		`{"kind":"message","messageId":"m1","role":"user","parts":[{"kind":"data","data":{"skill":"icon-details","query":"arrow-left"}}]}}}`)
	for name, body := range answers {
		if !strings.Contains(body, string(record)) {
			t.Errorf("%s does not carry the record's %d bytes: %.300s", name, len(record), body)
		}
	}
	var reply struct {
		Result struct {
			Parts []struct {
				Data struct {
					Icon any `json:"icon"`
				} `json:"data"`
			} `json:"parts"`
		} `json:"result"`
	}
	var want any
	if err := json.Unmarshal([]byte(a2aAnswer), &reply); err != nil || json.Unmarshal(record, &want) != nil {
		t.Fatalf("A2A: %v: %.300s", err, a2aAnswer)
	}
	for _, p := range reply.Result.Parts {
		if p.Data.Icon != nil && reflect.DeepEqual(p.Data.Icon, want) {
			return
		}
	}
	t.Errorf("A2A icon-details carries no data part equal to the record: %.300s", a2aAnswer)
}

// TestLegacySSEThroughTheEdge: a client of MCP's legacy HTTP+SSE transport works through the edge's whole
// middleware stack; its stream and its messages are limited and authenticated like every MCP request.
func TestLegacySSEThroughTheEdge(t *testing.T) {
	e := newEdge(t)
	ctx := context.Background()
	for _, stream := range []string{"/mcp/sse", "/mcp/docs/sse", "/mcp"} {
		c, err := client.NewSSEMCPClient(e.URL + stream)
		if err != nil {
			t.Fatal(err)
		}
		if err := c.Start(ctx); err != nil {
			t.Fatalf("%s: %v", stream, err)
		}
		req := mcp.InitializeRequest{}
		req.Params.ProtocolVersion = "2024-11-05"
		req.Params.ClientInfo = mcp.Implementation{Name: "edge-test", Version: "1"}
		if res, err := c.Initialize(ctx, req); err != nil || res.ProtocolVersion != "2024-11-05" {
			t.Fatalf("%s initialize: %v", stream, err)
		}
		call := mcp.CallToolRequest{}
		call.Params.Name = "read_guide"
		call.Params.Arguments = map[string]any{"slug": "web"}
		if res, err := c.CallTool(ctx, call); err != nil || res.IsError || !strings.Contains(res.Content[0].(mcp.TextContent).Text, "lottie-web") {
			t.Errorf("%s read_guide: %v %+v", stream, err, res)
		}
		c.Close()
	}

	// The stream's headers, and the endpoint event naming where to post.
	sctx, cancel := context.WithCancel(ctx)
	defer cancel()
	req, _ := http.NewRequestWithContext(sctx, http.MethodGet, e.URL+"/mcp/sse", nil)
	req.Header.Set("Accept", "text/event-stream")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "text/event-stream" ||
		res.Header.Get("RateLimit-Policy") != `"anonymous";q=120;w=60` || res.Header.Get("RateLimit") == "" {
		t.Fatalf("stream: %d %v", res.StatusCode, res.Header)
	}
	buf := make([]byte, 512)
	n, _ := res.Body.Read(buf)
	endpoint := regexp.MustCompile(`data: (/mcp/message\?sessionId=\S+)`).FindStringSubmatch(string(buf[:n]))
	if endpoint == nil {
		t.Fatalf("first event %q names no messages path", buf[:n])
	}
	msg, body := sendReader(t, http.MethodPost, e.URL+endpoint[1], strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"ping"}`),
		map[string]string{"Content-Type": "application/json"})
	if msg.StatusCode != http.StatusAccepted || !strings.HasPrefix(msg.Header.Get("RateLimit"), `"anonymous";r=`) {
		t.Errorf("message: %d %v %s", msg.StatusCode, msg.Header, body)
	}
	// A token of ours that was altered is refused on the stream and on the messages path.
	altered := registerAgent(t, e.URL) + "x"
	for _, tc := range []struct{ method, path string }{{http.MethodGet, "/mcp/sse"}, {http.MethodPost, endpoint[1]}, {http.MethodGet, "/mcp/docs"}} {
		res, body := sendReader(t, tc.method, e.URL+tc.path, strings.NewReader(`{"jsonrpc":"2.0","id":2,"method":"ping"}`),
			map[string]string{"Authorization": "Bearer " + altered, "Accept": "text/event-stream", "Content-Type": "application/json"})
		if res.StatusCode != http.StatusUnauthorized || !strings.Contains(res.Header.Get("WWW-Authenticate"), "invalid_token") ||
			!strings.Contains(body, `"code":-31401`) {
			t.Errorf("%s %s with an altered token: %d %s", tc.method, tc.path, res.StatusCode, body)
		}
	}
}
