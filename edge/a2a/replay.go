package a2a

import (
	"bytes"
	"context"
	"io"
	"net/http"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"

	"github.com/iconlib/iconlib/edge/internal/replay"
)

// sendCall is the one request whose reply is kept and replayed: SendMessage (or message/send) with a
// plain id (see [replay.PlainID]) and a message of nothing but its id, role, parts and, optionally, its
// context id (and its kind, in A2A 0.3), beside the configuration an A2A 0.3 client sends. Within a
// snapshot the reply depends on nothing else but the dialect: a message with the same parts gets the same
// reply, with the call's own JSON-RPC id and context id, and a new message id.
type sendCall struct {
	JSONRPC string         `json:"jsonrpc"`
	ID      jsontext.Value `json:"id"`
	Method  string         `json:"method"`
	Params  struct {
		Message struct {
			Kind      string         `json:"kind"`
			MessageID string         `json:"messageId"`
			ContextID string         `json:"contextId"`
			Role      jsontext.Value `json:"role"`
			Parts     jsontext.Value `json:"parts"`
		} `json:"message"`
		Configuration jsontext.Value `json:"configuration"`
	} `json:"params"`
}

// replyIDs is what the agent tells the request that reached it of its reply: the reply's message and
// context ids, and whether the reply may be kept (its result names every input it depends on: keyed).
type replyIDs struct {
	messageID, contextID string
	keep                 bool
}

type replyIDsKey struct{}

// noteReply tells the request ctx belongs to, if it asks (serveCall), of the reply msg to res.
func noteReply(ctx context.Context, msg *a2a.Message, res result) {
	if ids, ok := ctx.Value(replyIDsKey{}).(*replyIDs); ok {
		k, keyed := res.(keyed)
		ids.messageID, ids.contextID, ids.keep = msg.ID, msg.ContextID, keyed && k.key() != ""
	}
}

// serveCall answers body, a request of the dialect h speaks, if it is a sendCall: with the reply kept
// for the same message before, or else with h's, kept when it may be. It reports whether it answered.
func (d *dialects) serveCall(w http.ResponseWriter, r *http.Request, body []byte) bool {
	var call sendCall
	msg := &call.Params.Message
	if json.Unmarshal(body, &call, json.RejectUnknownMembers(true)) != nil || call.JSONRPC != "2.0" ||
		call.Method != "SendMessage" && call.Method != "message/send" || !replay.PlainID(call.ID) ||
		msg.MessageID == "" || len(msg.Role) == 0 || len(msg.Parts) == 0 ||
		msg.ContextID != "" && !replay.PlainID(quoted(msg.ContextID)) || r.Header.Get(a2a.SvcParamExtensions) != "" {
		return false
	}
	h, dialect := d.dialectOf(r, call.Method)
	key := "a2a\x00" + dialect + "\x00" + r.Header.Get(a2a.SvcParamVersion) + "\x00" + call.Method + "\x00" + msg.Kind +
		"\x00" + string(msg.Role) + "\x00" + string(call.Params.Configuration) + "\x00" + string(msg.Parts)
	contextID := msg.ContextID
	if contextID == "" {
		contextID = a2a.NewContextID()
	}
	ids := &replyIDs{}
	r = r.WithContext(context.WithValue(r.Context(), replyIDsKey{}, ids))
	r.Body = io.NopCloser(bytes.NewReader(body))
	w.Header().Set("Content-Type", "application/json")
	head := replay.Head(call.ID)
	replay.Serve(d.answers, key, w, r, h, func(rec *replay.Recorder) (*replay.Answer, bool) {
		if !ids.keep {
			return nil, false
		}
		return replay.Cut(rec, head, member("messageId", ids.messageID), member("contextId", ids.contextID))
	}, head, member("messageId", a2a.NewMessageID()), member("contextId", contextID))
	return true
}

// member is a string member of a JSON object as encoding/json writes a plain string.
func member(name, value string) []byte {
	return []byte(`"` + name + `":"` + value + `"`)
}

func quoted(s string) []byte { return []byte(`"` + s + `"`) }
