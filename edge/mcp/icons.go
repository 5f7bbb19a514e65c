package mcp

import (
	"context"
	"fmt"
	"strconv"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/iconlib/iconlib/edge/library"
	"github.com/iconlib/iconlib/internal/catalog"
)

// maxID bounds get_icon's id and search_icons' category, as the query is bounded.
const maxID = 200

// readOnly titles a tool, and marks it as one that only reads iconlib's own, unchanging library.
func readOnly(title string) mcp.ToolOption {
	return func(t *mcp.Tool) {
		t.Title = title
		t.Annotations = mcp.ToolAnnotation{
			Title:           title,
			ReadOnlyHint:    mcp.ToBoolPtr(true),
			DestructiveHint: mcp.ToBoolPtr(false),
			IdempotentHint:  mcp.ToBoolPtr(true),
			OpenWorldHint:   mcp.ToBoolPtr(false),
		}
	}
}

// iconTools are the tools of the icons server.
func iconTools(lib *library.Library) []server.ServerTool {
	return []server.ServerTool{searchIconsTool(lib), getIconTool(lib), listCategoriesTool(lib), readGuideTool(lib)}
}

type searchIconsArgs struct {
	Query    string `json:"query"`
	Category string `json:"category"`
	Limit    *int   `json:"limit"`
}

// iconSearch is search_icons' result: the same items as GET /api/v1/icons?q=.
type iconSearch struct {
	Query    string            `json:"query" jsonschema:"the query searched for"`
	Category string            `json:"category,omitempty" jsonschema:"the category filter as given, if any"`
	Items    []library.IconHit `json:"items" jsonschema:"matching icons, best first; score is higher for a better match"`
	Total    int               `json:"total" jsonschema:"number of items"`
}

func searchIconsTool(lib *library.Library) server.ServerTool {
	tool := mcp.NewTool("search_icons",
		describedAs("Search iconlib's animated icons by what the icon should mean or show, by name, or by "+
			"a misspelled name. Ranking combines word matching, typo tolerance and meaning, the same as the "+
			"website's search and GET /api/v1/icons?q=. The text lists each icon's name, page URL, id and Lottie "+
			"animation file URL; structuredContent also gives each one's description, category, score, static SVG "+
			"URL and styles. Call get_icon with an id for the icon's states, sha256, install commands and code."),
		readOnly("Search icons"),
		mcp.WithString("query", mcp.Required(), mcp.MinLength(1), mcp.MaxLength(library.AgentIcons.QueryMaxRunes),
			mcp.Description("What the icon should convey, in plain words (\"sign out of my account\", "+
				"\"loading\"), or an icon name (\"arrow-left\"); typos are tolerated.")),
		mcp.WithString("category", mcp.MaxLength(maxID),
			mcp.Description("Only return icons of this category: a category id from list_categories, such as "+
				"\"arrows\". Omit to search every category.")),
		mcp.WithInteger("limit", mcp.Min(1), mcp.Max(library.AgentIcons.LimitMax), mcp.DefaultNumber(library.AgentIcons.LimitDefault),
			mcp.Description(fmt.Sprintf("How many results to return at most, 1 to %d (default %d).",
				library.AgentIcons.LimitMax, library.AgentIcons.LimitDefault))),
		outputSchema[iconSearch](),
	)
	return server.ServerTool{Tool: tool, Handler: mcp.NewTypedToolHandler(
		func(_ context.Context, _ mcp.CallToolRequest, args searchIconsArgs) (*mcp.CallToolResult, error) {
			q, err := lib.Check(library.Query{Text: args.Query, Category: args.Category, Limit: args.Limit}, library.AgentIcons)
			if err != nil {
				return refused("search_icons", err), nil
			}
			hits, err := lib.SearchIcons(q)
			if err != nil {
				return refused("search_icons", err), nil
			}
			return remembered(lib, "search_icons\x00"+q.Category+"\x00"+strconv.Itoa(q.Limit)+"\x00"+q.Text,
				iconSearch{Query: q.Text, Category: q.Category, Items: hits, Total: len(hits)}), nil
		})}
}

type getIconArgs struct {
	ID string `json:"id"`
}

// iconRecord is get_icon's result: the icon's full record, as GET /api/v1/icons/<id> returns it.
type iconRecord catalog.Icon

func getIconTool(lib *library.Library) server.ServerTool {
	tool := mcp.NewTool("get_icon",
		describedAs("Get one icon's full record by id: name, description, category, tags; styles and "+
			"files (one Lottie file per style, such as outline and filled, each with its URL, sha256, size and "+
			"static SVG); motions (draw and the icon's signature motion, with the parts it moves, pivot and "+
			"direction); states (Lottie markers such as in, loop, hover, hover-draw and loop-<motion>, with "+
			"their frames, whether they loop, the motion they play and the styles that hold them); the default "+
			"file's URL, format, size and sha256, the static SVG's URL, install commands per platform, and "+
			"ready-to-paste code that loads and plays the icon in JavaScript (lottie-web), React "+
			"(lottie-react), React Native (lottie-react-native), Flutter (lottie), SwiftUI and UIKit (lottie-ios), "+
			"Jetpack Compose and Android views (lottie-android); and its licence (MIT: the name, SPDX "+
			"id, attribution and the URL of the notices to ship with the files). Ids come from search_icons."),
		readOnly("Get an icon"),
		mcp.WithString("id", mcp.Required(), mcp.MinLength(1), mcp.MaxLength(maxID),
			mcp.Description("The icon's id, as search_icons returns it, such as \"arrow-left\".")),
		outputSchema[iconRecord](),
	)
	return server.ServerTool{Tool: tool, Handler: mcp.NewTypedToolHandler(
		func(_ context.Context, _ mcp.CallToolRequest, args getIconArgs) (*mcp.CallToolResult, error) {
			ic, err := lib.Lookup(args.ID)
			if err != nil {
				return refused("get_icon", err), nil
			}
			return remembered(lib, "get_icon\x00"+ic.ID, iconAnswer{iconRecord(ic), lib.About().Platforms}), nil
		})}
}

// categoryList is list_categories' result, as GET /api/v1/categories returns it.
type categoryList catalog.CategoryList

func listCategoriesTool(lib *library.Library) server.ServerTool {
	tool := mcp.NewTool("list_categories",
		describedAs("List every icon category with its id, display name and number of icons. Pass an "+
			"id as search_icons' category to search one category only."),
		readOnly("List categories"),
		outputSchema[categoryList](),
	)
	return server.ServerTool{Tool: tool, Handler: func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		cats := lib.Categories()
		return structured(categoryList{Items: cats, Total: len(cats)}), nil
	}}
}
