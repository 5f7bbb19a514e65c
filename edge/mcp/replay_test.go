package mcp_test

import (
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/iconlib/iconlib/edge/internal/answers"
	iconmcp "github.com/iconlib/iconlib/edge/mcp"
	"github.com/iconlib/iconlib/internal/contract"
)

// TestToolCallsAskedAgainAreReplayed (issue 57): a tools/call asked again is answered from the answer
// cache with the bytes mcp-go wrote the first time, its own id put in: the same bytes mcp-go writes for
// that call afresh. Error results are never kept, and calls the cache does not take (another shape, an
// id that is not plain) are answered as ever.
func TestToolCallsAskedAgainAreReplayed(t *testing.T) {
	lib := newLibrary(t, nil)
	opts := iconmcp.Options{Version: "1.2.3-test", BaseURL: contract.MustParseBaseURL(base), Logger: slog.New(slog.DiscardHandler)}
	fresh, err := iconmcp.NewIcons(lib, opts)
	if err != nil {
		t.Fatal(err)
	}
	opts.Answers = answers.New(1 << 20)
	cached, err := iconmcp.NewIcons(lib, opts)
	if err != nil {
		t.Fatal(err)
	}
	post := func(h http.Handler, version, body string) string {
		r := httptest.NewRequest(http.MethodPost, contract.MCPIconsPath, strings.NewReader(body))
		r.Host = "icons.example"
		r.Header.Set("Content-Type", "application/json")
		r.Header.Set("Accept", "application/json, text/event-stream")
		r.Header.Set("Mcp-Protocol-Version", version)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != http.StatusOK {
			t.Fatalf("%s: %d %s", body, w.Code, w.Body)
		}
		return w.Body.String()
	}
	search := func(id, args string) string {
		return `{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":{"name":"search_icons","arguments":` + args + `}}`
	}
	for _, tc := range []struct {
		name, args string
		ids        []string
		version    string
	}{
		{"search", `{"query":"go back","limit":3}`, []string{`1`, `"two"`, `3`}, "2025-06-18"},
		{"the same search, another protocol version", `{"query":"go back","limit":3}`, []string{`4`, `5`}, "2025-03-26"},
		{"an error result", `{"query":"go back","limit":500}`, []string{`6`, `7`}, "2025-06-18"},
		{"ids that are not plain", `{"query":"go back","limit":3}`, []string{`1.5`, `"\u0041"`, `"<a>"`}, "2025-06-18"},
		{"another shape", `{"query":"circle"},"_meta":{"progressToken":1}`, []string{`8`, `9`}, "2025-06-18"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, id := range tc.ids {
				got, want := post(cached, tc.version, search(id, tc.args)), post(fresh, tc.version, search(id, tc.args))
				if got != want {
					t.Errorf("id %s: answered\n%s\nwant\n%s", id, got, want)
				}
				if !strings.Contains(got, `"result":`) {
					t.Errorf("id %s: %s", id, got)
				}
			}
		})
	}
}
