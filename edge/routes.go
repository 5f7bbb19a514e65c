package edge

import (
	"net/http"
	"strings"

	"github.com/klauspost/compress/gzhttp"
	"github.com/rs/cors"

	"github.com/iconlib/iconlib/edge/access"
	"github.com/iconlib/iconlib/edge/mcp"
	"github.com/iconlib/iconlib/internal/contract"
)

// Surfaces: what a route belongs to, as the metrics label requests and their durations.
const (
	surfaceSite    = "site"     // files, the home page, cards, health
	surfaceAuth    = "auth"     // registration, token exchange, keys, OAuth metadata
	surfaceREST    = "rest"     // an icon's record, the categories
	surfaceSearch  = "search"   // the REST icon list and search (/icons?q=, /search)
	surfaceMCP     = "mcp"      // the icons MCP server
	surfaceMCPDocs = "mcp-docs" // the guides MCP server
	surfaceA2A     = "a2a"      // the A2A agent
)

// ServeHTTP serves r from the snapshot loaded last: the pointer is read once, and the whole request, from
// the middleware to the last byte, is served by that snapshot's routes.
func (e *Edge) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	e.current.Load().handler.ServeHTTP(w, r)
}

// routes registers every endpoint of the edge over one snapshot, each with its surface, and wraps them
// in middleware, outermost first: the security headers, recover from panics, log and count, the caller's RateLimit-Policy, CORS,
// compress (what the build did not precompress); the REST API, MCP servers and A2A agent also pass the credential check and rate
// limits, and a search on the home page the anonymous limit (static files never do).
func (s *server) routes() http.Handler {
	mux := http.NewServeMux()
	surfaces := map[string]string{} // by pattern
	handle := func(surface, pattern string, h http.Handler) {
		mux.Handle(pattern, h)
		surfaces[pattern] = surface
	}
	handle(surfaceSite, "GET "+contract.HealthPath, http.HandlerFunc(s.handleHealth))
	handle(surfaceSite, "GET "+contract.ReadyPath, http.HandlerFunc(s.handleReady))
	// registration, token exchange, JWKS, OAuth discovery
	s.access.Routes(func(pattern string, h func(http.ResponseWriter, *http.Request)) {
		handle(surfaceAuth, pattern, http.HandlerFunc(h))
	})
	for _, v := range apiVersions {
		api := func(surface, pattern string, h http.HandlerFunc) {
			// The version's headers go on every answer, the limiter's 401 and 429 included.
			handle(surface, v.prefix+pattern, v.wrap(s.cfg.BaseURL.String(), s.access.Limit(methodsOf(v.prefix+pattern, h), access.REST)))
		}
		api(surfaceSearch, contract.IconsRoute, s.handleIcons)
		api(surfaceREST, contract.IconRoute, s.handleRecord)
		api(surfaceREST, contract.CategoriesRoute, s.handleCategories)
		api(surfaceSearch, contract.SearchRoute, s.handleSearch)
	}
	// MCP and A2A see every method, so that a refused one gets a JSON-RPC error with the 405 and Allow. Each MCP server answers its
	// path (Streamable HTTP), the path with a slash (a redirect) and the legacy HTTP+SSE transport's paths.
	for _, m := range []struct {
		surface                string
		path, stream, messages string
		handler                http.Handler
	}{
		{surfaceMCP, contract.MCPIconsPath, contract.MCPIconsSSEPath, contract.MCPIconsMessagesPath, s.proto.mcpIcons},
		{surfaceMCPDocs, contract.MCPDocsPath, contract.MCPDocsSSEPath, contract.MCPDocsMessagesPath, s.proto.mcpDocs},
	} {
		limited := s.access.LimitCalls(m.handler, access.JSONRPC, mcp.Calls) // each call of a batch counts
		for _, p := range []string{m.path, m.path + "/{$}", m.stream, m.messages} {
			handle(m.surface, p, limited)
		}
	}
	handle(surfaceA2A, contract.A2APath, s.access.Limit(s.proto.agent, access.JSONRPC))
	handle(surfaceSite, "GET "+contract.MCPServerCardPath, serveCard(mcp.CardContentType, s.proto.mcpIconsCard))
	handle(surfaceSite, "GET "+contract.MCPIconsCardPath, serveCard(mcp.CardContentType, s.proto.mcpIconsCard))
	handle(surfaceSite, "GET "+contract.MCPWellKnownCardPath, serveCard(mcp.CardContentType, s.proto.mcpIconsCard))
	handle(surfaceSite, "GET "+contract.MCPDocsCardPath, serveCard(mcp.CardContentType, s.proto.mcpDocsCard))
	handle(surfaceSite, contract.AgentCardPath, s.proto.agentCard)
	handle(surfaceSite, "GET /{$}", s.meterSearches(http.HandlerFunc(s.handleHome)))
	handle(surfaceSite, "/", http.HandlerFunc(s.handleStatic))

	var h http.Handler = s.compressDynamic(mux)
	h = corsPolicy().Handler(h)
	h = s.access.MarkPolicy(h) // RateLimit-Policy on every response, counted or not, preflights too
	h = s.observe(surfaces, h)
	h = s.recoverPanics(h)
	return secured(h)
}

// secured sends contract.SecurityHeaders with every answer, errors and panics' 500s included.
func secured(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for k, v := range contract.SecurityHeaders {
			w.Header().Set(k, v)
		}
		next.ServeHTTP(w, r)
	})
}

// corsPolicy lets pages on any origin read everything, and send Authorization after a preflight. MCP's
// 2026-07-28 clients send Mcp-Method and Mcp-Name on every POST (and Mcp-Param-* for tool parameters
// annotated x-mcp-header, which none of ours is): a browser client could not use that version without them.
func corsPolicy() *cors.Cors {
	return cors.New(cors.Options{
		AllowedOrigins: []string{"*"},
		AllowedMethods: contract.Methods(),
		AllowedHeaders: []string{"Authorization", "Content-Type", "If-None-Match", "Accept",
			"Mcp-Session-Id", "Mcp-Protocol-Version", "Mcp-Method", "Mcp-Name", "Last-Event-ID", "A2A-Version"},
		ExposedHeaders: []string{"ETag", "Link", "Deprecation", "Sunset", "Retry-After", "RateLimit",
			"RateLimit-Policy", "WWW-Authenticate", "Mcp-Session-Id"},
		MaxAge: 86400,
	})
}

// compressDynamic gzips answers for clients that accept it, except event streams and static files: the build precompressed
// those worth it (handleStatic sends the variants, with their own length and ETag), and the rest go out
// as they are, as from nginx. Nothing static is compressed at request time.
func (s *server) compressDynamic(next http.Handler) http.Handler {
	gz := gzhttp.GzipHandler(next)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// An event stream (MCP's legacy transport) goes out event by event, uncompressed.
		if s.staticFile(r.URL.Path) != nil || r.Method == http.MethodGet && strings.Contains(r.Header.Get("Accept"), "text/event-stream") {
			next.ServeHTTP(w, r)
			return
		}
		gz.ServeHTTP(w, r)
	})
}
