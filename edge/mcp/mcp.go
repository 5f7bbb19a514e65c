// Package mcp serves iconlib's two Model Context Protocol servers over Streamable HTTP, built on mcp-go: the
// icons server (search_icons, get_icon, list_categories, read_guide) and the guides server (search_guides,
// read_guide). Both expose every guide as a resource iconlib://guides/<slug>.
//
// The servers are stateless: no session id is handed out and nothing is kept between requests, so any edge
// copy answers any request. Protocol versions 2025-06-18, 2025-03-26 and 2024-11-05 are negotiated through
// initialize, as are the newer ones mcp-go speaks. Every result comes as structured content (matching the
// tool's output schema) and as a Markdown rendering, both read from the library the REST API serves.
package mcp

import (
	"errors"
	"log/slog"
	"net/http"
	"net/url"
	"slices"

	"github.com/mark3labs/mcp-go/server"

	"github.com/iconlib/iconlib/edge/internal/answers"
	"github.com/iconlib/iconlib/edge/library"
	"github.com/iconlib/iconlib/internal/catalog"
	"github.com/iconlib/iconlib/internal/contract"
)

// Options configure either server. Every field is required: the edge resolves them once and the servers
// take them as they are.
type Options struct {
	// Version is reported as serverInfo.version and in the server card: a semantic version, as the
	// server-card schema wants.
	Version string
	// BaseURL is the URL clients reach the edge at. The endpoint URLs in the server cards, and the Host
	// names requests may carry, derive from it.
	BaseURL contract.BaseURL
	// Logger receives one line per MCP request and tool call.
	Logger *slog.Logger
	// Streams admits and times the legacy HTTP+SSE streams; servers given the same one share its limits.
	// Nil gives the server its own, with DefaultStreamLimits, telling clients apart by their connection's
	// address.
	Streams *Streams
	// Answers is the snapshot's answer cache, where the answers to tool calls asked again are kept
	// (replay.go); nil keeps none.
	Answers *answers.Cache
}

// serverSpec describes one of the two servers. The handler and the server card are both built from it, so
// the card lists exactly what the server registers. What a server says of itself (its description and
// instructions) is the build's, from templates/words.tmpl, read from the library (about.json).
type serverSpec struct {
	name         string // serverInfo.name and the card's name, reverse-DNS style
	title        string
	words        func(catalog.About) catalog.Words // the description (at most 100 characters: the server card's limit) and the instructions sent in the initialize result
	path         string                            // Streamable HTTP
	ssePath      string                            // the legacy HTTP+SSE transport's stream
	messagesPath string                            // and where its clients post their messages
	tools        func(*library.Library) []server.ServerTool
}

var (
	iconsSpec = serverSpec{
		name:         "io.iconlib/icons",
		title:        "iconlib icons",
		words:        func(a catalog.About) catalog.Words { return a.MCPIcons },
		path:         contract.MCPIconsPath,
		ssePath:      contract.MCPIconsSSEPath,
		messagesPath: contract.MCPIconsMessagesPath,
		tools:        iconTools,
	}
	docsSpec = serverSpec{
		name:         "io.iconlib/guides",
		title:        "iconlib guides",
		words:        func(a catalog.About) catalog.Words { return a.MCPGuides },
		path:         contract.MCPDocsPath,
		ssePath:      contract.MCPDocsSSEPath,
		messagesPath: contract.MCPDocsMessagesPath,
		tools:        docsTools,
	}
)

// NewIcons returns the handler of the icons server, for every path of it: contract.MCPIconsPath, that path
// with a trailing slash (a redirect), contract.MCPIconsSSEPath and contract.MCPIconsMessagesPath. See
// [endpoint.ServeHTTP] for what each answers.
func NewIcons(lib *library.Library, opts Options) (http.Handler, error) {
	return iconsSpec.handler(lib, opts)
}

// NewDocs returns the handler of the guides server, for contract.MCPDocsPath and the paths beside it, as
// NewIcons does for the icons server.
func NewDocs(lib *library.Library, opts Options) (http.Handler, error) {
	return docsSpec.handler(lib, opts)
}

// endpoint is one server as it runs: the MCP server, its two HTTP transports and its public URLs.
type endpoint struct {
	spec      serverSpec
	answers   *answers.Cache // where the answers replayed are kept (replay.go)
	mcp       *server.MCPServer
	transport *server.StreamableHTTPServer
	sse       *server.SSEServer // the legacy HTTP+SSE transport (protocol 2024-11-05)
	streams   *Streams          // its streams' limits
	versions  []string          // the protocol versions the transport serves, newest first
	base      *url.URL          // the site
	url       *url.URL          // the endpoint
	website   string            // the MCP guide's page
	cardJSON  []byte            // its server card (card.go)
	log       *slog.Logger
}

// build assembles the server described by sp.
func (sp serverSpec) build(lib *library.Library, opts Options) (*endpoint, error) {
	if lib == nil || opts.Version == "" || opts.BaseURL.IsZero() || opts.Logger == nil {
		return nil, errors.New("mcp: a library, version, base URL and logger are required")
	}
	b := opts.BaseURL.URL()
	e := &endpoint{spec: sp, answers: opts.Answers, base: b, url: b.JoinPath(sp.path), website: b.JoinPath(contract.GuidePage("mcp")).String()}
	logger := opts.Logger
	e.log = logger
	words := sp.words(lib.About())
	e.mcp = server.NewMCPServer(sp.name, opts.Version,
		server.WithTitle(sp.title),
		server.WithDescription(words.Description),
		server.WithWebsiteURL(e.website),
		server.WithInstructions(words.Instructions),
		server.WithToolCapabilities(false),
		server.WithResourceCapabilities(false, false),
		server.WithStrictInputSchemaDefault(),
		server.WithRecovery(),
		server.WithResourceRecovery(),
		server.WithLogger(opts.Logger),
	)
	e.mcp.AddTools(sp.tools(lib)...)
	e.mcp.AddResources(guideResources(lib)...)
	check, err := newArgumentCheck(e.mcp.ListTools())
	if err != nil {
		return nil, err
	}
	e.mcp.Use(check.middleware)

	e.transport = server.NewStreamableHTTPServer(e.mcp,
		server.WithStateLess(true),
		server.WithDisableStreaming(true),
		// hostGuard checks Host and Origin against the base URL instead: mcp-go's own check would refuse
		// every request a reverse proxy on the same machine forwards with the public Host header.
		server.WithDisableLocalhostProtection(true),
		server.WithStreamableHTTPLogger(logger),
	)
	e.versions = server.FilterSupportedVersions(e.transport)
	e.streams = opts.Streams
	if e.streams == nil {
		e.streams = NewStreams(DefaultStreamLimits, nil)
	}
	e.sse = server.NewSSEServer(e.mcp,
		server.WithSessionIDGenerator(e.streams.sessionID),
		server.WithMessageEndpoint(sp.messagesPath),
		// A path, which the client resolves against the stream's URL: right behind any host name.
		server.WithUseFullURLForMessageEndpoint(false),
		server.WithSSEDisableLocalhostProtection(true), // hostGuard checks
	)
	if e.cardJSON, err = e.card(sp, words.Description, opts.Version); err != nil {
		return nil, err
	}
	e.mcp.AddResource(cardResource(e.cardJSON))
	return e, nil
}

// handler returns the server described by sp, behind its Host and Origin check.
func (sp serverSpec) handler(lib *library.Library, opts Options) (http.Handler, error) {
	e, err := sp.build(lib, opts)
	if err != nil {
		return nil, err
	}
	return newHostGuard(e.url, e, e.log), nil
}

// toolNames lists the names of the tools the server registered, sorted.
func (e *endpoint) toolNames() []string {
	var names []string
	for name := range e.mcp.ListTools() {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}
