package mcp

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/iconlib/iconlib/edge/library"
	"github.com/iconlib/iconlib/internal/catalog"
)

// guideScheme prefixes the URI of every guide resource: iconlib://guides/<slug>.
const guideScheme = "iconlib://guides/"

// markdownType is the MIME type of the guides.
const markdownType = "text/markdown"

// docsTools are the tools of the guides server.
func docsTools(lib *library.Library) []server.ServerTool {
	return []server.ServerTool{searchGuidesTool(lib), readGuideTool(lib)}
}

type searchGuidesArgs struct {
	Question string `json:"question"`
	Limit    *int   `json:"limit"`
}

// guideSearch is search_guides' result.
type guideSearch struct {
	Question string               `json:"question" jsonschema:"the question searched for"`
	Items    []library.SectionHit `json:"items" jsonschema:"guide sections that answer it, best first: the guide's slug and title, the section's heading, its anchor on the guide page, the page URL with that anchor, the section's Markdown text and a score"`
	Total    int                  `json:"total" jsonschema:"number of items"`
}

func searchGuidesTool(lib *library.Library) server.ServerTool {
	tool := mcp.NewTool("search_guides",
		describedAs("Find the parts of iconlib's guides that answer a question about using its "+
			"animated icons: playing them on the web, in React, iOS or Android, states and motions, search, the "+
			"REST API, authentication and rate limits, MCP, A2A and versioning. Returns whole guide sections "+
			"(heading, Markdown text and a link to the section), best first. Use read_guide for a whole guide."),
		readOnly("Search the guides"),
		mcp.WithString("question", mcp.Required(), mcp.MinLength(1), mcp.MaxLength(library.Guides.QueryMaxRunes),
			mcp.Description("The question in plain words, such as \"how do I loop an icon in React?\".")),
		mcp.WithInteger("limit", mcp.Min(1), mcp.Max(library.Guides.LimitMax), mcp.DefaultNumber(library.Guides.LimitDefault),
			mcp.Description(fmt.Sprintf("How many sections to return at most, 1 to %d (default %d).",
				library.Guides.LimitMax, library.Guides.LimitDefault))),
		outputSchema[guideSearch](),
	)
	return server.ServerTool{Tool: tool, Handler: mcp.NewTypedToolHandler(
		func(_ context.Context, _ mcp.CallToolRequest, args searchGuidesArgs) (*mcp.CallToolResult, error) {
			q, err := lib.Check(library.Query{Text: args.Question, Limit: args.Limit}, library.Guides)
			if err != nil {
				return refused("search_guides", err), nil
			}
			hits, err := lib.SearchGuides(q)
			if err != nil {
				return refused("search_guides", err), nil
			}
			return remembered(lib, "search_guides\x00"+strconv.Itoa(q.Limit)+"\x00"+q.Text,
				guideSearch{Question: q.Text, Items: hits, Total: len(hits)}), nil
		})}
}

type readGuideArgs struct {
	Slug string `json:"slug"`
}

// guideDoc is read_guide's result: a guide's metadata and its whole Markdown.
type guideDoc struct {
	catalog.Guide
	URI      string `json:"uri" jsonschema:"the guide as an MCP resource"`
	Markdown string `json:"markdown" jsonschema:"the guide's Markdown"`
}

func readGuideTool(lib *library.Library) server.ServerTool {
	slugs := guideSlugs(lib)
	tool := mcp.NewTool("read_guide",
		describedAs("Read one of iconlib's guides as Markdown: how to find icons and play them on the "+
			"web, in React, iOS and Android, their states and motions, search, the REST API, authentication, "+
			"MCP, A2A and versioning. Guides: "+strings.Join(slugs, ", ")+"."),
		readOnly("Read a guide"),
		mcp.WithString("slug", mcp.Required(), mcp.Enum(slugs...),
			mcp.Description("The guide's slug, such as \"getting-started\".")),
		outputSchema[guideDoc](),
	)
	return server.ServerTool{Tool: tool, Handler: mcp.NewTypedToolHandler(
		func(_ context.Context, _ mcp.CallToolRequest, args readGuideArgs) (*mcp.CallToolResult, error) {
			g, ok := lib.Guide(args.Slug)
			if !ok {
				return mcp.NewToolResultErrorf("There is no guide %q. Guides: %s.", args.Slug,
					strings.Join(slugs, ", ")), nil
			}
			return structured(guideDoc{Guide: g.Guide, URI: guideScheme + g.Slug, Markdown: g.Markdown}), nil
		})}
}

func guideSlugs(lib *library.Library) []string {
	var slugs []string
	for _, g := range lib.Guides() {
		slugs = append(slugs, g.Slug)
	}
	return slugs
}

// guideResources are the guides as resources iconlib://guides/<slug>, on both servers.
func guideResources(lib *library.Library) []server.ServerResource {
	var out []server.ServerResource
	for _, g := range lib.Guides() {
		uri := guideScheme + g.Slug
		contents := []mcp.ResourceContents{mcp.TextResourceContents{URI: uri, MIMEType: markdownType, Text: g.Markdown}}
		out = append(out, server.ServerResource{
			Resource: mcp.NewResource(uri, g.Slug,
				mcp.WithResourceTitle(g.Title),
				mcp.WithResourceDescription(g.Description),
				mcp.WithMIMEType(markdownType),
				mcp.WithResourceSize(int64(len(g.Markdown))),
			),
			Handler: func(context.Context, mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
				return contents, nil
			},
		})
	}
	return out
}
