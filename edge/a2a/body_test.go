package a2a_test

import (
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/iconlib/iconlib/internal/contract"
)

// cutBody fails the way a request body does when the server's read deadline passes mid-body: with an
// error that names both ends of the connection.
type cutBody struct{ sent bool }

func (b *cutBody) Read(p []byte) (int, error) {
	if !b.sent {
		b.sent = true
		return copy(p, `{"jsonrpc":"2.0","id":1,"method":"SendMe`), nil
	}
	return 0, &net.OpError{Op: "read", Net: "tcp",
		Source: &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080},
		Addr:   &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 51234}, Err: os.ErrDeadlineExceeded}
}

func (*cutBody) Close() error { return nil }

// TestUnreadableBodyLeaksNothing (issue 19, item 7, as for MCP): a body cut off by the read deadline is
// answered with a JSON-RPC parse error that does not quote the network error.
func TestUnreadableBodyLeaksNothing(t *testing.T) {
	s := newAgent(t)
	for _, version := range []string{"1.0", "0.3"} {
		r := httptest.NewRequest(http.MethodPost, contract.A2APath, nil)
		r.Body = &cutBody{}
		r.Header.Set("Content-Type", "application/json")
		r.Header.Set("A2A-Version", version)
		w := httptest.NewRecorder()
		s.agent.ServeHTTP(w, r)
		body := w.Body.String()
		if !strings.Contains(body, "-32700") || !strings.Contains(body, "could not be read") ||
			strings.Contains(body, "127.0.0.1") || strings.Contains(body, "tcp") {
			t.Errorf("A2A %s: %d %s", version, w.Code, body)
		}
	}
}
