package access

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/iconlib/iconlib/edge/internal/apierror"
	"github.com/iconlib/iconlib/edge/internal/credential"
	"github.com/iconlib/iconlib/edge/internal/ratelimit"
	"github.com/iconlib/iconlib/internal/contract"
	"github.com/iconlib/iconlib/internal/jsonfile"
)

const (
	jwtBearer            = "urn:ietf:params:oauth:grant-type:jwt-bearer"
	documentCacheControl = "public, max-age=300"
)

// resourceMetadataURL is the RFC 9728 document for the resource a request path belongs to (the longest
// resource path that is the request path or a parent of it), or the root document.
func (a *Access) resourceMetadataURL(path string) string {
	best := ""
	for _, r := range contract.Resources {
		if (path == r.Path || strings.HasPrefix(path, r.Path+"/")) && len(r.Path) > len(best) {
			best = r.Path
		}
	}
	return a.base + contract.ProtectedResourcePath + best
}

// authorizationServerMetadata is RFC 8414 metadata. There is no authorization endpoint, so no response
// type is supported: response_types_supported (required by RFC 8414) is the empty list.
type authorizationServerMetadata struct {
	Issuer                   string    `json:"issuer"`
	AuthorizationEndpoint    string    `json:"authorization_endpoint"` // refuses: there is no sign-in (nosignin.go)
	TokenEndpoint            string    `json:"token_endpoint"`
	RegistrationEndpoint     string    `json:"registration_endpoint"` // RFC 7591; refuses likewise
	JWKSURI                  string    `json:"jwks_uri"`
	GrantTypesSupported      []string  `json:"grant_types_supported"`
	ResponseTypesSupported   []string  `json:"response_types_supported"`
	ScopesSupported          []string  `json:"scopes_supported"`
	TokenEndpointAuthMethods []string  `json:"token_endpoint_auth_methods_supported"`
	ServiceDocumentation     string    `json:"service_documentation"`
	AgentAuth                agentAuth `json:"agent_auth"`
}

// agentAuth describes anonymous agent registration, which RFC 8414 has no fields for.
type agentAuth struct {
	RegistrationEndpoint       string              `json:"registration_endpoint"`
	RegistrationTypesSupported []string            `json:"registration_types_supported"`
	RegistrationRequest        registrationRequest `json:"registration_request"`
	AssertionLifetime          int                 `json:"identity_assertion_lifetime"`
	AssertionGrantType         string              `json:"assertion_grant_type"`
	AccessTokenLifetime        int                 `json:"access_token_lifetime"`
	CredentialRequired         bool                `json:"credential_required"`
	RateLimits                 []rateLimitInfo     `json:"rate_limits"`
	Flow                       []string            `json:"flow"`
	Documentation              string              `json:"documentation"`
}

type registrationRequest struct {
	Method      string            `json:"method"`
	ContentType string            `json:"content_type"`
	Body        map[string]string `json:"body"`
}

type rateLimitInfo struct {
	Policy string `json:"policy"`
	Quota  int    `json:"quota"`
	Window int    `json:"window"`
	Per    string `json:"per"`
}

// protectedResourceMetadata is RFC 9728 metadata.
type protectedResourceMetadata struct {
	Resource               string   `json:"resource"`
	ResourceName           string   `json:"resource_name"`
	AuthorizationServers   []string `json:"authorization_servers"`
	ScopesSupported        []string `json:"scopes_supported"`
	BearerMethodsSupported []string `json:"bearer_methods_supported"`
	ResourceDocumentation  string   `json:"resource_documentation"`
}

// buildDocuments renders the discovery documents once; they depend only on the base URL and the limits.
func (a *Access) buildDocuments() error {
	seconds := func(d time.Duration) int { return int(d / time.Second) }
	register := a.base + contract.RegistrationPath
	token := a.auth.TokenEndpoint()
	meta := authorizationServerMetadata{
		Issuer:                   a.base,
		AuthorizationEndpoint:    a.base + contract.AuthorizePath,
		TokenEndpoint:            token,
		RegistrationEndpoint:     a.base + contract.ClientRegistrationPath,
		JWKSURI:                  a.base + contract.JWKSPath,
		GrantTypesSupported:      []string{jwtBearer},
		ResponseTypesSupported:   []string{},
		ScopesSupported:          []string{credential.Scope},
		TokenEndpointAuthMethods: []string{"none"},
		ServiceDocumentation:     a.base + "/" + contract.AuthGuideFile,
		AgentAuth: agentAuth{
			RegistrationEndpoint:       register,
			RegistrationTypesSupported: []string{"anonymous"},
			RegistrationRequest: registrationRequest{Method: "POST", ContentType: "application/json",
				Body: map[string]string{"type": "anonymous"}},
			AssertionLifetime:   seconds(credential.AssertionLifetime),
			AssertionGrantType:  jwtBearer,
			AccessTokenLifetime: seconds(credential.AccessLifetime),
			CredentialRequired:  false,
			RateLimits:          []rateLimitInfo{},
			Flow: []string{
				`POST ` + register + ` with Content-Type: application/json and body {"type":"anonymous"}; the answer holds identity_assertion (valid 30 days) and token_endpoint.`,
				`POST ` + token + ` with Content-Type: application/x-www-form-urlencoded and grant_type=` + jwtBearer + `&assertion=<identity_assertion>; the answer holds access_token (valid ` + strconv.Itoa(seconds(credential.AccessLifetime)) + ` seconds).`,
				`Send Authorization: Bearer <access_token> to ` + a.base + `/api/v1/, /mcp, /mcp/docs and /a2a. When it expires, exchange the same assertion again; after 30 days, register again. Requests without a token always work, at the anonymous limit.`,
			},
			Documentation: a.base + "/" + contract.AuthGuideFile,
		},
	}
	if !a.limits.Off {
		meta.AgentAuth.RateLimits = []rateLimitInfo{
			info(a.limits.Anonymous, "client IP, across the REST API, both MCP servers and the A2A agent"),
			info(a.limits.Agent, "registration, with an access token"),
			info(a.limits.Auth, "client IP, across registration and token exchange"),
		}
	}
	var err error
	if a.asDoc, err = jsonfile.Indent(meta); err != nil {
		return err
	}
	a.prDocs = map[string][]byte{}
	all := append([]contract.Resource{{Path: "", Name: "iconlib"}}, contract.Resources...)
	for _, r := range all {
		doc, err := jsonfile.Indent(protectedResourceMetadata{
			Resource:               a.base + r.Path,
			ResourceName:           r.Name,
			AuthorizationServers:   []string{a.base},
			ScopesSupported:        []string{credential.Scope},
			BearerMethodsSupported: []string{"header"},
			ResourceDocumentation:  a.base + "/" + contract.AuthGuideFile,
		})
		if err != nil {
			return err
		}
		a.prDocs[r.Path] = doc
	}
	return nil
}

func info(p ratelimit.Policy, per string) rateLimitInfo {
	return rateLimitInfo{Policy: p.Name, Quota: p.Quota, Window: int(p.Window / time.Second), Per: per}
}

// JWKS serves the public signing key as a JSON Web Key Set. Only the current key is listed.
func (a *Access) JWKS(w http.ResponseWriter, r *http.Request) {
	if refuseMethod(w, r, contract.JWKSPath) {
		return
	}
	set, err := a.auth.JWKS()
	if err != nil {
		a.log.Error("signing key unavailable", "err", err)
		apierror.Write(w, http.StatusServiceUnavailable, apierror.Unavailable, "the signing key could not be read; retry")
		return
	}
	body, _ := jsonfile.Indent(set)
	serveDocument(w, "application/jwk-set+json", body)
}

// AuthorizationServerMetadata serves the RFC 8414 document, with the agent_auth block.
func (a *Access) AuthorizationServerMetadata(w http.ResponseWriter, r *http.Request) {
	if !refuseMethod(w, r, contract.AuthorizationServerPath) {
		serveDocument(w, "application/json", a.asDoc)
	}
}

// ProtectedResourceMetadata serves the RFC 9728 document for the resource named by the path after
// /.well-known/oauth-protected-resource (none: the whole service).
func (a *Access) ProtectedResourceMetadata(w http.ResponseWriter, r *http.Request) {
	if refuseMethod(w, r, contract.ProtectedResourcePath) {
		return
	}
	doc, ok := a.prDocs[strings.TrimPrefix(r.URL.Path, contract.ProtectedResourcePath)]
	if !ok {
		apierror.Write(w, http.StatusNotFound, apierror.NotFound, "no such protected resource")
		return
	}
	serveDocument(w, "application/json", doc)
}

// refuseMethod answers a method the contract's endpoint at path does not take with 405, and reports
// whether it did.
func refuseMethod(w http.ResponseWriter, r *http.Request, path string) bool {
	e, _ := contract.EndpointAt(path)
	return apierror.RefuseMethod(w, r, e)
}

// serveDocument writes a JSON document (which ends in a newline) with its cache policy.
func serveDocument(w http.ResponseWriter, contentType string, body []byte) {
	h := w.Header()
	h.Set("Content-Type", contentType)
	h.Set("Cache-Control", documentCacheControl)
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.Write(body)
}
