package access

import (
	"net/http"

	"github.com/iconlib/iconlib/internal/contract"
)

// NoSignIn answers the authorization endpoint (GET /oauth2/authorize) and the dynamic client registration
// endpoint (POST /oauth2/register, RFC 7591) that the authorization server metadata names. There is no
// sign-in: tokens come from anonymous registration. But OAuth clients, the MCP SDKs' among them, reject
// metadata without an authorization endpoint, and an MCP host sent a 401 for an expired or altered token
// would then crash on it; with both endpoints named, such a client registers first and reports this
// refusal, which says what happened and what to do. The metadata's empty response_types_supported says no
// authorization request can succeed.
func (a *Access) NoSignIn(w http.ResponseWriter, r *http.Request) {
	if !a.begin(w, r) {
		return
	}
	code := "invalid_client_metadata" // RFC 7591 section 3.2.2
	if r.URL.Path == contract.AuthorizePath {
		code = "unsupported_response_type" // RFC 6749 section 4.1.2.1; shown, not redirected: no client is known
	}
	badRequest(code, "iconlib has no sign-in: a 401 from it means the access token sent expired (tokens last "+
		"an hour), was altered, or was signed with a key it no longer uses. Remove the Authorization header to "+
		"go on anonymously, or get a new token: POST "+a.base+contract.RegistrationPath+` with {"type":"anonymous"}, `+
		"then exchange its identity_assertion at "+a.auth.TokenEndpoint()+" (see "+a.base+"/"+contract.AuthGuideFile+").").write(w)
}
