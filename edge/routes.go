package edge

import (
	"net/http"

	"github.com/klauspost/compress/gzhttp"
	"github.com/rs/cors"

	"github.com/iconlib/iconlib/edge/access"
	"github.com/iconlib/iconlib/edge/mcp"
	"github.com/iconlib/iconlib/internal/contract"
)

// ServeHTTP serves r from the snapshot loaded last: the pointer is read once, and the whole request, from
// the middleware to the last byte, is served by that snapshot's routes.
func (e *Edge) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	e.current.Load().handler.ServeHTTP(w, r)
}

// routes registers every endpoint of the edge over one snapshot, and wraps them in middleware, outermost
// first: recover from panics, log, CORS, compress (what the build did not precompress); the REST API, MCP
// servers and A2A agent also pass the credential check and rate limits (static files never do).
func (s *server) routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET "+contract.HealthPath, s.handleHealth)
	s.access.Routes(mux) // registration, token exchange, JWKS, OAuth discovery
	for _, v := range apiVersions {
		api := func(pattern string, h http.HandlerFunc) {
			mux.Handle(v.prefix+pattern, s.access.Limit(v.wrap(s.cfg.BaseURL, methodsOf(v.prefix+pattern, h)), access.REST))
		}
		api(contract.IconsRoute, s.handleIcons)
		api(contract.IconRoute, s.handleRecord)
		api(contract.CategoriesRoute, s.handleCategories)
		api(contract.SearchRoute, s.handleSearch)
	}
	// MCP and A2A take every method: their libraries answer each as their protocols say.
	mux.Handle(contract.MCPIconsPath, s.access.Limit(s.proto.mcpIcons, access.JSONRPC))
	mux.Handle(contract.MCPDocsPath, s.access.Limit(s.proto.mcpDocs, access.JSONRPC))
	mux.Handle(contract.A2APath, s.access.Limit(s.proto.agent, access.JSONRPC))
	mux.HandleFunc("GET "+contract.MCPServerCardPath, serveCard(mcp.CardContentType, s.proto.mcpIconsCard))
	mux.HandleFunc("GET "+contract.MCPIconsCardPath, serveCard(mcp.CardContentType, s.proto.mcpIconsCard))
	mux.HandleFunc("GET "+contract.MCPDocsCardPath, serveCard(mcp.CardContentType, s.proto.mcpDocsCard))
	mux.Handle(contract.AgentCardPath, s.proto.agentCard)
	mux.HandleFunc("GET /{$}", s.handleHome)
	mux.HandleFunc("/", s.handleStatic)

	var h http.Handler = s.compressDynamic(mux)
	h = corsPolicy().Handler(h)
	h = s.logRequests(h)
	h = s.recoverPanics(h)
	return h
}

// corsPolicy lets pages on any origin read everything, and send Authorization after a preflight.
func corsPolicy() *cors.Cors {
	return cors.New(cors.Options{
		AllowedOrigins: []string{"*"},
		AllowedMethods: contract.Methods(),
		AllowedHeaders: []string{"Authorization", "Content-Type", "If-None-Match", "Accept",
			"Mcp-Session-Id", "Mcp-Protocol-Version", "Last-Event-ID", "A2A-Version"},
		ExposedHeaders: []string{"ETag", "Link", "Deprecation", "Sunset", "Retry-After", "RateLimit",
			"RateLimit-Policy", "WWW-Authenticate", "Mcp-Session-Id"},
		MaxAge: 86400,
	})
}

// compressDynamic gzips answers for clients that accept it, except static files: the build precompressed
// those worth it (handleStatic sends the variants, with their own length and ETag), and the rest go out
// as they are, as from nginx. Nothing static is compressed at request time.
func (s *server) compressDynamic(next http.Handler) http.Handler {
	gz := gzhttp.GzipHandler(next)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if s.staticFile(r.URL.Path) != nil {
			next.ServeHTTP(w, r)
			return
		}
		gz.ServeHTTP(w, r)
	})
}
