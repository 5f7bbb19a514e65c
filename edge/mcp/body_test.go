package mcp_test

import (
	"bytes"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	iconmcp "github.com/iconlib/iconlib/edge/mcp"
	"github.com/iconlib/iconlib/internal/contract"
)

// slowBody fails the way a request body does when the server's read deadline passes mid-body: with an
// error that names both ends of the connection.
type slowBody struct{ sent bool }

func (b *slowBody) Read(p []byte) (int, error) {
	if !b.sent {
		b.sent = true
		return copy(p, `{"jsonrpc":"2.0","id":1,"method":"tools/li`), nil
	}
	return 0, &net.OpError{Op: "read", Net: "tcp",
		Source: &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080},
		Addr:   &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 51234}, Err: os.ErrDeadlineExceeded}
}

func (*slowBody) Close() error { return nil }

// TestUnreadableBodyLeaksNothing (issue 19, item 7): a body cut off by the read deadline, or too large, is
// answered with a plain JSON-RPC parse error; the socket addresses go to the log only.
func TestUnreadableBodyLeaksNothing(t *testing.T) {
	lib := newLibrary(t, nil)
	var log bytes.Buffer
	h, err := iconmcp.NewIcons(lib, iconmcp.Options{Version: "1.2.3-test", BaseURL: contract.MustParseBaseURL(base), Logger: slog.New(slog.NewTextHandler(&log, nil))})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		body   func() *http.Request
		status int
		want   string
	}{
		{"slow", func() *http.Request {
			r := httptest.NewRequest(http.MethodPost, contract.MCPIconsPath, nil)
			r.Body = &slowBody{}
			return r
		}, http.StatusBadRequest, "the request body could not be read"},
		{"too large", func() *http.Request {
			return httptest.NewRequest(http.MethodPost, contract.MCPIconsPath, strings.NewReader(strings.Repeat(" ", 2<<20)))
		}, http.StatusRequestEntityTooLarge, "the request body is larger than"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			log.Reset()
			r := tc.body()
			r.Host = "icons.example"
			r.Header.Set("Content-Type", "application/json")
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			body := w.Body.String()
			if w.Code != tc.status || !strings.Contains(body, tc.want) || !strings.Contains(body, `"code":-32700`) ||
				strings.Contains(body, "127.0.0.1") || strings.Contains(body, "tcp") {
				t.Errorf("%d %s", w.Code, body)
			}
			if tc.name == "slow" && !strings.Contains(log.String(), "127.0.0.1:51234") {
				t.Errorf("the detail is not logged: %s", log.String())
			}
		})
	}
}
