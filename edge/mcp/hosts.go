package mcp

import (
	"encoding/json"
	"fmt"
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
// Refused requests get 403 with a JSON-RPC error. The guard also bounds the request body.
type hostGuard struct {
	host string // the base URL's host name, lowercase, without port
	next http.Handler
}

func newHostGuard(endpoint *url.URL, next http.Handler) *hostGuard {
	return &hostGuard{host: strings.ToLower(endpoint.Hostname()), next: next}
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
	g.next.ServeHTTP(w, r)
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

// forbid answers 403 with a JSON-RPC error (there is no request id to answer yet).
func forbid(w http.ResponseWriter, message string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusForbidden)
	_ = json.NewEncoder(w).Encode(mcp.NewJSONRPCError(mcp.NewRequestId(nil), mcp.INVALID_REQUEST, message, nil))
}
