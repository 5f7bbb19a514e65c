package a2a_test

import (
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	iconagent "github.com/iconlib/iconlib/edge/a2a"
	"github.com/iconlib/iconlib/edge/internal/answers"
	"github.com/iconlib/iconlib/internal/contract"
)

// TestMessagesAskedAgainAreReplayed (issue 57): a message sent again is answered from the answer cache
// with the reply the SDK wrote the first time, with the call's own JSON-RPC id and context id and a new
// message id: the reply the SDK writes for that message afresh. Each dialect keeps its own.
func TestMessagesAskedAgainAreReplayed(t *testing.T) {
	icons, guides := built().rankers(t)
	lib := built().library(t, icons, guides)
	opts := iconagent.Options{Version: "1.2.3", BaseURL: contract.MustParseBaseURL("https://icons.example"), Logger: slog.New(slog.DiscardHandler)}
	fresh, err := iconagent.New(lib, opts)
	if err != nil {
		t.Fatal(err)
	}
	opts.Answers = answers.New(1 << 20)
	cached, err := iconagent.New(lib, opts)
	if err != nil {
		t.Fatal(err)
	}
	post := func(h http.Handler, version, body string) string {
		r := httptest.NewRequest(http.MethodPost, contract.A2APath, strings.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		r.Header.Set("A2A-Version", version)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != http.StatusOK || w.Header().Get("Content-Type") != "application/json" {
			t.Fatalf("%s: %d %v %s", body, w.Code, w.Header(), w.Body)
		}
		return w.Body.String()
	}
	v1 := func(id, context, parts string) string {
		return `{"jsonrpc":"2.0","id":` + id + `,"method":"SendMessage","params":{"message":{"messageId":"m",` + context +
			`"role":"ROLE_USER","parts":` + parts + `}}}`
	}
	v0 := func(id, context, parts string) string {
		return `{"jsonrpc":"2.0","id":` + id + `,"method":"message/send","params":{"configuration":{"blocking":true},` +
			`"message":{"kind":"message","messageId":"m",` + context + `"role":"user","parts":` + parts + `}}}`
	}
	messageID := regexp.MustCompile(`"messageId":"[^"]+"`)
	for _, tc := range []struct {
		name, version string
		body          func(id, context, parts string) string
		parts         string
	}{
		{"A2A 1.0", "1.0", v1, `[{"text":"an icon for going back"},{"data":{"limit":3}}]`},
		{"A2A 0.3", "0.3", v0, `[{"kind":"text","text":"an icon for going back"}]`},
		{"a search of the guides", "1.0", v1, `[{"text":"How do I get a higher rate limit?"}]`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			seen := map[string]bool{}
			for _, id := range []string{`1`, `"two"`, `1.5`} {
				for _, context := range []string{`"contextId":"c-1",`, ``} {
					got := post(cached, tc.version, tc.body(id, context, tc.parts))
					want := post(fresh, tc.version, tc.body(id, context, tc.parts))
					ids := messageID.FindAllString(got, -1)
					if len(ids) != 1 || seen[ids[0]] {
						t.Errorf("id %s: message ids %v, seen before: %v", id, ids, seen)
					}
					seen[ids[0]] = true
					if context != "" && !strings.Contains(got, `"contextId":"c-1"`) {
						t.Errorf("id %s: the reply is not in the call's context: %s", id, got)
					}
					if !strings.HasPrefix(got, `{"jsonrpc":"2.0","id":`+id+`,"result":`) {
						t.Errorf("id %s: %.200s", id, got)
					}
					if norm(got) != norm(want) {
						t.Errorf("id %s: replied\n%s\nwant\n%s", id, got, want)
					}
				}
			}
		})
	}
}

// norm blanks a reply's message id and a context id the SDK made up, which differ from reply to reply.
func norm(reply string) string {
	reply = regexp.MustCompile(`"messageId":"[^"]+"`).ReplaceAllString(reply, `"messageId":"…"`)
	return regexp.MustCompile(`"contextId":"[0-9a-f-]{36}"`).ReplaceAllString(reply, `"contextId":"…"`)
}
