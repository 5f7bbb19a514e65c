package mcp_test

import (
	"bufio"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"

	iconmcp "github.com/iconlib/iconlib/edge/mcp"
	"github.com/iconlib/iconlib/internal/contract"
)

// clientHeader tells the test's clients apart, as the edge tells addresses apart behind its proxies.
const clientHeader = "X-Test-Client"

// streamServer serves the icons server with its own stream limits, keyed by clientHeader.
func streamServer(t *testing.T, limits iconmcp.StreamLimits) (string, *iconmcp.Streams) {
	t.Helper()
	streams := iconmcp.NewStreams(limits, func(r *http.Request) string { return r.Header.Get(clientHeader) })
	h, err := iconmcp.NewIcons(newLibrary(t, nil), iconmcp.Options{Version: "1.2.3-test",
		BaseURL: contract.MustParseBaseURL(base), Logger: slog.New(slog.DiscardHandler), Streams: streams})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	t.Cleanup(streams.Close) // before srv.Close, which waits for the streams
	return srv.URL, streams
}

// openStream is a legacy stream as a client holds it: the response, its events, and the messages path
// its first event named.
type openStream struct {
	res      *http.Response
	events   *bufio.Reader
	messages string
}

// open opens a legacy stream at url as client, or returns the refusal's response.
func open(t *testing.T, url, client string) (*openStream, *http.Response) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url+contract.MCPIconsSSEPath, nil)
	req.Header.Set(clientHeader, client)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != http.StatusOK {
		return nil, res
	}
	s := &openStream{res: res, events: bufio.NewReader(res.Body)}
	t.Cleanup(func() { res.Body.Close() })
	s.messages = s.data(t, "endpoint")
	return s, res
}

// data reads the stream up to the next event of that name and returns its data; it fails t if the stream
// ends first.
func (s *openStream) data(t *testing.T, event string) string {
	t.Helper()
	found := false
	for {
		line, err := s.events.ReadString('\n')
		if err != nil {
			t.Fatalf("the stream ended before a %s event: %v", event, err)
		}
		line = strings.TrimRight(line, "\r\n")
		if line == "event: "+event {
			found = true
		}
		if d, ok := strings.CutPrefix(line, "data:"); ok && found {
			return strings.TrimSpace(d)
		}
	}
}

// ends reports whether the stream ends (its body reaches EOF or breaks) within a generous deadline.
func (s *openStream) ends() bool {
	done := make(chan struct{})
	go func() {
		_, _ = io.Copy(io.Discard, s.events)
		close(done)
	}()
	select {
	case <-done:
		return true
	case <-time.After(30 * time.Second):
		return false
	}
}

// refused checks a refusal: 429, Retry-After, and a JSON-RPC error naming why.
func refused(t *testing.T, res *http.Response, why string) {
	t.Helper()
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	code, msg := rpcError(t, string(b))
	if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" ||
		code != mcp.INVALID_REQUEST || !strings.Contains(msg, why) {
		t.Errorf("refusal: %d Retry-After %q %s; want 429, Retry-After and a message naming %q", res.StatusCode,
			res.Header.Get("Retry-After"), b, why)
	}
}

var long = iconmcp.StreamLimits{PerClient: 2, Total: 3, Idle: time.Hour, Lifetime: time.Hour}

// TestLegacyStreamsAreCappedPerClientAndInAll: a client holds at most PerClient streams and the server at
// most Total; past either a stream is refused with 429, Retry-After and a JSON-RPC error saying which, and
// a stream that ends gives its place back.
func TestLegacyStreamsAreCappedPerClientAndInAll(t *testing.T) {
	url, _ := streamServer(t, long)
	first, _ := open(t, url, "a")
	if first == nil {
		t.Fatal("the first stream was refused")
	}
	if s, res := open(t, url, "a"); s == nil {
		t.Fatalf("a's second stream: %d", res.StatusCode)
	}
	_, res := open(t, url, "a")
	refused(t, res, "the most one client may")
	if s, res := open(t, url, "b"); s == nil {
		t.Fatalf("b's first stream: %d", res.StatusCode)
	}
	_, res = open(t, url, "c")
	refused(t, res, "as many legacy streams as it takes")
	first.res.Body.Close()
	deadline := time.Now().Add(30 * time.Second)
	for {
		s, res := open(t, url, "c")
		if s != nil {
			break
		}
		res.Body.Close()
		if time.Now().After(deadline) {
			t.Fatal("a closed stream never gave its place back")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestIdleLegacyStreamEnds: a stream whose client posts nothing for the idle time ends; one whose client
// keeps posting lives on, answering every message.
func TestIdleLegacyStreamEnds(t *testing.T) {
	url, _ := streamServer(t, iconmcp.StreamLimits{PerClient: 2, Total: 2, Idle: time.Second, Lifetime: time.Hour})
	quiet, _ := open(t, url, "a")
	busy, _ := open(t, url, "a")
	for i := range 12 { // 2.4 s: over twice the idle time
		res, body := do(t, http.MethodPost, url+busy.messages, `{"jsonrpc":"2.0","id":`+strconv.Itoa(i+1)+`,"method":"ping"}`, jsonHeaders)
		if res.StatusCode != http.StatusAccepted {
			t.Fatalf("ping %d: %d %s", i, res.StatusCode, body)
		}
		if got := busy.data(t, "message"); !strings.Contains(got, `"result"`) {
			t.Fatalf("ping %d: answered %s", i, got)
		}
		time.Sleep(200 * time.Millisecond)
	}
	if !quiet.ends() {
		t.Error("a stream idle for longer than the idle time did not end")
	}
}

// TestLegacyStreamEndsAtItsLifetime: even a busy stream ends at its lifetime, so its client reconnects
// and is counted again.
func TestLegacyStreamEndsAtItsLifetime(t *testing.T) {
	url, _ := streamServer(t, iconmcp.StreamLimits{PerClient: 1, Total: 1, Idle: time.Hour, Lifetime: 300 * time.Millisecond})
	s, _ := open(t, url, "a")
	if !s.ends() {
		t.Fatal("the stream outlived its lifetime")
	}
}

// TestCloseEndsEveryLegacyStream: Close (the edge shutting down) ends every open stream at once and
// refuses new ones.
func TestCloseEndsEveryLegacyStream(t *testing.T) {
	url, streams := streamServer(t, long)
	a, _ := open(t, url, "a")
	b, _ := open(t, url, "b")
	streams.Close()
	if !a.ends() || !b.ends() {
		t.Fatal("a stream outlived Close")
	}
	_, res := open(t, url, "c")
	refused(t, res, "shutting down")
}
