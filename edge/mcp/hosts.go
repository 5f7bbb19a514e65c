package mcp

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
)

// maxBody bounds a request body; the largest legitimate message is a tool call of a few hundred bytes.
const maxBody = 1 << 20

// hostGuard protects a server against DNS rebinding, as the MCP transport asks of every server:
//
//   - The Host header must name the base URL's host or a loopback host (localhost, 127.0.0.0/8, ::1), with
//     any port. A page on another site whose name was rebound to this machine's address sends its own name.
//   - On a request to a loopback host (a server run locally), an Origin header must also be a loopback or
//     the base URL's host, so no web page elsewhere can drive a local server.
//   - On a request to the public host any Origin is accepted: the service is public, read-only and needs no
//     cookie, so a page anywhere may call it, as the edge's CORS policy already allows.
//
// Refused requests get 403 with a JSON-RPC error. The guard also reads the body of a POST, bounded, before
// the transport sees it, so that a body that cannot be read (too large, cut off, too slow) is answered with
// a plain message and the detail, which names the connection's addresses, goes only to the log.
type hostGuard struct {
	host string // the base URL's host name, lowercase, without port
	next http.Handler
	log  *slog.Logger
}

func newHostGuard(endpoint *url.URL, next http.Handler, log *slog.Logger) *hostGuard {
	return &hostGuard{host: strings.ToLower(endpoint.Hostname()), next: next, log: log}
}

func (g *hostGuard) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	host := hostname(r.Host)
	if !g.allowed(host) {
		forbid(w, fmt.Sprintf("Host %q is not this server's; connect to %s", r.Host, g.host))
		return
	}
	if origin := r.Header.Get("Origin"); origin != "" && isLoopback(host) {
		u, err := url.Parse(origin)
		if err != nil || !g.allowed(hostname(u.Host)) {
			forbid(w, fmt.Sprintf("Origin %q may not call a server running on this machine", origin))
			return
		}
	}
	if r.Body != nil {
		r.Body = http.MaxBytesReader(w, r.Body, maxBody)
	}
	if r.Method == http.MethodPost && r.Body != nil {
		body, err := io.ReadAll(r.Body)
		if err != nil {
			g.unreadable(w, r, err)
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
	}
	g.next.ServeHTTP(w, r)
}

// unreadable answers a request whose body could not be read: 413 when it was too large, else 400, with a
// JSON-RPC parse error whose message says which and nothing of the connection.
func (g *hostGuard) unreadable(w http.ResponseWriter, r *http.Request, err error) {
	status, message := http.StatusBadRequest, "the request body could not be read"
	if _, tooLarge := errors.AsType[*http.MaxBytesError](err); tooLarge {
		status, message = http.StatusRequestEntityTooLarge, fmt.Sprintf("the request body is larger than %d bytes", maxBody)
	}
	g.log.Warn("mcp request body unreadable", "path", r.URL.Path, "err", err)
	writeError(w, status, mcp.PARSE_ERROR, message)
}

// allowed reports whether a host name (lowercase, without port) is this server's.
func (g *hostGuard) allowed(host string) bool {
	return host == g.host || isLoopback(host)
}

// hostname returns the lowercase host name of a Host header or URL host, without port or brackets.
func hostname(hostport string) string {
	host, _, err := net.SplitHostPort(hostport)
	if err != nil {
		host = hostport
	}
	return strings.ToLower(strings.Trim(host, "[]"))
}

// isLoopback reports whether a host name always means this machine.
func isLoopback(host string) bool {
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.IsLoopback()
}

// forbid answers 403 with a JSON-RPC error.
func forbid(w http.ResponseWriter, message string) {
	writeError(w, http.StatusForbidden, mcp.INVALID_REQUEST, message)
}

// writeError answers with a JSON-RPC error (there is no request id to answer yet).
func writeError(w http.ResponseWriter, status, code int, message string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(mcp.NewJSONRPCError(mcp.NewRequestId(nil), code, message, nil))
}
