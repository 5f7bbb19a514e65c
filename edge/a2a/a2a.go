// Package a2a is iconlib's A2A agent: JSON-RPC at /a2a in both protocol dialects, A2A 1.0 (SendMessage)
// and A2A 0.3 (message/send), and its agent card at /.well-known/agent-card.json.
//
// The protocol is spoken by the official SDK, github.com/a2aproject/a2a-go/v2 (v2.3.1): one
// [a2asrv.RequestHandler] runs the agent and is served by the SDK's 1.0 JSON-RPC handler and by its 0.3
// compatibility handler, and the SDK's 0.3 compatibility producer writes the card. This package adds only
// what the SDK leaves to the application or gets wrong: choosing the dialect of a request (the SDK has one
// handler per dialect), refusing unsupported A2A-Version headers and the task methods, the skills
// themselves, a card the SDK's own 1.0 parser can read, and the card's HTTP caching. Every reply is one
// Message, answered at once: no tasks, no streaming.
package a2a

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2acompat/a2av0"
	"github.com/a2aproject/a2a-go/v2/a2asrv"

	"github.com/iconlib/iconlib/edge/internal/answers"
	"github.com/iconlib/iconlib/edge/library"
	"github.com/iconlib/iconlib/internal/contract"
)

// maxBody bounds a request body; a larger one is answered with a JSON-RPC parse error.
const maxBody = 64 << 10

// Options configure the agent. Every field but Answers is required: the edge resolves them once and the
// agent takes them as they are.
type Options struct {
	Version string           // the agent's version in its card
	BaseURL contract.BaseURL // the URL clients reach the edge at
	Logger  *slog.Logger
	Answers *answers.Cache // the snapshot's answer cache, where replies asked again are kept (replay.go); nil keeps none
}

// check refuses options with a required field missing.
func (o Options) check(lib *library.Library) error {
	if lib == nil || o.Version == "" || o.BaseURL.IsZero() || o.Logger == nil {
		return errors.New("a2a: a library, version, base URL and logger are required")
	}
	return nil
}

// capabilities are the agent's: no streaming, no push notifications, no extended card. The SDK refuses
// the methods they would allow.
var capabilities = a2a.AgentCapabilities{}

// New returns the agent's JSON-RPC handler, to be served at [contract.A2APath] (POST). It answers A2A 1.0 SendMessage
// and A2A 0.3 message/send with one Message holding a Markdown part and a JSON data part.
func New(lib *library.Library, opts Options) (http.Handler, error) {
	if err := opts.check(lib); err != nil {
		return nil, err
	}
	handler := a2asrv.NewHandler(&agent{lib: lib, base: opts.BaseURL.String(), log: opts.Logger},
		a2asrv.WithCapabilityChecks(&capabilities),
		a2asrv.WithLogger(opts.Logger),
		a2asrv.WithCallInterceptors(gate{}),
	)
	recovered := a2asrv.WithTransportPanicHandler(func(r any) error {
		opts.Logger.Error("a2a: panic", "panic", r)
		return a2a.ErrInternalError
	})
	return &dialects{
		answers: opts.Answers,
		log:     opts.Logger,
		v1:      a2asrv.NewJSONRPCHandler(handler, recovered),
		v0:      a2av0.NewJSONRPCHandler(handler, recovered),
	}, nil
}

// dialects sends each request to the SDK handler of its dialect. The A2A-Version header decides; without
// one (as A2A 0.3 clients send), a method name with a slash ("message/send") is 0.3 and any other is 1.0.
// An unsupported version goes by its method name too, and [gate] refuses it.
type dialects struct {
	v1, v0  http.Handler
	answers *answers.Cache // where the replies replayed are kept (replay.go)
	log     *slog.Logger
}

// dialectOf returns the SDK handler for a request calling method, and the dialect's name.
func (d *dialects) dialectOf(r *http.Request, method string) (http.Handler, string) {
	if v, _ := protocolVersion(r.Header.Get(a2a.SvcParamVersion)); v == a2av0.Version || v != a2a.Version && strings.Contains(method, "/") {
		return d.v0, "0.3" // an A2A 0.3 method name has a slash
	}
	return d.v1, "1.0"
}

// errBodyUnreadable stands, in the answer, for a failure to read the body other than its size: the SDK
// would quote the error, and a network error names the connection's addresses (logged instead).
var errBodyUnreadable = errors.New("the request body could not be read")

func (d *dialects) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if refuseMethod(w, r) {
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if _, tooLarge := errors.AsType[*http.MaxBytesError](err); err != nil && !tooLarge {
		d.log.Warn("a2a request body unreadable", "err", err)
		err = errBodyUnreadable
	}
	if err == nil && d.serveCall(w, r, body) {
		return
	}
	var call rpcCall
	if err == nil {
		body, call = normalize(body)
	}
	if call.notification {
		// JSON-RPC 2.0: the server must not reply to a notification; the agent keeps no state, so
		// there is nothing to do for one either.
		w.WriteHeader(http.StatusNoContent)
		return
	}
	h, _ := d.dialectOf(r, call.method)
	// The SDK's 0.3 handler writes its errors without a Content-Type; every reply is JSON.
	w.Header().Set("Content-Type", "application/json")
	r.Body = io.NopCloser(io.MultiReader(bytes.NewReader(body), errReader{err}))
	h.ServeHTTP(w, r)
}

// refuseMethod answers a request by any method but the endpoint's (POST) with 405, its Allow and a
// JSON-RPC invalid-request error, as every other endpoint refuses a method it does not take, and reports
// whether it did.
func refuseMethod(w http.ResponseWriter, r *http.Request) bool {
	e, _ := contract.EndpointAt(contract.A2APath)
	if e.Takes(r.Method) {
		return false
	}
	w.Header().Set("Allow", e.Allow())
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusMethodNotAllowed)
	if r.Method != http.MethodHead {
		_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": nil,
			"error": map[string]any{"code": -32600, "message": contract.A2APath + " takes only " + e.Allow() + ": send a JSON-RPC request"}})
	}
	return true
}

// rpcCall is what the agent needs to know of a JSON-RPC body before the SDK reads it: the method it
// calls, and whether it is a notification (a well-formed request without an id).
type rpcCall struct {
	method       string
	notification bool
}

// normalize returns the JSON-RPC call a body makes, and the body as the SDK should read it. JSON-RPC 2.0
// calls a JSON value that is not a request object (a batch array, a string) an invalid request, where the
// SDK would answer invalid params: it becomes an empty object, which the SDK answers as an invalid request.
// Params may be omitted in JSON-RPC 2.0, where the SDK would answer a parse error: they become an empty
// object, whose missing message the SDK answers as invalid params. Anything else is left as it is.
func normalize(body []byte) ([]byte, rpcCall) {
	var call rpcCall
	if !json.Valid(body) {
		return body, call
	}
	var req map[string]json.RawMessage
	if err := json.Unmarshal(body, &req); err != nil || req == nil { // not an object, or null
		return []byte("{}"), call
	}
	var version string
	_ = json.Unmarshal(req["jsonrpc"], &version)
	methodErr := json.Unmarshal(req["method"], &call.method)
	_, hasID := req["id"]
	call.notification = !hasID && version == "2.0" && methodErr == nil && call.method != ""
	if params, ok := req["params"]; ok && string(params) != "null" {
		return body, call
	}
	req["params"] = json.RawMessage("{}")
	if b, err := json.Marshal(req); err == nil {
		body = b
	}
	return body, call
}

// errReader replays a read error (such as a body over [maxBody]) after the bytes read before it.
type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	return 0, io.EOF
}

// protocolVersion maps an A2A-Version header to the dialect it names: "1.0" (or "1", "1.0.x") is 1.0, "0.3"
// (or "0.3.x") is 0.3, and an absent header is "" (0.3 by the protocol, 1.0 for a 1.0 method). ok is false
// for any other value.
func protocolVersion(header string) (v a2a.ProtocolVersion, ok bool) {
	h := strings.TrimSpace(header)
	switch {
	case h == "":
		return "", true
	case h == "1" || h == "1.0" || strings.HasPrefix(h, "1.0."):
		return a2a.Version, true
	case h == "0.3" || strings.HasPrefix(h, "0.3."):
		return a2av0.Version, true
	}
	return a2a.ProtocolVersion(h), false
}

// gate runs before every call the SDK dispatches. It refuses an A2A-Version header this agent does not
// speak with the SDK's VersionNotSupportedError (-32009), and answers the methods the agent has nothing to
// act on, as A2A 1.0 names their errors: it keeps no tasks, so any task is not found (-32001), a message
// naming one included, and the task list is empty; push notifications are not supported (-32003);
// resubscribing and the extended card are unsupported operations (-32004). The streaming form of
// SendMessage is left to the SDK, which refuses it with -32004 as the card declares no streaming; any
// other method is not found (-32601).
type gate struct {
	a2asrv.PassthroughCallInterceptor
}

// Before implements [a2asrv.CallInterceptor].
func (gate) Before(ctx context.Context, callCtx *a2asrv.CallContext, req *a2asrv.Request) (context.Context, any, error) {
	values, _ := callCtx.ServiceParams().Get(a2a.SvcParamVersion)
	for _, h := range values {
		if _, ok := protocolVersion(h); !ok {
			return ctx, nil, a2a.NewError(a2a.ErrVersionNotSupported, fmt.Sprintf(
				"A2A-Version %q is not supported: send 1.0 with SendMessage, or 0.3 (or no header) with message/send", h))
		}
	}
	switch callCtx.Method() {
	case "SendMessage", "SendStreamingMessage":
		// A message continuing a task names one that cannot exist; the SDK would say its executor's setup
		// failed.
		if send, ok := req.Payload.(*a2a.SendMessageRequest); ok && send.Message != nil && send.Message.TaskID != "" {
			return ctx, nil, a2a.NewError(a2a.ErrTaskNotFound, "no such task: "+noTasks+"; send the message without a taskId")
		}
		return ctx, nil, nil
	case "ListTasks":
		return ctx, &a2a.ListTasksResponse{Tasks: []*a2a.Task{}}, nil
	}
	return ctx, nil, unanswered(callCtx.Method())
}

// noTasks says why a task is not found, in the caller's terms.
const noTasks = "this agent keeps no tasks: SendMessage (message/send in A2A 0.3) answers at once with a message"

// unanswered is the error for a method the agent has nothing to act on (see [gate]).
func unanswered(method string) error {
	switch method {
	case "GetTask", "CancelTask":
		return a2a.NewError(a2a.ErrTaskNotFound, "no such task: "+noTasks)
	case "SubscribeToTask":
		return a2a.NewError(a2a.ErrUnsupportedOperation, "there is no task to resubscribe to: "+noTasks)
	case "GetTaskPushConfig", "ListTaskPushConfigs", "CreateTaskPushConfig", "DeleteTaskPushConfig":
		return a2a.NewError(a2a.ErrPushNotificationNotSupported, "push notifications are not supported: "+noTasks)
	case "GetExtendedAgentCard":
		return a2a.NewError(a2a.ErrUnsupportedOperation, "there is no extended card: the public card at "+
			contract.AgentCardPath+" is the whole of it")
	}
	return a2a.NewError(a2a.ErrMethodNotFound,
		"this agent answers only SendMessage (A2A 1.0) and message/send (A2A 0.3); it keeps no tasks")
}
