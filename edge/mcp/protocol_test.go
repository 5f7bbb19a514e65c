package mcp_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"

	iconmcp "github.com/iconlib/iconlib/edge/mcp"
	"github.com/iconlib/iconlib/internal/contract"
)

// servers are the two MCP servers with what each must offer.
var servers = []struct {
	path, name string
	tools      []string
}{
	{contract.MCPIconsPath, "io.iconlib/icons", []string{"get_icon", "list_categories", "read_guide", "search_icons"}},
	{contract.MCPDocsPath, "io.iconlib/guides", []string{"read_guide", "search_guides"}},
}

func TestInitializeNegotiatesEachProtocolVersion(t *testing.T) {
	url := serve(t, newLibrary(t, nil))
	for _, s := range servers {
		for _, v := range versions {
			t.Run(s.name+"@"+v, func(t *testing.T) {
				c, res := connect(t, url+s.path, v)
				if res.ProtocolVersion != v {
					t.Errorf("negotiated %s, want %s", res.ProtocolVersion, v)
				}
				if res.ServerInfo.Name != s.name || res.ServerInfo.Version != "1.2.3-test" || res.ServerInfo.Title == "" {
					t.Errorf("server info %+v", res.ServerInfo)
				}
				if res.Capabilities.Tools == nil || res.Capabilities.Resources == nil || res.Instructions == "" {
					t.Errorf("capabilities %+v, instructions %q", res.Capabilities, res.Instructions)
				}
				if c.GetSessionId() != "" {
					t.Errorf("stateless server handed out session id %q", c.GetSessionId())
				}
				//lint:ignore SA1019 ping belongs to the protocol versions under test (it went in 2026-07-28)
				if err := c.Ping(context.Background()); err != nil {
					t.Errorf("ping: %v", err)
				}
			})
		}
	}
}

func TestToolsAreListedWithSchemasAndReadOnlyAnnotations(t *testing.T) {
	url := serve(t, newLibrary(t, nil))
	for _, s := range servers {
		for _, v := range versions {
			t.Run(s.name+"@"+v, func(t *testing.T) {
				c, _ := connect(t, url+s.path, v)
				res, err := c.ListTools(context.Background(), mcp.ListToolsRequest{})
				if err != nil {
					t.Fatal(err)
				}
				var names []string
				for _, tool := range res.Tools {
					names = append(names, tool.Name)
					checkTool(t, tool)
				}
				slices.Sort(names)
				if !slices.Equal(names, s.tools) {
					t.Errorf("tools %v, want %v", names, s.tools)
				}
			})
		}
	}
}

func checkTool(t *testing.T, tool mcp.Tool) {
	t.Helper()
	if len(tool.Description) < 80 {
		t.Errorf("%s: description too thin for a model: %q", tool.Name, tool.Description)
	}
	if tool.InputSchema.Type != "object" || tool.InputSchema.AdditionalProperties != false {
		t.Errorf("%s: input schema %+v should be a closed object", tool.Name, tool.InputSchema)
	}
	for name, p := range tool.InputSchema.Properties {
		if p, _ := p.(map[string]any); p["description"] == "" || p["description"] == nil {
			t.Errorf("%s: argument %s has no description", tool.Name, name)
		}
	}
	if tool.OutputSchema.Type != "object" || len(tool.OutputSchema.Properties) == 0 {
		t.Errorf("%s: output schema %+v", tool.Name, tool.OutputSchema)
	}
	// The text of a result is Markdown, not the JSON MCP suggests: the description says where the JSON is
	// (issue 55; every call's structuredContent is checked against outputSchema by the tests' call).
	if !strings.HasSuffix(tool.Description, "its structuredContent holds the whole answer as JSON, matching this tool's outputSchema.") {
		t.Errorf("%s: the description does not say the result's JSON is its structuredContent: %q", tool.Name, tool.Description)
	}
	// One type per schema: clients that map tool schemas to single-type formats (Inspector --strict) warn
	// on ["null","array"], and no field is ever null.
	schema, _ := json.Marshal(tool.OutputSchema)
	for _, typ := range regexp.MustCompile(`"type":\s*(\[[^\]]*\])`).FindAllStringSubmatch(string(schema), -1) {
		t.Errorf("%s: output schema has a multi-type %s", tool.Name, typ[1])
	}
	a := tool.Annotations
	if tool.Title == "" || a.Title != tool.Title || a.ReadOnlyHint == nil || !*a.ReadOnlyHint || a.DestructiveHint == nil || *a.DestructiveHint ||
		a.IdempotentHint == nil || !*a.IdempotentHint || a.OpenWorldHint == nil || *a.OpenWorldHint {
		t.Errorf("%s: annotations %+v", tool.Name, a)
	}
}

func TestGuidesAreResourcesOnBothServers(t *testing.T) {
	lib := newLibrary(t, nil)
	url := serve(t, lib)
	for _, s := range servers {
		for _, v := range versions {
			t.Run(s.name+"@"+v, func(t *testing.T) {
				c, _ := connect(t, url+s.path, v)
				ctx := context.Background()
				list, err := c.ListResources(ctx, mcp.ListResourcesRequest{})
				if err != nil {
					t.Fatal(err)
				}
				if len(list.Resources) != len(lib.Guides())+1 {
					t.Fatalf("%d resources, want the %d guides and the server card", len(list.Resources), len(lib.Guides()))
				}
				for _, r := range list.Resources {
					if r.URI == iconmcp.CardResourceURI {
						checkCardResource(t, c, r, s.name)
						continue
					}
					g, ok := lib.Guide(r.Name)
					if !ok || r.URI != "iconlib://guides/"+g.Slug || r.Title != g.Title ||
						r.Description != g.Description || r.MIMEType != "text/markdown" {
						t.Errorf("resource %+v", r)
						continue
					}
					req := mcp.ReadResourceRequest{}
					req.Params.URI = r.URI
					read, err := c.ReadResource(ctx, req)
					if err != nil {
						t.Fatal(err)
					}
					if len(read.Contents) != 1 {
						t.Fatalf("%s: %d contents", r.URI, len(read.Contents))
					}
					tc, ok := mcp.AsTextResourceContents(read.Contents[0])
					if !ok || tc.URI != r.URI || tc.MIMEType != "text/markdown" || tc.Text != g.Markdown {
						t.Errorf("%s read as %+v", r.URI, read.Contents[0])
					}
				}
				req := mcp.ReadResourceRequest{}
				req.Params.URI = "iconlib://guides/no-such-guide"
				if _, err := c.ReadResource(ctx, req); err == nil {
					t.Error("reading an unknown resource should be a JSON-RPC error")
				}
			})
		}
	}
}

// checkCardResource reads the server card resource r (SEP-2127: application/json at mcp://server-card.json)
// and checks it is the card of the server named name, with its capabilities and its tools.
func checkCardResource(t *testing.T, c *client.Client, r mcp.Resource, name string) {
	t.Helper()
	req := mcp.ReadResourceRequest{}
	req.Params.URI = r.URI
	read, err := c.ReadResource(context.Background(), req)
	if err != nil || len(read.Contents) != 1 {
		t.Fatalf("%s: %v, %d contents", r.URI, err, len(read.Contents))
	}
	tc, ok := mcp.AsTextResourceContents(read.Contents[0])
	var card struct {
		Name         string
		Capabilities map[string]any
		Tools        []struct{ Name string }
	}
	if !ok || r.MIMEType != "application/json" || tc.MIMEType != "application/json" || json.Unmarshal([]byte(tc.Text), &card) != nil ||
		card.Name != name || card.Capabilities["tools"] == nil || card.Capabilities["resources"] == nil || len(card.Tools) == 0 {
		t.Errorf("server card resource %+v read as %.300s", r, tc.Text)
	}
}

// TestAnyEdgeAnswersAnyRequest sends each request of one client to another, separately built server, as a
// load balancer in front of several edges would.
func TestAnyEdgeAnswersAnyRequest(t *testing.T) {
	lib := newLibrary(t, nil)
	edges := []http.Handler{newHandler(t, iconmcp.NewIcons, lib), newHandler(t, iconmcp.NewIcons, lib)}
	var next atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		edges[next.Add(1)%2].ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	for _, v := range versions {
		c, _ := connect(t, srv.URL+contract.MCPIconsPath, v)
		for range 3 {
			var out struct{ Total int }
			succeed(t, call(t, c, "list_categories", nil), &out)
		}
	}
	if next.Load() < 12 {
		t.Errorf("only %d requests reached the edges", next.Load())
	}
}

// TestNewerProtocolVersionsStayOn checks that a client preferring the newest protocol (mcp-go's default,
// the stateless 2026-07-28 core) is served too.
func TestNewerProtocolVersionsStayOn(t *testing.T) {
	url := serve(t, newLibrary(t, nil))
	tr, err := transport.NewStreamableHTTP(url + contract.MCPIconsPath)
	if err != nil {
		t.Fatal(err)
	}
	c := client.NewClient(tr)
	t.Cleanup(func() { c.Close() })
	if err := c.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	req := mcp.InitializeRequest{}
	req.Params.ClientInfo = mcp.Implementation{Name: "iconlib-test", Version: "1"}
	res, err := c.Initialize(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if res.ProtocolVersion != mcp.LATEST_PROTOCOL_VERSION {
		t.Errorf("negotiated %s, want %s", res.ProtocolVersion, mcp.LATEST_PROTOCOL_VERSION)
	}
	var out struct{ Total int }
	succeed(t, call(t, c, "search_icons", map[string]any{"query": "arrow"}), &out)
	if out.Total == 0 {
		t.Error("no results")
	}
}
