package mcp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"slices"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/iconlib/iconlib/internal/contract"
)

// maxBatch bounds a JSON-RPC batch: the rate limits count a batch once, so it may hold no more calls than
// a client sends at once in practice.
const maxBatch = 20

// batchVersions are the protocol versions whose clients may send JSON-RPC batches (2025-06-18 removed
// them); a request without MCP-Protocol-Version is taken to be of one of them.
var batchVersions = []string{mcp.ProtocolVersion20250326, mcp.ProtocolVersion20241105}

// ServeHTTP answers every path of the server:
//
//   - its path (/mcp, /mcp/docs): Streamable HTTP. POST takes a JSON-RPC message, or a batch of them at
//     protocol 2025-03-26 and before; DELETE and HEAD answer 200 (there is no session). A GET from a
//     Streamable HTTP client (one sending MCP-Protocol-Version or Mcp-Session-Id) is refused with 405, as
//     the server never sends anything unasked; any other GET opens the legacy HTTP+SSE stream.
//   - the path with a trailing slash: a 308 redirect to the path.
//   - the stream path (…/sse), GET: the legacy HTTP+SSE transport's stream. Its first event names the
//     messages path with the session's id; answers come as events on the stream.
//   - the messages path (…/message), POST: a legacy client's message for its session.
//
// Other methods get 405 with the contract's Allow, and every error is a JSON-RPC error. A legacy session
// lives in the memory of the edge that holds its stream, so a load balancer must send a client's POSTs to
// the edge its stream is on; Streamable HTTP keeps no state.
func (e *endpoint) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch r.URL.Path {
	case e.spec.path:
		e.serveStreamable(w, r)
	case e.spec.path + "/":
		target := e.spec.path
		if r.URL.RawQuery != "" {
			target += "?" + r.URL.RawQuery
		}
		w.Header().Set("Location", target)
		writeError(w, http.StatusPermanentRedirect, mcp.INVALID_REQUEST, "the server is at "+e.spec.path)
	case e.spec.ssePath:
		if !refuseMethod(w, r, e.spec.ssePath) {
			e.serveStream(w, r)
		}
	case e.spec.messagesPath:
		if !refuseMethod(w, r, e.spec.messagesPath) {
			e.streams.touch(r.URL.Query().Get("sessionId"))
			e.sse.MessageHandler().ServeHTTP(w, r)
		}
	default:
		writeError(w, http.StatusNotFound, mcp.INVALID_REQUEST, "no MCP endpoint at "+r.URL.Path+"; connect to "+e.url.String())
	}
}

func (e *endpoint) serveStreamable(w http.ResponseWriter, r *http.Request) {
	switch {
	case refuseMethod(w, r, e.spec.path):
	case r.Method == http.MethodGet && (r.Header.Get(mcp.HeaderProtocolVersion) != "" || r.Header.Get(mcp.HeaderSessionID) != ""):
		allow, _ := contract.EndpointAt(e.spec.path)
		w.Header().Set("Allow", allow.Allow())
		writeError(w, http.StatusMethodNotAllowed, mcp.INVALID_REQUEST, "this server answers every request in its "+
			"response and sends nothing unasked, so there is no stream to open; "+e.spec.path+" takes "+allow.Allow()+
			" (a GET without MCP-Protocol-Version opens the legacy HTTP+SSE transport)")
	case r.Method == http.MethodGet:
		e.serveStream(w, r)
	case r.Method == http.MethodPost && !isJSON(r.Header.Get("Content-Type")):
		writeError(w, http.StatusUnsupportedMediaType, mcp.INVALID_REQUEST, fmt.Sprintf(
			"send the JSON-RPC message with Content-Type: application/json, not %q", r.Header.Get("Content-Type")))
	case r.Method == http.MethodPost:
		body, _ := io.ReadAll(r.Body) // read already, by hostGuard
		r.Body = io.NopCloser(bytes.NewReader(body))
		if !e.checkVersion(w, r, body) {
			return
		}
		if trimmed := bytes.TrimSpace(body); len(trimmed) > 0 && trimmed[0] == '[' && json.Valid(trimmed) {
			e.serveBatch(w, r, trimmed)
			return
		}
		if !refusedCursor(w, body) {
			e.serveCall(w, r, body)
		}
	default:
		e.transport.ServeHTTP(w, r)
	}
}

// isJSON reports whether a Content-Type names JSON, as a Streamable HTTP POST must.
func isJSON(contentType string) bool {
	mediaType, _, err := mime.ParseMediaType(contentType)
	return err == nil && mediaType == "application/json"
}

// checkVersion refuses a request whose MCP-Protocol-Version header names a version the server does not
// speak, naming the header and the versions it does (mcp-go would take any unknown version for a later
// one and ask for that revision's _meta field). It reports whether the request may go on.
func (e *endpoint) checkVersion(w http.ResponseWriter, r *http.Request, body []byte) bool {
	v := r.Header.Get(mcp.HeaderProtocolVersion)
	if v == "" || slices.Contains(e.versions, v) {
		return true
	}
	var req struct {
		ID mcp.RequestId `json:"id"`
	}
	_ = json.Unmarshal(body, &req)
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusBadRequest)
	_ = json.NewEncoder(w).Encode(mcp.NewJSONRPCError(req.ID, mcp.INVALID_REQUEST, fmt.Sprintf(
		"MCP-Protocol-Version header %q is not a version this server speaks: send one of %s, or none before "+
			"initialize has negotiated one", v, strings.Join(e.versions, ", ")), nil))
	return false
}

// serveBatch answers a JSON-RPC batch (protocol 2025-03-26 and before) with the array of the answers to
// its requests, each as the transport answers it alone; a batch of notifications only is answered 202.
func (e *endpoint) serveBatch(w http.ResponseWriter, r *http.Request, body []byte) {
	var msgs []json.RawMessage
	_ = json.Unmarshal(body, &msgs) // valid JSON, an array
	v := r.Header.Get(mcp.HeaderProtocolVersion)
	switch {
	case v != "" && !slices.Contains(batchVersions, v):
		writeError(w, http.StatusBadRequest, mcp.INVALID_REQUEST, "protocol "+v+" has no JSON-RPC batches (they "+
			"ended with 2025-06-18): send one message per request")
		return
	case len(msgs) == 0:
		writeError(w, http.StatusBadRequest, mcp.INVALID_REQUEST, "the batch is empty")
		return
	case len(msgs) > maxBatch:
		writeError(w, http.StatusBadRequest, mcp.INVALID_REQUEST, fmt.Sprintf("a batch holds at most %d messages; send the rest in another", maxBatch))
		return
	}
	var answers []json.RawMessage
	for _, m := range msgs {
		one := r.Clone(r.Context())
		one.Body, one.ContentLength = io.NopCloser(bytes.NewReader(m)), int64(len(m))
		rec := &recorder{header: http.Header{}}
		if bytes.HasPrefix(bytes.TrimSpace(m), []byte("{")) {
			if !refusedCursor(rec, m) {
				e.transport.ServeHTTP(rec, one)
			}
		} else { // JSON-RPC 2.0: an element that is not an object is an invalid request
			writeError(rec, http.StatusBadRequest, mcp.INVALID_REQUEST, "a batch element must be a JSON-RPC message object")
		}
		if answer := bytes.TrimSpace(rec.body.Bytes()); json.Valid(answer) {
			answers = append(answers, answer)
		}
	}
	if len(answers) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(answers)
}

// recorder keeps what the transport answers to one message of a batch.
type recorder struct {
	header http.Header
	body   bytes.Buffer
}

func (r *recorder) Header() http.Header         { return r.header }
func (r *recorder) Write(p []byte) (int, error) { return r.body.Write(p) }
func (r *recorder) WriteHeader(int)             {}

// serveStream opens a legacy HTTP+SSE stream within the limits of e.streams: it lasts, beyond the write
// timeout of the edge's HTTP server, until the client goes, falls idle or reaches the stream's lifetime.
func (e *endpoint) serveStream(w http.ResponseWriter, r *http.Request) {
	e.streams.serve(w, r, e.sse.SSEHandler())
}

// refuseMethod answers a request whose method the contract's endpoint at path does not take with 405, the
// endpoint's Allow and a JSON-RPC error, and reports whether it did.
func refuseMethod(w http.ResponseWriter, r *http.Request, path string) bool {
	e, _ := contract.EndpointAt(path)
	if e.Takes(r.Method) {
		return false
	}
	w.Header().Set("Allow", e.Allow())
	writeError(w, http.StatusMethodNotAllowed, mcp.INVALID_REQUEST, fmt.Sprintf("%s takes only %s", path, e.Allow()))
	return true
}

// Calls is how many calls the request r makes of a server, for the rate limits (access.LimitCalls): each
// message of a JSON-RPC batch (of at most maxBatch; a larger one is refused whole and counts one), one for
// anything else. It reads r's body and gives r one that reads the same bytes.
func Calls(r *http.Request) int {
	if r.Method != http.MethodPost || r.Body == nil {
		return 1
	}
	head, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
	r.Body = struct {
		io.Reader
		io.Closer
	}{io.MultiReader(bytes.NewReader(head), errorReader{err}, r.Body), r.Body}
	trimmed := bytes.TrimSpace(head)
	if err != nil || len(trimmed) == 0 || trimmed[0] != '[' {
		return 1
	}
	var msgs []json.RawMessage
	if json.Unmarshal(trimmed, &msgs) != nil || len(msgs) > maxBatch {
		return 1
	}
	return max(len(msgs), 1)
}

// errorReader replays a read error after the bytes read before it.
type errorReader struct{ err error }

func (e errorReader) Read([]byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	return 0, io.EOF
}
