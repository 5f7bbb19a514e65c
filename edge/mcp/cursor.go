package mcp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
)

// The servers' lists (tools, resources, resource templates) come whole, on one page, so they never give a
// cursor: any cursor a client sends is one they did not give. mcp-go would answer it with the error of
// decoding it ("illegal base64 data at input byte 3"); refusedCursor says instead what the caller did wrong.

// refusedCursor answers, and reports whether it did, a list request (one message) whose params carry a
// cursor: invalid params (-32602), as MCP asks of an unknown cursor, in the caller's terms.
func refusedCursor(w http.ResponseWriter, message []byte) bool {
	if !bytes.Contains(message, []byte(`"cursor"`)) { // every other message: no second decoding
		return false
	}
	var req struct {
		ID     mcp.RequestId `json:"id"`
		Method string        `json:"method"`
		Params struct {
			Cursor string `json:"cursor"`
		} `json:"params"`
	}
	// An empty cursor asks for the first page, as none does.
	if json.Unmarshal(message, &req) != nil || !strings.HasSuffix(req.Method, "/list") || req.Params.Cursor == "" {
		return false
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(mcp.NewJSONRPCError(req.ID, mcp.INVALID_PARAMS, fmt.Sprintf(
		"this server gave no cursor: %s answers the whole list on one page (no nextCursor), so call it without "+
			"a cursor", req.Method), nil))
	return true
}
