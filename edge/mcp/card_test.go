package mcp_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"regexp"
	"slices"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"

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
		if len(c.Remotes) != 1 || c.Remotes[0].Type != "streamable-http" || c.Remotes[0].URL != base+s.path ||
			len(c.Remotes[0].Headers) != 1 || c.Remotes[0].Headers[0].Name != "Authorization" ||
			c.Remotes[0].Headers[0].IsRequired || !c.Remotes[0].Headers[0].IsSecret {
			t.Fatalf("%s remotes: %s", s.path, b)
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
