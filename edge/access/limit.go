package access

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/netip"
	"strconv"
	"strings"

	"github.com/iconlib/iconlib/edge/internal/apierror"
	"github.com/iconlib/iconlib/edge/internal/credential"
)

// ErrorShape is how [Access.Limit] writes the errors it answers with itself (401 and 429).
type ErrorShape uint8

const (
	// REST writes the REST envelope {"error":{"code","message"}} with codes invalid_token and rate_limited.
	REST ErrorShape = iota
	// JSONRPC writes a JSON-RPC 2.0 error response, for the MCP servers and the A2A agent:
	// {"jsonrpc":"2.0","id":…,"error":{"code":-31401|-32029,"message":"…","data":{"error":"invalid_token"|"rate_limited"}}}.
	// The id is the refused request's, read from its body (see requestID), else null. An invalid token is -31401,
	// A2A's Unauthenticated code (the -32001…-32009 range means task errors in A2A, so it is avoided); a rate
	// limit is -32029, in JSON-RPC's implementation-defined server error range. The HTTP status is the same
	// as for REST (401, 429).
	JSONRPC
)

// JSON-RPC error codes of the JSONRPC shape.
const (
	rpcInvalidToken = -31401
	rpcRateLimited  = -32029
)

// maxIDBody bounds what a refusal reads of a JSON-RPC body to find its id: more than any real call.
const maxIDBody = 64 << 10

type rpcError struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Error   struct {
		Code    int               `json:"code"`
		Message string            `json:"message"`
		Data    map[string]string `json:"data"`
	} `json:"error"`
}

func (s ErrorShape) write(w http.ResponseWriter, r *http.Request, status int, code, message string) {
	if s != JSONRPC {
		apierror.Write(w, status, code, message)
		return
	}
	var e rpcError
	e.JSONRPC = "2.0"
	e.ID = requestID(r)
	e.Error.Code = rpcRateLimited
	if status == http.StatusUnauthorized {
		e.Error.Code = rpcInvalidToken
	}
	e.Error.Message = message
	e.Error.Data = map[string]string{"error": code}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, status, e)
}

// requestID is the id of the JSON-RPC request in r's body (its first [maxIDBody] bytes), as it was sent,
// or null when there is none: no body, a batch, not JSON, a notification, an id neither string nor number.
func requestID(r *http.Request) json.RawMessage {
	null := json.RawMessage("null")
	if r.Body == nil {
		return null
	}
	b, err := io.ReadAll(io.LimitReader(r.Body, maxIDBody))
	var req struct {
		ID json.RawMessage `json:"id"`
	}
	if err != nil || json.Unmarshal(b, &req) != nil {
		return null
	}
	var id any
	if json.Unmarshal(req.ID, &id) != nil {
		return null
	}
	switch id.(type) {
	case string, float64:
		return req.ID
	}
	return null
}

// MarkPolicy wraps the whole edge so that every response carries RateLimit-Policy, as the contract asks,
// without counting anything: before next runs it sets the caller's policy (agent for a request bearing a
// token of ours, anonymous otherwise), which [Access.Limit], [Access.LimitAnonymous] and the registration
// and token endpoints replace with the policy they count under. RateLimit, the count, appears only on
// counted responses. The token is not verified here (a signature check for every static file would cost
// more than the file, and the header only informs). With limits off it sets nothing.
func (a *Access) MarkPolicy(next http.Handler) http.Handler {
	if a.limits.Off {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		header := a.anonymous.header
		if _, ours := a.ownToken(r); ours {
			header = a.agent.header
		}
		w.Header().Set("RateLimit-Policy", header)
		next.ServeHTTP(w, r)
	})
}

// Limit wraps a handler of the REST API, an MCP server or the A2A agent:
//
//   - A request bearing a token of ours (Authorization: Bearer; ours by its kid or iss) first counts
//     against the agent-ip ceiling of its client address, across all its registrations, before the
//     signature is checked: once an address has spent it, forged tokens are refused as cheaply as
//     anonymous requests. The ceiling's headers appear only on the 429 it answers.
//   - A valid access token of ours puts the request under the agent policy, keyed by the registration id.
//   - A token of ours that is expired, altered, too long or signed with a replaced key gets 401 with
//     WWW-Authenticate: Bearer error="invalid_token", error_description, and resource_metadata pointing at
//     the RFC 9728 document of the resource the path belongs to. The request still counts against the
//     client's anonymous quota.
//   - Anything else (no header, another scheme, a foreign token) is anonymous: the anonymous policy, keyed
//     by client IP (an IPv6 client's /64), one quota shared by every handler wrapped by the same Access;
//     an IPv6 request also counts against the anonymous-48 ceiling of its /48.
//
// Every response carries RateLimit-Policy and RateLimit; past the quota the answer is 429 with Retry-After.
// shape says how the 401 and 429 bodies look. If the signing key cannot be read, tokens are treated as
// anonymous (and the failure logged): credentials only raise a limit, so this fails safe.
func (a *Access) Limit(next http.Handler, shape ErrorShape) http.Handler {
	return a.LimitCalls(next, shape, nil)
}

// LimitCalls is [Access.Limit] for a handler whose requests may each make several calls (a JSON-RPC batch):
// calls says how many r makes, and each counts, under every policy and ceiling the request meets. A request
// whose calls do not all fit what is left of a quota is refused whole, and counts nothing. Nil calls counts
// one a request.
func (a *Access) LimitCalls(next http.Handler, shape ErrorShape, calls func(r *http.Request) int) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := 1
		if calls != nil {
			n = max(calls(r), 1)
		}
		ip := a.clientIP(r)
		raw, ours := a.ownToken(r)
		if ours && !a.admit(w, r, &a.agentIP, clientKey(ip), n, shape) {
			return
		}
		agent, rejected := a.verify(raw, ours)
		if agent != "" {
			if !a.admit(w, r, &a.agent, agent, n, shape) {
				return
			}
		} else if !a.admitAnonymous(w, r, ip, n, shape) {
			return
		}
		if rejected != nil {
			w.Header().Set("WWW-Authenticate", `Bearer error="invalid_token", error_description="`+rejected.Reason+
				`", resource_metadata="`+a.resourceMetadataURL(r.URL.Path)+`"`)
			shape.write(w, r, http.StatusUnauthorized, apierror.InvalidToken,
				rejected.Reason+"; exchange your identity assertion again, register again, or send no Authorization header")
			return
		}
		next.ServeHTTP(w, r)
	})
}

// LimitAnonymous wraps a handler that takes no credentials (the home page's search) in the anonymous
// policy alone, counted jointly with everything behind [Access.Limit]: an Authorization header is not
// read. The RateLimit headers and 429 are as for Limit.
func (a *Access) LimitAnonymous(next http.Handler, shape ErrorShape) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if a.admitAnonymous(w, r, a.clientIP(r), 1, shape) {
			next.ServeHTTP(w, r)
		}
	})
}

// ownToken returns the Bearer token of r and whether it names this service (unverified).
func (a *Access) ownToken(r *http.Request) (string, bool) {
	raw, ok := bearer(r)
	return raw, ok && a.auth.Ours(raw)
}

// verify checks a token of ours: it returns the registration of a valid access token, or why it is
// invalid; neither for a token that is not ours, or when the signing key cannot be read (logged).
func (a *Access) verify(raw string, ours bool) (string, *credential.InvalidError) {
	if !ours {
		return "", nil
	}
	claims, err := a.auth.Verify(raw, credential.Access)
	switch {
	case err == nil:
		return claims.Subject, nil
	case errors.Is(err, credential.ErrUnavailable):
		a.log.Error("signing key unavailable; token treated as anonymous", "err", err)
	}
	rejected, _ := errors.AsType[*credential.InvalidError](err)
	return "", rejected
}

// admitAnonymous counts an anonymous request against its client's quota and, for IPv6, its /48's
// ceiling, answering 429 and reporting false when either is spent. A request its client's quota refuses
// does not count against the /48.
func (a *Access) admitAnonymous(w http.ResponseWriter, r *http.Request, ip netip.Addr, calls int, shape ErrorShape) bool {
	if !a.admit(w, r, &a.anonymous, clientKey(ip), calls, shape) {
		return false
	}
	block, ok := clientNet(ip)
	return !ok || a.admit(w, r, &a.anonNet, block, calls, shape)
}

// admit counts a request of calls calls under l, keyed by key, and reports whether it may go on; if not, it
// has answered 429 in shape. A ceiling (agent-ip, anonymous-48) marks only the responses it refuses.
func (a *Access) admit(w http.ResponseWriter, r *http.Request, l *limit, key string, calls int, shape ErrorShape) bool {
	retry, ok := a.count(w, r, l, key, calls)
	if !ok {
		shape.write(w, r, http.StatusTooManyRequests, apierror.RateLimited,
			"rate limit of the "+l.policy.Name+" policy exceeded; retry in "+retry)
	}
	return ok
}

// bearer returns the token of an Authorization: Bearer header (the scheme is case-insensitive).
func bearer(r *http.Request) (string, bool) {
	v := r.Header.Get("Authorization")
	if len(v) < 7 || !strings.EqualFold(v[:7], "Bearer ") {
		return "", false
	}
	tok := strings.TrimSpace(v[7:])
	return tok, tok != ""
}

// count counts a request under l and writes the RateLimit headers (and Retry-After when refused; a
// ceiling writes them only then, replacing those of the policy counted before). It reports whether the
// request may go on and, if not, the wait as text ("42 seconds"). With limits off it does nothing. A
// shared store that fails does not let requests through: the limiter counts them in this edge's memory
// meanwhile (failing open would lift every limit while the store is down; failing
// closed would turn a store outage into a service outage).
func (a *Access) count(w http.ResponseWriter, r *http.Request, l *limit, key string, calls int) (string, bool) {
	if a.limits.Off {
		return "", true
	}
	res := a.limiter.Take(r.Context(), l.policy, key, calls, a.now())
	h := w.Header()
	if res.Allowed {
		l.admitted.Inc()
		if !l.ceiling {
			h.Set("RateLimit-Policy", l.header)
			h.Set("RateLimit", res.Header())
		}
		return "", true
	}
	l.rejected.Inc()
	wait := strconv.Itoa(res.ResetSeconds())
	h.Set("RateLimit-Policy", l.header)
	h.Set("RateLimit", res.Header())
	h.Set("Retry-After", wait)
	return wait + " seconds", false
}
