package mcp

import (
	"github.com/mark3labs/mcp-go/mcp"

	"github.com/iconlib/iconlib/edge/library"
	"github.com/iconlib/iconlib/edge/markdown"
	"github.com/iconlib/iconlib/internal/catalog"
)

// This file gives every tool result its Markdown, the text content a model or person reads beside the
// structured content. Package markdown renders the results; this adds only the tools to call next.

// resultsSaid is the last sentence of every tool's description. MCP suggests a tool with structured
// content also send that JSON as text; the text is Markdown instead, which models and people read better,
// and the description says where the JSON is (a choice recorded in the MCP guide). A list's text holds what
// a model acts on, not every field: the tool's description says which fields only the JSON has.
const resultsSaid = " The result's text is Markdown to read; its structuredContent holds the whole answer as JSON, " +
	"matching this tool's outputSchema."

// describedAs is a tool's description: what it does, then where its JSON is (resultsSaid).
func describedAs(what string) mcp.ToolOption {
	return mcp.WithDescription(what + resultsSaid)
}

// markdowner is a tool result that renders itself as Markdown.
type markdowner interface {
	markdown() string
}

// structured is a successful tool result: v as structured content, and its Markdown rendering as text.
func structured(v markdowner) *mcp.CallToolResult {
	return mcp.NewToolResultStructured(v, v.markdown())
}

// remembered is structured with the Markdown the library keeps under key for this snapshot: the same
// answer is rendered once. key names the tool and every argument the answer depends on.
func remembered(lib *library.Library, key string, v markdowner) *mcp.CallToolResult {
	return mcp.NewToolResultStructured(v, lib.Rendered("mcp\x00"+key, v.markdown))
}

func (r iconSearch) markdown() string {
	return markdown.IconHits(markdown.Search{Query: r.Query, Category: r.Category,
		Next: "Call get_icon with an id for its states, install commands and code."}, r.Items)
}

// iconAnswer is get_icon's record, whose Markdown names each platform as the library's labels do; as
// JSON it is the record alone.
type iconAnswer struct {
	iconRecord
	labels catalog.Labels
}

func (r iconAnswer) markdown() string { return markdown.Icon(catalog.Icon(r.iconRecord), r.labels) }

func (r categoryList) markdown() string {
	return markdown.Categories(r.Items, "Pass an id as search_icons' category to search that category only.")
}

func (r guideSearch) markdown() string {
	return markdown.SectionHits(markdown.Search{Query: r.Question,
		Instead: "Or call read_guide with a guide's slug for the whole guide."}, r.Items)
}

func (r guideDoc) markdown() string { return r.Markdown }
