package hostconf

import (
	"slices"
	"strings"

	"github.com/iconlib/iconlib/internal/contract"
)

// EdgePath is a path a server in front of the edge passes to it: one URL path, or every path below
// Prefix (which ends in a slash).
type EdgePath struct {
	Path   string
	Prefix bool
	// Stream: the answer may be an event stream, passed on as it comes (MCP, A2A). LongStream: a stream
	// that stays open while its client keeps it (MCP's legacy HTTP+SSE transport), which no idle timeout
	// may close.
	Stream, LongStream bool
}

// streams are the endpoints whose answers may stream; longStreams stay open.
var (
	streams     = []string{contract.MCPIconsPath, contract.MCPDocsPath, contract.A2APath}
	longStreams = []string{contract.MCPIconsSSEPath, contract.MCPDocsSSEPath}
)

// EdgePaths are the paths of contract.Endpoints as a front passes them on: an endpoint with a {id}
// segment as the prefix before it, each MCP server's path with a slash too (the edge redirects it), and
// every protected resource's RFC 9728 document below its path.
func EdgePaths() []EdgePath {
	var out []EdgePath
	for _, e := range contract.Endpoints {
		p := EdgePath{Path: e.Path, Stream: slices.Contains(streams, e.Path), LongStream: slices.Contains(longStreams, e.Path)}
		if prefix, _, ok := strings.Cut(e.Path, "{id}"); ok {
			p = EdgePath{Path: prefix, Prefix: true}
		}
		out = append(out, p)
		if e.Path == contract.ProtectedResourcePath {
			out = append(out, EdgePath{Path: e.Path + "/", Prefix: true})
		}
	}
	for _, server := range []string{contract.MCPIconsPath, contract.MCPDocsPath} {
		out = append(out, EdgePath{Path: server + "/"})
	}
	return out
}
