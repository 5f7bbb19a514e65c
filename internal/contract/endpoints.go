package contract

// Paths the edge answers that are not files of public/, as URL paths.
const (
	HealthPath    = "/healthz"
	APIPath       = "/api/v1" // the REST API
	LegacyAPIPath = "/api"    // the unversioned REST API, deprecated in favour of APIPath
	MCPIconsPath  = "/mcp"    // the icons MCP server (Streamable HTTP)
	MCPDocsPath   = "/mcp/docs"
	A2APath       = "/a2a"
	// AgentCardPath is the A2A agent card (the path a2a-go's clients look for).
	AgentCardPath     = "/.well-known/agent-card.json"
	MCPServerCardPath = "/.well-known/mcp/server-card.json" // the icons server's card, where MCP clients look
	MCPIconsCardPath  = "/mcp/server-card"
	MCPDocsCardPath   = "/mcp/docs/server-card"
	// TokenPath is the OAuth token endpoint (RFC 7523 JWT bearer), relative to the issuer; the audience of
	// identity assertions.
	TokenPath               = "/oauth2/token"
	RegistrationPath        = "/agent/identity" // anonymous agent registration
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
