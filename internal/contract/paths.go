package contract

import (
	"strconv"
	"strings"
)

// Paths of the files the build writes into public/, relative to it, with forward slashes.
const (
	CatalogFile = "catalog.json"
	// CatalogSchemaFile is the JSON Schema of catalog.json, which the OpenAPI document links.
	CatalogSchemaFile = "catalog.schema.json"
	CategoriesFile    = "api/v1/categories.json"
	StaticDir         = "static"
	IconIndexFile     = StaticDir + "/icon-index.json" // every icon's words, for the site's search without the edge
	IconListFile      = StaticDir + "/icon-list.json"  // every icon's tile, for the long grids the script windows
	GuidesFile        = "docs/index.json"              // the guides' metadata
	SectionsFile      = "docs/sections.json"           // the guides' sections, for search answers
	AboutFile         = "about.json"                   // the product's words the edge's agents use (templates/words.tmpl)
	// VectorsFile is the word vector table every search index embeds queries with.
	VectorsFile   = "search/vectors.bin"
	IconIndexDir  = "search/icons"  // the icons' search index (its index.bin inside)
	GuideIndexDir = "search/guides" // the guide sections' search index

	OpenAPIFile       = "openapi.json"
	LLMsFile          = "llms.txt" // the site for language models (llmstxt.org)
	IndexMarkdownFile = "index.md" // the home page as Markdown
	AuthGuideFile     = "auth.md"  // credentials, step by step
	RobotsFile        = "robots.txt"
	SitemapFile       = "sitemap.xml"
	ARDFile           = ".well-known/ard.json"        // Agentic Resource Discovery manifest
	AICatalogFile     = ".well-known/ai-catalog.json" // the same entries, by its other name
	SkillsIndexFile   = ".well-known/agent-skills/index.json"
	SkillsDir         = ".well-known/agent-skills/" // one SKILL.md per skill below it

	// LicenseFile holds the notices of the icons' files (the animations' and the drawings'): the text a
	// user ships with them. LicensePage explains it.
	LicenseFile = "LICENSE.txt"
)

// URL paths of pages.
const (
	DocsPage       = "/docs/"            // the guides' index
	VersioningPage = "/docs/versioning/" // the API's deprecation policy
	MotionsPage    = "/motions/"         // every motion, played
	LicensePage    = "/license/"         // what the icons are under and what to ship
	AllIconsPage   = "/all/"             // every icon in one grid, TilesPerPage a page without a script
)

// TilesPerPage is how many tiles a page of a long grid (all icons, a category, a search on the home page)
// holds in its HTML: one for every column count from 1 to 6, 8, 10 and 12, so its rows end flush.
const TilesPerPage = 120

// ListPage is the URL path of page n (from 1) of the list whose first page is first: first itself, then
// first + "2/" and so on.
func ListPage(first string, n int) string {
	if n <= 1 {
		return first
	}
	return first + strconv.Itoa(n) + "/"
}

// CategoryPage is the URL path of a category's HTML page.
func CategoryPage(id string) string { return "/categories/" + id + "/" }

// AnimationFile is the public/ path of an icon's Lottie file.
func AnimationFile(id string) string { return "assets/" + id + ".json" }

// DotLottieFile is the public/ path of an icon's dotLottie file (both styles, themes, state machines).
func DotLottieFile(id string) string { return "assets/" + id + ".lottie" }

// SVGFile is the public/ path of an icon's static SVG.
func SVGFile(id string) string { return "svg/" + id + ".svg" }

// FilledAnimationFile is the public/ path of the Lottie file of an icon's filled style.
func FilledAnimationFile(id string) string { return "assets/filled/" + id + ".json" }

// FilledSVGFile is the public/ path of the static SVG of an icon's filled style.
func FilledSVGFile(id string) string { return "svg/filled/" + id + ".svg" }

// RecordFile is the public/ path of an icon's record, the body of GET /api/v1/icons/<id>.
func RecordFile(id string) string { return "api/v1/icons/" + id + ".json" }

// IconPage is the URL path of an icon's HTML page.
func IconPage(id string) string { return "/icons/" + id + "/" }

// GuidePage is the URL path of a guide's HTML page.
func GuidePage(slug string) string { return "/docs/" + slug + "/" }

// GuideMarkdown is the URL path of a guide's Markdown source.
func GuideMarkdown(slug string) string { return "/docs/" + slug + ".md" }

// PageFile maps a page's URL path ("/icons/x/") to the file that serves it ("icons/x/index.html").
func PageFile(urlPath string) string {
	p := strings.TrimPrefix(urlPath, "/")
	if p == "" || strings.HasSuffix(p, "/") {
		return p + "index.html"
	}
	return p
}

// SecurityHeaders go with every answer of the site, whoever serves it (the edge, and deploy/nginx for
// files): pages run the site's own scripts and styles only, no other site may frame them, and no browser
// second-guesses a content type. Data blocks (<script type="application/json">) are not scripts, and
// styles set from a script are not inline styles, so the site needs no exception.
var SecurityHeaders = map[string]string{
	"Content-Security-Policy": "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; " +
		"form-action 'self'; frame-ancestors 'none'",
	"X-Content-Type-Options": "nosniff",
	"X-Frame-Options":        "DENY",
}
