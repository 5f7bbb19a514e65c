package contract

import (
	"net/http"
	"slices"
	"strings"
)

// Paths the edge answers that are not files of public/, as URL paths.
const (
	HealthPath    = "/healthz" // liveness
	ReadyPath     = "/readyz"  // readiness: 503 while the edge drains before it stops
	APIPath       = "/api/v1"  // the REST API
	LegacyAPIPath = "/api"     // the unversioned REST API, deprecated in favour of APIPath
	MCPIconsPath  = "/mcp"     // the icons MCP server (Streamable HTTP)
	MCPDocsPath   = "/mcp/docs"
	// The legacy HTTP+SSE transport of MCP protocol 2024-11-05, for clients that speak nothing newer: a GET
	// of the stream path (or of the server's own path) opens an event stream whose first event names the
	// messages path, with a session id, for the client's POSTs.
	MCPIconsSSEPath      = MCPIconsPath + "/sse"
	MCPIconsMessagesPath = MCPIconsPath + "/message"
	MCPDocsSSEPath       = MCPDocsPath + "/sse"
	MCPDocsMessagesPath  = MCPDocsPath + "/message"
	A2APath              = "/a2a"
	// AgentCardPath is the A2A agent card (the path a2a-go's clients look for).
	AgentCardPath     = "/.well-known/agent-card.json"
	MCPServerCardPath = "/.well-known/mcp/server-card.json" // the icons server's card, where MCP clients look
	// MCPWellKnownCardPath is the icons server's card at the path the server-card proposal (SEP-2127) names.
	MCPWellKnownCardPath = "/.well-known/mcp/server-card"
	MCPIconsCardPath     = "/mcp/server-card"
	MCPDocsCardPath      = "/mcp/docs/server-card"
	// TokenPath is the OAuth token endpoint (RFC 7523 JWT bearer), relative to the issuer; the audience of
	// identity assertions.
	TokenPath        = "/oauth2/token"
	RegistrationPath = "/agent/identity" // anonymous agent registration
	// AuthorizePath and ClientRegistrationPath are the OAuth authorization endpoint and dynamic client
	// registration endpoint (RFC 7591) the metadata names for OAuth clients such as the MCP SDKs', which
	// cannot read metadata without them: both refuse, saying how to get a token instead.
	AuthorizePath           = "/oauth2/authorize"
	ClientRegistrationPath  = "/oauth2/register"
	JWKSPath                = "/.well-known/jwks.json"
	AuthorizationServerPath = "/.well-known/oauth-authorization-server" // RFC 8414
	ProtectedResourcePath   = "/.well-known/oauth-protected-resource"   // RFC 9728, per resource below it
)

// Paths of the REST API's resources, below APIPath (and LegacyAPIPath), as net/http patterns.
const (
	IconsRoute      = "/icons"
	IconRoute       = "/icons/{id}" // {id}, or the record's file name {id}.json
	CategoriesRoute = "/categories"
	SearchRoute     = "/search"
)

// Resource is an endpoint that takes credentials, with the name its RFC 9728 document gives it.
type Resource struct{ Path, Name string }

// Resources are the protected resources: each has its own RFC 9728 document.
var Resources = []Resource{
	{APIPath, "iconlib REST API"},
	{MCPIconsPath, "iconlib icons MCP server"},
	{MCPDocsPath, "iconlib guides MCP server"},
	{A2APath, "iconlib A2A agent"},
}

// Endpoint is a path the edge answers that is not a file of public/: the methods it takes, and the
// discovery documents that name it, so a client that reads any of them finds it.
type Endpoint struct {
	Path    string   // a URL path; {id} stands for a segment that varies
	Methods []string // GET implies HEAD
	NamedBy []string // URL paths of the documents (files or edge answers) that name it
}

// Allow is the endpoint's methods as an Allow header's value.
func (e Endpoint) Allow() string {
	allow := strings.Join(e.Methods, ", ")
	if slices.Contains(e.Methods, http.MethodGet) {
		allow += ", " + http.MethodHead
	}
	return allow
}

// Takes reports whether the endpoint takes method.
func (e Endpoint) Takes(method string) bool {
	return slices.Contains(e.Methods, method) || method == http.MethodHead && slices.Contains(e.Methods, http.MethodGet)
}

// Methods are the methods some endpoint takes, HEAD among them, sorted.
func Methods() []string {
	methods := []string{http.MethodHead}
	for _, e := range Endpoints {
		methods = append(methods, e.Methods...)
	}
	slices.Sort(methods)
	return slices.Compact(methods)
}

// Documents that name endpoints, as URL paths.
var (
	llms        = "/" + LLMsFile
	indexMD     = "/" + IndexMarkdownFile
	openAPI     = "/" + OpenAPIFile
	apiCatalog  = "/" + APICatalogFile
	ard         = "/" + ARDFile
	aiCatalog   = "/" + AICatalogFile
	authGuide   = "/" + AuthGuideFile
	asMetadata  = AuthorizationServerPath
	agentCard   = AgentCardPath
	agentLists  = []string{ard, aiCatalog}
	credentials = []string{openAPI, authGuide, agentCard, asMetadata}
)

var (
	get  = []string{http.MethodGet}
	post = []string{http.MethodPost}
	// The MCP servers take requests by POST and a session's end by DELETE (Streamable HTTP); a GET opens
	// the legacy HTTP+SSE transport's stream (a Streamable HTTP client's GET for a stream is refused: they
	// stream no answers).
	mcpMethods = []string{http.MethodGet, http.MethodPost, http.MethodDelete}
)

// Endpoints are every path the edge answers beyond public/'s files, the home page and guides.
var Endpoints = []Endpoint{
	{HealthPath, get, []string{apiCatalog}},
	{ReadyPath, get, nil}, // for load balancers, named by the deployment guide
	{APIPath + IconsRoute, get, []string{openAPI, indexMD}},
	{APIPath + IconRoute, get, []string{openAPI, indexMD}},
	{APIPath + CategoriesRoute, get, []string{openAPI, llms}},
	{APIPath + SearchRoute, get, []string{openAPI}},
	{LegacyAPIPath + IconsRoute, get, []string{openAPI}},
	{LegacyAPIPath + IconRoute, get, []string{openAPI}},
	{LegacyAPIPath + CategoriesRoute, get, []string{openAPI}},
	{LegacyAPIPath + SearchRoute, get, []string{openAPI}},
	{MCPIconsPath, mcpMethods, []string{llms, ard, aiCatalog, MCPServerCardPath, authGuide, asMetadata}},
	{MCPDocsPath, mcpMethods, []string{llms, ard, aiCatalog, MCPDocsCardPath, authGuide, asMetadata}},
	{MCPIconsSSEPath, get, []string{MCPServerCardPath}},
	{MCPDocsSSEPath, get, []string{MCPDocsCardPath}},
	{MCPIconsMessagesPath, post, nil}, // named by the stream's endpoint event
	{MCPDocsMessagesPath, post, nil},
	{A2APath, post, []string{llms, ard, aiCatalog, agentCard, authGuide, asMetadata}},
	{AgentCardPath, get, append([]string{llms}, agentLists...)},
	{MCPServerCardPath, get, agentLists},
	{MCPIconsCardPath, get, nil},     // the icons server's card where the docs server's card is; lists name the other
	{MCPWellKnownCardPath, get, nil}, // the same card where SEP-2127 puts it
	{MCPDocsCardPath, get, agentLists},
	{TokenPath, post, credentials},
	{RegistrationPath, post, credentials},
	{AuthorizePath, get, []string{asMetadata}},
	{ClientRegistrationPath, post, []string{asMetadata}},
	{JWKSPath, get, []string{authGuide, asMetadata}},
	{AuthorizationServerPath, get, []string{authGuide, agentCard}},
	{ProtectedResourcePath, get, []string{authGuide}},
}

// StaticFiles stands for every file and page of public/ the edge serves: they take GET (and HEAD) only.
var StaticFiles = Endpoint{Path: "/", Methods: get}

// EndpointAt is the endpoint at path (a pattern as Endpoints spell it), and false if there is none.
func EndpointAt(path string) (Endpoint, bool) {
	i := slices.IndexFunc(Endpoints, func(e Endpoint) bool { return e.Path == path })
	if i < 0 {
		return Endpoint{}, false
	}
	return Endpoints[i], true
}
