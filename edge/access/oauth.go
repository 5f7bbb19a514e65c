package access

import (
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/iconlib/iconlib/edge/internal/credential"
	"github.com/iconlib/iconlib/internal/contract"
)

const (
	maxRegistrationBody = 4 << 10                             // registration request body
	maxTokenBody        = credential.MaxTokenSize + (4 << 10) // an assertion and the other form fields
)

// oauthError is the flat error body of registration and token exchange, {"error","error_description"}.
type oauthError struct {
	status      int
	Code        string `json:"error"`
	Description string `json:"error_description"`
}

func badRequest(code, description string) *oauthError {
	return &oauthError{status: http.StatusBadRequest, Code: code, Description: description}
}

func (e *oauthError) write(w http.ResponseWriter) { writeJSON(w, e.status, e) }

// writeJSON sends v; the caller has set Cache-Control.
func writeJSON(w http.ResponseWriter, status int, v any) {
	body, _ := json.Marshal(v)
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(append(body, '\n'))
}

// begin does what both endpoints do first: forbid caching (RFC 6749 section 5.1), count the request
// against the auth policy, and accept only POST. It reports whether to go on.
func (a *Access) begin(w http.ResponseWriter, r *http.Request) bool {
	h := w.Header()
	h.Set("Cache-Control", "no-store")
	h.Set("Pragma", "no-cache")
	if retry, ok := a.count(w, r, &a.authLimit, clientKey(a.clientIP(r)), 1); !ok {
		(&oauthError{status: http.StatusTooManyRequests, Code: "rate_limited",
			Description: "too many registration and token requests from this address; retry in " + retry}).write(w)
		return false
	}
	if e, _ := contract.EndpointAt(r.URL.Path); !e.Takes(r.Method) {
		h.Set("Allow", e.Allow())
		(&oauthError{status: http.StatusMethodNotAllowed, Code: "invalid_request",
			Description: "this endpoint accepts only " + e.Allow()}).write(w)
		return false
	}
	return true
}

// readBody checks the media type and reads at most max bytes of body.
func readBody(w http.ResponseWriter, r *http.Request, mediaType string, max int64) ([]byte, *oauthError) {
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != mediaType {
		return nil, badRequest("invalid_request", "Content-Type must be "+mediaType)
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, max))
	if _, tooLarge := errors.AsType[*http.MaxBytesError](err); tooLarge {
		return nil, badRequest("invalid_request", "the request body is too large")
	} else if err != nil {
		return nil, badRequest("invalid_request", "the request body could not be read")
	}
	return body, nil
}

// registration is the answer to a registration.
type registration struct {
	RegistrationID    string   `json:"registration_id"`
	RegistrationType  string   `json:"registration_type"`
	IdentityAssertion string   `json:"identity_assertion"`
	AssertionExpires  string   `json:"assertion_expires"`
	PreClaimScopes    []string `json:"pre_claim_scopes"`
	TokenEndpoint     string   `json:"token_endpoint"`
}

// Register answers POST /agent/identity: a JSON body {"type":"anonymous"} gets a new registration id and
// an identity assertion for it, valid 30 days. Nothing is stored.
func (a *Access) Register(w http.ResponseWriter, r *http.Request) {
	if !a.begin(w, r) {
		return
	}
	body, oerr := readBody(w, r, "application/json", maxRegistrationBody)
	if oerr == nil {
		oerr = parseRegistration(body)
	}
	if oerr != nil {
		oerr.write(w)
		return
	}
	tok, err := a.auth.Issue(credential.Assertion, credential.NewRegistrationID())
	if err != nil {
		a.unavailable(w, err)
		return
	}
	a.issued.assertions.Inc()
	writeJSON(w, http.StatusOK, registration{
		RegistrationID:    tok.RegistrationID,
		RegistrationType:  "anonymous",
		IdentityAssertion: tok.Raw,
		AssertionExpires:  tok.Expires.UTC().Format(time.RFC3339),
		PreClaimScopes:    []string{credential.Scope},
		TokenEndpoint:     a.auth.TokenEndpoint(),
	})
}

// parseRegistration accepts a JSON object whose "type" is "anonymous"; other members are ignored.
func parseRegistration(body []byte) *oauthError {
	var req map[string]json.RawMessage
	if err := json.Unmarshal(body, &req); err != nil || req == nil {
		return badRequest("invalid_request", `the body must be a JSON object such as {"type":"anonymous"}`)
	}
	var typ string
	if raw, ok := req["type"]; !ok || json.Unmarshal(raw, &typ) != nil {
		return badRequest("invalid_request", `"type" must be a string; the only type offered is "anonymous"`)
	}
	switch typ {
	case "anonymous":
		return nil
	case "identity_assertion":
		return badRequest("identity_assertion_not_enabled", `registration with an identity assertion (ID-JAG) is not offered; use {"type":"anonymous"}`)
	case "service_auth":
		return badRequest("service_auth_not_enabled", `service authentication is not offered; use {"type":"anonymous"}`)
	}
	return badRequest("invalid_request", `unknown registration type; the only type offered is "anonymous"`)
}

// tokenResponse is the answer to a token exchange.
type tokenResponse struct {
	AccessToken string `json:"access_token"`
	TokenType   string `json:"token_type"`
	ExpiresIn   int    `json:"expires_in"`
	Scope       string `json:"scope"`
}

// Token answers POST /oauth2/token (RFC 7523 JWT bearer grant): the identity assertion from a
// registration gets an access token for the same registration, valid one hour, as often as asked.
func (a *Access) Token(w http.ResponseWriter, r *http.Request) {
	if !a.begin(w, r) {
		return
	}
	body, oerr := readBody(w, r, "application/x-www-form-urlencoded", maxTokenBody)
	var assertion string
	if oerr == nil {
		assertion, oerr = parseTokenRequest(body)
	}
	if oerr != nil {
		oerr.write(w)
		return
	}
	claims, err := a.auth.Verify(assertion, credential.Assertion)
	if err != nil {
		if errors.Is(err, credential.ErrUnavailable) {
			a.unavailable(w, err)
			return
		}
		reason := "the assertion was not issued by this service"
		if ie, ok := errors.AsType[*credential.InvalidError](err); ok {
			reason = ie.Reason
		}
		badRequest("invalid_grant", reason+"; register again at "+a.base+contract.RegistrationPath).write(w)
		return
	}
	tok, err := a.auth.Issue(credential.Access, claims.Subject)
	if err != nil {
		a.unavailable(w, err)
		return
	}
	a.issued.access.Inc()
	writeJSON(w, http.StatusOK, tokenResponse{AccessToken: tok.Raw, TokenType: "Bearer",
		ExpiresIn: int(credential.AccessLifetime / time.Second), Scope: credential.Scope})
}

// parseTokenRequest checks the form and returns the assertion. Parameters may not repeat (RFC 6749
// section 3.2); an empty one counts as absent; unknown ones are ignored.
func parseTokenRequest(body []byte) (string, *oauthError) {
	form, err := url.ParseQuery(string(body))
	if err != nil {
		return "", badRequest("invalid_request", "the body is not a valid form")
	}
	for name, values := range form {
		if len(values) > 1 {
			return "", badRequest("invalid_request", "parameter "+name+" is repeated")
		}
	}
	switch grant := form.Get("grant_type"); grant {
	case jwtBearer:
	case "":
		return "", badRequest("invalid_request", "grant_type is missing; use "+jwtBearer)
	default:
		return "", badRequest("unsupported_grant_type", "the only grant type is "+jwtBearer)
	}
	for _, s := range strings.Fields(form.Get("scope")) {
		if s != credential.Scope {
			return "", badRequest("invalid_scope", "the only scope is "+credential.Scope)
		}
	}
	assertion := form.Get("assertion")
	if assertion == "" {
		return "", badRequest("invalid_request", "assertion is missing: send the identity_assertion from registration")
	}
	return assertion, nil
}

// unavailable answers 503 when the signing key cannot be read.
func (a *Access) unavailable(w http.ResponseWriter, err error) {
	a.log.Error("signing key unavailable", "err", err)
	(&oauthError{status: http.StatusServiceUnavailable, Code: "temporarily_unavailable",
		Description: "the service cannot sign or check credentials right now; retry later"}).write(w)
}
