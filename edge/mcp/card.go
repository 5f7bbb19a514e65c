package mcp

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/iconlib/iconlib/edge/library"
	"github.com/iconlib/iconlib/internal/jsonfile"
)

// CardSchema is the JSON Schema the server cards declare: MCP Server Cards (SEP-2127), version 1.
const CardSchema = "https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json"

// CardContentType is the media type of a server card: plain JSON, as SEP-2127 requires of its
// .well-known URI and of its mcp://server-card.json resource.
const CardContentType = "application/json"

// CardResourceURI is the MCP resource every server reads its own card from (SEP-2127), for clients
// that reached it without HTTP.
const CardResourceURI = "mcp://server-card.json"

// card is an MCP server card: what a client needs to know to connect before it connects.
type card struct {
	Schema      string   `json:"$schema"`
	Name        string   `json:"name"`
	Version     string   `json:"version"`
	Title       string   `json:"title"`
	Description string   `json:"description"`
	WebsiteURL  string   `json:"websiteUrl"`
	Remotes     []remote `json:"remotes"`
	// Capabilities are the server's, as initialize states them: static tools and resources.
	Capabilities map[string]any `json:"capabilities"`
	// Tools are every tool the server has, as tools/list gives them: the list never changes.
	Tools []mcp.Tool     `json:"tools"`
	Meta  map[string]any `json:"_meta"`
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
	return iconsSpec.builtCard(lib, opts)
}

// DocsCard returns the guides server's card, for /mcp/docs/server-card.
func DocsCard(lib *library.Library, opts Options) ([]byte, error) {
	return docsSpec.builtCard(lib, opts)
}

// builtCard builds the server described by sp and returns its card.
func (sp serverSpec) builtCard(lib *library.Library, opts Options) ([]byte, error) {
	e, err := sp.build(lib, opts)
	if err != nil {
		return nil, err
	}
	return e.cardJSON, nil
}

// card describes the server e, built from sp, before any client connects. The tool names are also
// under _meta, for readers of the card's first version.
func (e *endpoint) card(sp serverSpec, description, version string) ([]byte, error) {
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
	names := e.toolNames()
	tools := make([]mcp.Tool, len(names))
	for i, name := range names {
		tools[i] = e.mcp.GetTool(name).Tool
	}
	c := card{
		Schema:      CardSchema,
		Name:        sp.name,
		Version:     version,
		Title:       sp.title,
		Description: description,
		WebsiteURL:  e.website,
		Remotes: []remote{
			{Type: "streamable-http", URL: e.url.String(), Headers: headers, SupportedProtocolVersions: e.versions},
			// The legacy HTTP+SSE transport, for clients of protocol 2024-11-05 that speak nothing newer.
			{Type: "sse", URL: e.base.JoinPath(sp.ssePath).String(), Headers: headers, SupportedProtocolVersions: legacy},
		},
		Capabilities: map[string]any{ // as the server's options (mcp.go) set them
			"tools":     map[string]bool{"listChanged": false},
			"resources": map[string]bool{"subscribe": false, "listChanged": false},
		},
		Tools: tools,
		Meta:  map[string]any{"io.iconlib/tools": names},
	}
	return jsonfile.Indent(c)
}

// cardResource is the server's own card as the MCP resource SEP-2127 names.
func cardResource(body []byte) (mcp.Resource, server.ResourceHandlerFunc) {
	r := mcp.NewResource(CardResourceURI, "server-card.json",
		mcp.WithResourceDescription("This server's card (MCP Server Cards, SEP-2127): its transports, capabilities and tools."),
		mcp.WithMIMEType(CardContentType))
	return r, func(context.Context, mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
		return []mcp.ResourceContents{mcp.TextResourceContents{URI: CardResourceURI, MIMEType: CardContentType, Text: string(body)}}, nil
	}
}
