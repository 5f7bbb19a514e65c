package mcp_test

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/iconlib/iconlib/edge/library"
	iconmcp "github.com/iconlib/iconlib/edge/mcp"
	"github.com/iconlib/iconlib/internal/contract"
)

type serverCard struct {
	Schema      string `json:"$schema"`
	Name        string
	Version     string
	Title       string
	Description string
	WebsiteURL  string
	Remotes     []struct {
		Type    string
		URL     string
		Headers []struct {
			Name                 string
			IsRequired, IsSecret bool
		}
		SupportedProtocolVersions []string
	}
	Meta map[string][]string `json:"_meta"`
}

// TestServerCardsDescribeTheServers checks each card against the Server Card format (SEP-2127, v1 schema)
// and against what the live server says about itself.
func TestServerCardsDescribeTheServers(t *testing.T) {
	lib := newLibrary(t, nil)
	url := serve(t, lib)
	cards := map[string]func(*library.Library, iconmcp.Options) ([]byte, error){
		contract.MCPIconsPath: iconmcp.IconsCard,
		contract.MCPDocsPath:  iconmcp.DocsCard,
	}
	namePattern := regexp.MustCompile(`^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$`)
	for _, s := range servers {
		b, err := cards[s.path](lib, iconmcp.Options{Version: "1.2.3-test", BaseURL: contract.MustParseBaseURL(base + "/"), Logger: slog.New(slog.DiscardHandler)})
		if err != nil {
			t.Fatal(err)
		}
		var c serverCard
		if err := json.Unmarshal(b, &c); err != nil {
			t.Fatal(err)
		}
		if c.Schema != "https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json" ||
			!namePattern.MatchString(c.Name) || c.Version != "1.2.3-test" || c.Title == "" ||
			c.Description == "" || len(c.Description) > 100 || c.WebsiteURL != base+"/docs/mcp/" {
			t.Errorf("%s card: %s", s.path, b)
		}
		if len(c.Remotes) != 2 || c.Remotes[0].Type != "streamable-http" || c.Remotes[0].URL != base+s.path ||
			c.Remotes[1].Type != "sse" || c.Remotes[1].URL != base+s.path+"/sse" ||
			!slices.Contains(c.Remotes[1].SupportedProtocolVersions, mcp.ProtocolVersion20241105) {
			t.Fatalf("%s remotes: %s", s.path, b)
		}
		for _, r := range c.Remotes {
			if len(r.Headers) != 1 || r.Headers[0].Name != "Authorization" || r.Headers[0].IsRequired || !r.Headers[0].IsSecret {
				t.Errorf("%s %s remote headers: %+v", s.path, r.Type, r.Headers)
			}
		}
		supported := c.Remotes[0].SupportedProtocolVersions
		for _, v := range append([]string{mcp.LATEST_PROTOCOL_VERSION}, versions...) {
			if !slices.Contains(supported, v) {
				t.Errorf("%s card lacks protocol version %s: %v", s.path, v, supported)
			}
		}

		// The card agrees with the server it describes.
		for _, v := range supported {
			if v == mcp.LATEST_PROTOCOL_VERSION {
				continue // reached through server/discover, not initialize; see TestNewerProtocolVersionsStayOn
			}
			client, res := connect(t, url+s.path, v)
			if res.ProtocolVersion != v || res.ServerInfo.Name != c.Name || res.ServerInfo.Version != c.Version ||
				res.ServerInfo.Title != c.Title || res.ServerInfo.Description != c.Description {
				t.Errorf("%s at %s: server says %+v, card says %s", s.path, v, res, b)
			}
			tools, err := client.ListTools(context.Background(), mcp.ListToolsRequest{})
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, tool := range tools.Tools {
				names = append(names, tool.Name)
			}
			slices.Sort(names)
			if !slices.Equal(names, c.Meta["io.iconlib/tools"]) || !slices.Equal(names, s.tools) {
				t.Errorf("%s: tools %v, card %v", s.path, names, c.Meta)
			}
		}
	}
}

// registryModule is the MCP registry's Go module, whose server.json schema the server card format extends;
// the MCP server-card schema itself is published neither on npm nor as a Go module.
const registryModule = "github.com/modelcontextprotocol/registry@v1.8.8"

// TestServerCardsFitTheRegistrySchema validates both cards against the MCP registry's server.json schema
// (draft), from its Go module (go mod download: it is no dependency of the build).
func TestServerCardsFitTheRegistrySchema(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to download the registry's schema with")
	}
	out, err := exec.Command(goTool, "mod", "download", "-json", registryModule).Output()
	var mod struct{ Dir string }
	if err != nil || json.Unmarshal(out, &mod) != nil || mod.Dir == "" {
		t.Fatalf("go mod download %s: %v %s", registryModule, err, out)
	}
	f, err := os.Open(filepath.Join(mod.Dir, "docs", "reference", "server-json", "draft", "server.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource("urn:mcp:registry:server", doc); err != nil {
		t.Fatal(err)
	}
	schema, err := c.Compile("urn:mcp:registry:server")
	if err != nil {
		t.Fatal(err)
	}
	lib := newLibrary(t, nil)
	for name, card := range map[string]func(*library.Library, iconmcp.Options) ([]byte, error){"icons": iconmcp.IconsCard, "guides": iconmcp.DocsCard} {
		b, err := card(lib, iconmcp.Options{Version: "1.4.0", BaseURL: contract.MustParseBaseURL(base), Logger: slog.New(slog.DiscardHandler)})
		if err != nil {
			t.Fatal(err)
		}
		v, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if err := schema.Validate(v); err != nil {
			t.Errorf("%s card: %v", name, err)
		}
	}
}
