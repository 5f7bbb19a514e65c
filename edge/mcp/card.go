package mcp

import (
	"github.com/mark3labs/mcp-go/mcp"

	"github.com/iconlib/iconlib/edge/library"
	"github.com/iconlib/iconlib/internal/jsonfile"
)

// CardSchema is the JSON Schema the server cards declare: MCP Server Cards (SEP-2127), version 1.
const CardSchema = "https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json"

// CardContentType is the media type of a server card.
const CardContentType = "application/mcp-server-card+json"

// card is an MCP server card: what a client needs to know to connect before it connects.
type card struct {
	Schema      string         `json:"$schema"`
	Name        string         `json:"name"`
	Version     string         `json:"version"`
	Title       string         `json:"title"`
	Description string         `json:"description"`
	WebsiteURL  string         `json:"websiteUrl"`
	Remotes     []remote       `json:"remotes"`
	Meta        map[string]any `json:"_meta"`
}

type remote struct {
	Type                      string        `json:"type"`
	URL                       string        `json:"url"`
	Headers                   []headerInput `json:"headers"`
	SupportedProtocolVersions []string      `json:"supportedProtocolVersions"`
}

type headerInput struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	IsRequired  bool   `json:"isRequired"`
	IsSecret    bool   `json:"isSecret"`
}

// IconsCard returns the icons server's card, for /.well-known/mcp/server-card.json.
func IconsCard(lib *library.Library, opts Options) ([]byte, error) {
	return iconsSpec.card(lib, opts)
}

// DocsCard returns the guides server's card, for /mcp/docs/server-card.
func DocsCard(lib *library.Library, opts Options) ([]byte, error) {
	return docsSpec.card(lib, opts)
}

// card builds the server described by sp and describes what it registered. Server cards list no tools; the
// tool names are under _meta, for readers that want them before connecting.
func (sp serverSpec) card(lib *library.Library, opts Options) ([]byte, error) {
	e, err := sp.build(lib, opts)
	if err != nil {
		return nil, err
	}
	headers := []headerInput{{
		Name: "Authorization",
		Description: "Optional: \"Bearer <access token>\" for the agent limit of 600 requests a minute " +
			"instead of the anonymous 120 per IP address; see " + e.base.JoinPath("docs", "authentication/").String(),
		IsSecret: true,
	}}
	var legacy []string // the versions negotiated by initialize, which a legacy client sends on its stream
	for _, v := range e.versions {
		if !mcp.IsModernProtocol(v) {
			legacy = append(legacy, v)
		}
	}
	c := card{
		Schema:      CardSchema,
		Name:        sp.name,
		Version:     opts.Version,
		Title:       sp.title,
		Description: sp.words(lib.About()).Description,
		WebsiteURL:  e.website,
		Remotes: []remote{
			{Type: "streamable-http", URL: e.url.String(), Headers: headers, SupportedProtocolVersions: e.versions},
			// The legacy HTTP+SSE transport, for clients of protocol 2024-11-05 that speak nothing newer.
			{Type: "sse", URL: e.base.JoinPath(sp.ssePath).String(), Headers: headers, SupportedProtocolVersions: legacy},
		},
		Meta: map[string]any{"io.iconlib/tools": e.toolNames()},
	}
	return jsonfile.Indent(c)
}
