package a2a_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2aclient"
	"github.com/a2aproject/a2a-go/v2/a2acompat/a2av0"
	"github.com/iconlib/iconlib/internal/contract"
)

// JSON-RPC error codes.
const (
	parseError          = -32700
	invalidRequest      = -32600
	methodNotFound      = -32601
	invalidParams       = -32602
	taskNotFound        = -32001
	pushNotSupported    = -32003
	unsupportedOp       = -32004
	contentNotSupported = -32005
	versionNotSupported = -32009
)

const (
	v1Call = `{"jsonrpc":"2.0","id":7,"method":"SendMessage","params":{"message":{"messageId":"m","role":"ROLE_USER","parts":[{"text":"back"}]}}}`
	v0Call = `{"jsonrpc":"2.0","id":7,"method":"message/send","params":{"message":{"kind":"message","messageId":"m","role":"user","parts":[{"kind":"text","text":"back"}]}}}`
)

func TestProtocolErrors(t *testing.T) {
	s := newAgent(t)
	tests := []struct {
		name, version, body string
		code                int
		id                  any    // the id the error must echo
		message             string // in the error message
	}{
		{"not JSON", "1.0", `{"jsonrpc":`, parseError, nil, ""},
		{"not JSON, 0.3", "0.3", `{"jsonrpc":`, parseError, nil, ""},
		{"not JSON, no header", "", `{"jsonrpc":`, parseError, nil, ""},
		{"a body over 64 KiB", "1.0", strings.Replace(v1Call, `"back"`, `"`+strings.Repeat("x", 64<<10)+`"`, 1), parseError, nil, ""},
		{"an empty body", "1.0", "", parseError, nil, ""},
		{"jsonrpc is not 2.0", "1.0", strings.Replace(v1Call, `"2.0"`, `"1.0"`, 1), invalidRequest, 7.0, ""},
		{"jsonrpc is not 2.0, 0.3", "0.3", strings.Replace(v0Call, `"2.0"`, `"1.0"`, 1), invalidRequest, 7.0, ""},
		{"no method", "1.0", `{"jsonrpc":"2.0","id":7}`, invalidRequest, 7.0, ""},
		{"a batch", "1.0", "[" + v1Call + "]", invalidRequest, nil, ""},
		{"a batch, 0.3", "0.3", "[" + v0Call + "]", invalidRequest, nil, ""},
		{"null", "", `null`, invalidRequest, nil, ""},
		{"a string", "", `"SendMessage"`, invalidRequest, nil, ""},
		{"an object id", "1.0", strings.Replace(v1Call, `"id":7`, `"id":{}`, 1), invalidRequest, nil, ""},
		{"unknown method", "1.0", strings.Replace(v1Call, "SendMessage", "Summon", 1), methodNotFound, 7.0, ""},
		{"unknown method, 0.3", "0.3", strings.Replace(v0Call, "message/send", "message/summon", 1), methodNotFound, 7.0, ""},
		{"0.3 method with A2A-Version 1.0", "1.0", v0Call, methodNotFound, 7.0, ""},
		{"1.0 method with A2A-Version 0.3", "0.3", v1Call, methodNotFound, 7.0, ""},
		// A2A 1.0 names the errors of the methods an agent that keeps no tasks has nothing to act on.
		{"GetTask", "1.0", `{"jsonrpc":"2.0","id":7,"method":"GetTask","params":{"id":"t"}}`, taskNotFound, 7.0, "keeps no tasks"},
		{"CancelTask", "1.0", `{"jsonrpc":"2.0","id":7,"method":"CancelTask","params":{"id":"t"}}`, taskNotFound, 7.0, "keeps no tasks"},
		{"push config", "1.0", `{"jsonrpc":"2.0","id":7,"method":"GetTaskPushNotificationConfig","params":{"taskId":"t","id":"c"}}`, pushNotSupported, 7.0, "push notifications are not supported"},
		{"create push config", "1.0", `{"jsonrpc":"2.0","id":7,"method":"CreateTaskPushNotificationConfig","params":{"taskId":"t","url":"https://example.com/hook"}}`, pushNotSupported, 7.0, ""},
		{"extended card", "1.0", `{"jsonrpc":"2.0","id":7,"method":"GetExtendedAgentCard","params":{}}`, unsupportedOp, 7.0, "no extended card"},
		{"a message continuing a task", "1.0", strings.Replace(v1Call, `"messageId":"m",`, `"messageId":"m","taskId":"t9",`, 1), taskNotFound, 7.0, "send the message without a taskId"},
		{"a message continuing a task, 0.3", "0.3", strings.Replace(v0Call, `"messageId":"m",`, `"messageId":"m","taskId":"t9",`, 1), taskNotFound, 7.0, "send the message without a taskId"},
		{"tasks/get", "0.3", `{"jsonrpc":"2.0","id":7,"method":"tasks/get","params":{"id":"t"}}`, taskNotFound, 7.0, "keeps no tasks"},
		{"tasks/cancel", "", `{"jsonrpc":"2.0","id":7,"method":"tasks/cancel","params":{"id":"t"}}`, taskNotFound, 7.0, "keeps no tasks"},
		{"push config, 0.3", "0.3", `{"jsonrpc":"2.0","id":7,"method":"tasks/pushNotificationConfig/get","params":{"id":"t"}}`, pushNotSupported, 7.0, ""},
		{"extended card, 0.3", "0.3", `{"jsonrpc":"2.0","id":7,"method":"agent/getAuthenticatedExtendedCard"}`, unsupportedOp, 7.0, ""},
		{"a file part", "1.0", strings.Replace(v1Call, `{"text":"back"}`, `{"url":"https://example.com/x.png","mediaType":"image/png"}`, 1), contentNotSupported, 7.0, "only text and data parts"},
		{"a file part, 0.3", "0.3", strings.Replace(v0Call, `{"kind":"text","text":"back"}`, `{"kind":"file","file":{"uri":"https://example.com/x.png"}}`, 1), contentNotSupported, 7.0, "only text and data parts"},
		{"no message", "1.0", `{"jsonrpc":"2.0","id":7,"method":"SendMessage","params":{}}`, invalidParams, 7.0, "message is required"},
		{"no message, 0.3", "0.3", `{"jsonrpc":"2.0","id":7,"method":"message/send","params":{}}`, invalidParams, 7.0, ""},
		{"no params", "1.0", `{"jsonrpc":"2.0","id":7,"method":"SendMessage"}`, invalidParams, 7.0, "message is required"},
		{"no params, 0.3", "0.3", `{"jsonrpc":"2.0","id":7,"method":"message/send"}`, invalidParams, 7.0, "message is required"},
		{"null params", "", `{"jsonrpc":"2.0","id":7,"method":"SendMessage","params":null}`, invalidParams, 7.0, "message is required"},
		{"params not an object", "1.0", `{"jsonrpc":"2.0","id":7,"method":"SendMessage","params":5}`, invalidParams, 7.0, ""},
		{"no parts", "1.0", strings.Replace(v1Call, `[{"text":"back"}]`, `[]`, 1), invalidParams, 7.0, "parts"},
		{"no parts, 0.3", "0.3", strings.Replace(v0Call, `[{"kind":"text","text":"back"}]`, `[]`, 1), invalidParams, 7.0, "parts"},
		{"blank text", "1.0", strings.Replace(v1Call, `"back"`, `"  "`, 1), invalidParams, 7.0, `send text, or a data part with "query" or "id"`},
		{"limit out of range", "1.0", strings.Replace(v1Call, `{"text":"back"}`, `{"data":{"query":"back","limit":51}}`, 1), invalidParams, 7.0, "limit must be a whole number from 1 to 50"},
		{"limit out of range, 0.3", "0.3", strings.Replace(v0Call, `{"kind":"text","text":"back"}`, `{"kind":"data","data":{"query":"back","limit":0}}`, 1), invalidParams, 7.0, "limit must be a whole number from 1 to 50"},
		{"unsupported version", "2.0", v1Call, versionNotSupported, 7.0, `A2A-Version "2.0" is not supported`},
		{"unsupported version, 0.3 method", "0.2", v0Call, versionNotSupported, 7.0, `A2A-Version "0.2" is not supported`},
		{"unsupported minor version", "1.1", v1Call, versionNotSupported, 7.0, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := s.post(t, tc.version, tc.body)
			if res.Error == nil {
				t.Fatalf("no error; result %s", res.Result)
			}
			if res.Error.Code != tc.code || res.ID != tc.id || !strings.Contains(res.Error.Message, tc.message) {
				t.Errorf("error %d %q with id %v; want %d containing %q with id %v",
					res.Error.Code, res.Error.Message, res.ID, tc.code, tc.message, tc.id)
			}
			// The caller's terms, never the SDK's insides (issue 55: "executor setup failed…").
			if strings.Contains(res.Error.Message, "executor") || strings.Contains(res.Error.Message, "exec ctx") {
				t.Errorf("error message %q speaks of the SDK's insides", res.Error.Message)
			}
		})
	}
}

// TestErrorRepliesAreJSON: errors of both dialects, from the SDK's parsing or from the agent, are sent as
// application/json, as successes are.
func TestErrorRepliesAreJSON(t *testing.T) {
	s := newAgent(t)
	for _, tc := range []struct{ version, body string }{
		{"0.3", `{"jsonrpc":`},
		{"0.3", `{"jsonrpc":"2.0","id":7,"method":"message/send","params":{}}`},
		{"", strings.Replace(v0Call, "message/send", "tasks/get", 1)},
		{"1.0", `{"jsonrpc":`},
		{"1.0", strings.Replace(v1Call, "SendMessage", "GetTask", 1)},
		{"0.3", v0Call},
	} {
		req, err := http.NewRequest(http.MethodPost, s.URL+"/a2a", strings.NewReader(tc.body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("A2A-Version", tc.version)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if ct := res.Header.Get("Content-Type"); ct != "application/json" {
			t.Errorf("A2A-Version %q %s: Content-Type %q; want application/json", tc.version, tc.body, ct)
		}
	}
}

func TestGetIsAnInvalidRequest(t *testing.T) {
	s := newAgent(t)
	res, err := http.Get(s.URL + "/a2a")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var body rpcResponse
	if err := json.NewDecoder(res.Body).Decode(&body); err != nil || body.Error == nil || body.Error.Code != invalidRequest {
		t.Errorf("GET /a2a: %d, %v, %+v; want a JSON-RPC invalid request", res.StatusCode, err, body.Error)
	}
}

func TestInvalidParamsInBothDialects(t *testing.T) {
	s := newAgent(t)
	long := strings.Repeat("x", 201)
	tests := []struct {
		name    string
		parts   []*a2a.Part
		message string
	}{
		{"unknown skill", []*a2a.Part{data(map[string]any{"skill": "draw-icons", "query": "x"})}, `unknown skill "draw-icons"; the skills are find-icons, icon-details, search-guides`},
		{"limit too large", []*a2a.Part{data(map[string]any{"query": "back", "limit": 500})}, "limit must be a whole number from 1 to 50"},
		{"limit not an integer", []*a2a.Part{data(map[string]any{"query": "back", "limit": 1.5})}, `data field "limit" must be an integer`},
		{"limit a string", []*a2a.Part{data(map[string]any{"query": "back", "limit": "ten"})}, `data field "limit" must be an integer`},
		{"query not a string", []*a2a.Part{data(map[string]any{"query": 3})}, `data field "query" must be a string`},
		{"unknown field", []*a2a.Part{data(map[string]any{"query": "back", "categroy": "arrows"})}, `the data part takes only "skill", "query", "id", "category" and "limit"`},
		{"two data parts", []*a2a.Part{data(map[string]any{"query": "back"}), data(map[string]any{"id": "x"})}, "send at most one data part"},
		{"data not an object", []*a2a.Part{a2a.NewDataPart("back")}, "the data part must be a JSON object"},
		{"unknown category", []*a2a.Part{data(map[string]any{"query": "back", "category": "nope"})}, `category "nope" does not exist; the category ids are arrows, design, shapes (also at /api/v1/categories)`},
		{"find-icons query too long", []*a2a.Part{data(map[string]any{"skill": "find-icons", "query": strings.Repeat("y", 201)})}, "the query is longer than 200 characters"},
		{"guide limit too large", []*a2a.Part{data(map[string]any{"skill": "search-guides", "query": "install", "limit": 21})}, "limit must be a whole number from 1 to 20"},
		{"category with icon-details", []*a2a.Part{data(map[string]any{"id": "zigzag", "category": "design"})}, `"category" applies to find-icons only`},
		{"query too long", []*a2a.Part{text(long)}, "the query is longer than 200 characters"},
		{"find-icons without a query", []*a2a.Part{data(map[string]any{"skill": "find-icons", "id": "zigzag"})}, "the query is empty"},
		{"search-guides without a query", []*a2a.Part{data(map[string]any{"skill": "search-guides", "id": "x"})}, "the question is empty"},
	}
	for _, d := range s.clients(t) {
		for _, tc := range tests {
			t.Run(d.name+"/"+tc.name, func(t *testing.T) {
				_, err := d.client.SendMessage(context.Background(), &a2a.SendMessageRequest{
					Message: a2a.NewMessage(a2a.MessageRoleUser, tc.parts...)})
				if !errors.Is(err, a2a.ErrInvalidParams) || !strings.Contains(err.Error(), tc.message) {
					t.Errorf("error %v; want invalid params containing %q", err, tc.message)
				}
			})
		}
	}
}

func TestNoStreamingNoTasks(t *testing.T) {
	s := newAgent(t)
	ctx := context.Background()
	req := &a2a.SendMessageRequest{Message: a2a.NewMessage(a2a.MessageRoleUser, text("back"))}
	for _, d := range s.clients(t) {
		// A client that read the card does not stream: it sends the message instead.
		for ev, err := range d.client.SendStreamingMessage(ctx, req) {
			if _, ok := ev.(*a2a.Message); !ok || err != nil {
				t.Errorf("%s: streaming per the card gave %T, %v; want the message", d.name, ev, err)
			}
		}
		if _, err := d.client.GetTask(ctx, &a2a.GetTaskRequest{ID: "t1"}); !errors.Is(err, a2a.ErrTaskNotFound) {
			t.Errorf("%s: GetTask gave %v; want task not found", d.name, err)
		}
		if _, err := d.client.CancelTask(ctx, &a2a.CancelTaskRequest{ID: "t1"}); !errors.Is(err, a2a.ErrTaskNotFound) {
			t.Errorf("%s: CancelTask gave %v; want task not found", d.name, err)
		}
		if _, err := d.client.GetTaskPushConfig(ctx, &a2a.GetTaskPushConfigRequest{TaskID: "t1", ID: "c"}); !errors.Is(err, a2a.ErrPushNotificationNotSupported) {
			t.Errorf("%s: GetTaskPushConfig gave %v; want push notifications not supported", d.name, err)
		}
		_, err := d.client.SendMessage(ctx, &a2a.SendMessageRequest{Message: a2a.NewMessage(a2a.MessageRoleUser,
			a2a.NewFileURLPart("https://example.com/x.png", "image/png"))})
		if !errors.Is(err, a2a.ErrUnsupportedContentType) {
			t.Errorf("%s: a file part gave %v; want unsupported content type", d.name, err)
		}
		for _, err := range d.client.SubscribeToTask(ctx, &a2a.SubscribeToTaskRequest{ID: "t1"}) {
			if !errors.Is(err, a2a.ErrUnsupportedOperation) {
				t.Errorf("%s: SubscribeToTask gave %v; want unsupported operation", d.name, err)
			}
			break
		}
	}
	// A client that ignores the card is refused.
	for _, tc := range []struct {
		version a2a.ProtocolVersion
		opts    []a2aclient.FactoryOption
	}{
		{a2a.Version, nil},
		{a2av0.Version, []a2aclient.FactoryOption{a2av0.WithJSONRPCTransport(a2av0.JSONRPCTransportConfig{})}},
	} {
		endpoint := &a2a.AgentInterface{URL: s.URL + "/a2a", ProtocolBinding: a2a.TransportProtocolJSONRPC, ProtocolVersion: tc.version}
		client, err := a2aclient.NewFromEndpoints(ctx, []*a2a.AgentInterface{endpoint}, tc.opts...)
		if err != nil {
			t.Fatal(err)
		}
		for _, err := range client.SendStreamingMessage(ctx, req) {
			if !errors.Is(err, a2a.ErrUnsupportedOperation) {
				t.Errorf("%s: streaming gave %v; want unsupported operation", tc.version, err)
			}
			break
		}
	}
}

// TestMethodsOtherThanPOSTAre405 (issue 51): the agent takes POST only; any other method is refused as
// every endpoint refuses a method it does not take, 405 with Allow: POST, with a JSON-RPC error body
// (none for HEAD).
func TestMethodsOtherThanPOSTAre405(t *testing.T) {
	s := newAgent(t)
	for _, method := range []string{http.MethodGet, http.MethodHead, http.MethodPut, http.MethodDelete, http.MethodPatch, http.MethodTrace} {
		req, _ := http.NewRequest(method, s.URL+contract.A2APath, strings.NewReader(v1Call))
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var body struct {
			Error struct{ Code int } `json:"error"`
		}
		decodeErr := json.NewDecoder(res.Body).Decode(&body)
		res.Body.Close()
		if res.StatusCode != http.StatusMethodNotAllowed || res.Header.Get("Allow") != "POST" {
			t.Errorf("%s: %d Allow %q; want 405, Allow: POST", method, res.StatusCode, res.Header.Get("Allow"))
		}
		if method != http.MethodHead && (decodeErr != nil || body.Error.Code != invalidRequest) {
			t.Errorf("%s: body %+v (%v); want a JSON-RPC invalid request", method, body, decodeErr)
		}
	}
}

// TestNotificationsGetNoReply (issue 55): JSON-RPC 2.0 says the server must not reply to a notification (a
// request without an id); the agent answered one with "id": null. Both dialects now get 204 and no body,
// whatever the method; a request with a null id is not a notification and is answered.
func TestNotificationsGetNoReply(t *testing.T) {
	s := newAgent(t)
	noID := func(call string) string { return strings.Replace(call, `"id":7,`, "", 1) }
	for _, tc := range []struct{ version, body string }{
		{"1.0", noID(v1Call)},
		{"0.3", noID(v0Call)},
		{"1.0", noID(strings.Replace(v1Call, "SendMessage", "GetTask", 1))},
		{"1.0", noID(strings.Replace(v1Call, "SendMessage", "Summon", 1))},
	} {
		req, _ := http.NewRequest(http.MethodPost, s.URL+contract.A2APath, strings.NewReader(tc.body))
		req.Header.Set("A2A-Version", tc.version)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusNoContent || len(body) != 0 {
			t.Errorf("%s: %d %q; want 204 and no body", tc.body, res.StatusCode, body)
		}
	}
	if res := s.post(t, "1.0", strings.Replace(v1Call, `"id":7`, `"id":null`, 1)); res.Result == nil {
		t.Errorf("a request with a null id: %+v; want its result", res.Error)
	}
}
