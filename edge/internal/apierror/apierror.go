// Package apierror writes the REST API's error envelope, {"error":{"code","message"}}, the one shape every
// REST and static error of the contract takes.
package apierror

import (
	"encoding/json"
	"net/http"

	"github.com/iconlib/iconlib/internal/contract"
)

// Codes of the contract.
const (
	InvalidParameter = "invalid_parameter"
	InvalidToken     = "invalid_token"
	NotFound         = "not_found"
	MethodNotAllowed = "method_not_allowed"
	RateLimited      = "rate_limited"
	Unavailable      = "unavailable"
	Internal         = "internal_error"
)

// Body is the error envelope.
type Body struct {
	Error Detail `json:"error"`
}

// Detail says what went wrong: a stable code for programs and a message for people.
type Detail struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// Write sends the envelope with status. Errors are never cached and carry no validator.
func Write(w http.ResponseWriter, status int, code, message string) {
	body, _ := json.Marshal(Body{Detail{Code: code, Message: message}})
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Cache-Control", "no-store")
	h.Del("ETag")
	h.Del("Content-Encoding")
	w.WriteHeader(status)
	w.Write(append(body, '\n'))
}

// RefuseMethod answers a request whose method e does not take with 405 method_not_allowed and e's Allow
// header, and reports whether it did: the one method check of every endpoint the edge owns.
func RefuseMethod(w http.ResponseWriter, r *http.Request, e contract.Endpoint) bool {
	if e.Takes(r.Method) {
		return false
	}
	allow := e.Allow()
	w.Header().Set("Allow", allow)
	Write(w, http.StatusMethodNotAllowed, MethodNotAllowed, "this endpoint accepts only "+allow)
	return true
}
