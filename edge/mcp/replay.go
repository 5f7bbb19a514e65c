package mcp

import (
	"bytes"
	"net/http"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
	"github.com/mark3labs/mcp-go/mcp"

	"github.com/iconlib/iconlib/edge/internal/replay"
)

// toolCall is the one request whose answer is kept and replayed: a tools/call with a plain id (see
// [replay.PlainID]) and nothing in its params but the tool's name and arguments. Within a snapshot its
// answer depends on nothing else but the protocol version, so a call with the same name, arguments and
// version gets the same answer, its own id put in.
type toolCall struct {
	JSONRPC string         `json:"jsonrpc"`
	ID      jsontext.Value `json:"id"`
	Method  string         `json:"method"`
	Params  struct {
		Name      string         `json:"name"`
		Arguments jsontext.Value `json:"arguments"`
	} `json:"params"`
}

// isError is how a tool's error result (isError, which is never kept) shows in its answer: quotes are
// escaped inside any string, so it can only be the result's own member.
var isError = []byte(`"isError":true`)

// serveCall has the transport answer one JSON-RPC message (body, the request's), or answers a tool call
// asked before with the answer the transport wrote then. The request must carry no session (there is
// none to carry) and may not be of protocol 2026-07-28, whose requests the transport checks further.
func (e *endpoint) serveCall(w http.ResponseWriter, r *http.Request, body []byte) {
	var call toolCall
	version := r.Header.Get(mcp.HeaderProtocolVersion)
	if json.Unmarshal(body, &call, json.RejectUnknownMembers(true)) != nil || call.JSONRPC != mcp.JSONRPC_VERSION ||
		call.Method != string(mcp.MethodToolsCall) || !replay.PlainID(call.ID) || mcp.IsModernProtocol(version) ||
		r.Header.Get(mcp.HeaderSessionID) != "" || r.Header.Get(mcp.HeaderLastEventID) != "" {
		e.transport.ServeHTTP(w, r)
		return
	}
	key := "mcp\x00" + e.spec.name + "\x00" + version + "\x00" + call.Params.Name + "\x00" + string(call.Params.Arguments)
	head := replay.Head(call.ID)
	replay.Serve(e.answers, key, w, r, e.transport, func(rec *replay.Recorder) (*replay.Answer, bool) {
		if bytes.Contains(rec.Body(), isError) {
			return nil, false
		}
		return replay.Cut(rec, head)
	}, head)
}
