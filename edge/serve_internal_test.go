package edge

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/iconlib/iconlib/edge/mcp"
)

// loopbackListener listens on a free loopback port and returns the listener and its address.
func loopbackListener(t *testing.T) (net.Listener, string) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	return ln, ln.Addr().String()
}

// TestServeShutsDownGracefully: when the context ends (SIGINT or SIGTERM in main), a request already in
// flight is finished, serve returns without error, and the port is released.
func TestServeShutsDownGracefully(t *testing.T) {
	ln, addr := loopbackListener(t)
	started, release := make(chan struct{}), make(chan struct{})
	slow := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		close(started)
		<-release
		io.WriteString(w, "finished")
	})
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- serve(ctx, "edge", ln, slow, nil, 10*time.Second, slog.New(slog.DiscardHandler)) }()

	body := make(chan string, 1)
	go func() {
		for i := 0; i < 100; i++ { // wait for the listener
			res, err := http.Get("http://" + addr + "/")
			if err == nil {
				b, _ := io.ReadAll(res.Body)
				res.Body.Close()
				body <- string(b)
				return
			}
			time.Sleep(20 * time.Millisecond)
		}
		body <- "never connected"
	}()
	<-started
	stop() // the signal arrives while the request is in flight
	time.Sleep(50 * time.Millisecond)
	close(release)
	if got := <-body; got != "finished" {
		t.Errorf("in-flight request got %q", got)
	}
	if err := <-done; err != nil {
		t.Errorf("serve returned %v", err)
	}
	if c, err := net.Dial("tcp", addr); err == nil {
		c.Close()
		t.Error("the port still accepts connections after shutdown")
	}
}

// TestShutdownEndsStreamsAtOnce (issue 51): a stream lasts as long as its client keeps it, so shutdown ends
// the streams first (endStreams) and serve returns cleanly well inside the drain deadline instead of
// waiting it out and exiting with an error.
func TestShutdownEndsStreamsAtOnce(t *testing.T) {
	ln, addr := loopbackListener(t)
	started, ended := make(chan struct{}), make(chan struct{})
	stream := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusOK)
		http.NewResponseController(w).Flush()
		close(started)
		<-ended // a legacy stream, held until the edge ends it
	})
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- serve(ctx, "edge", ln, stream, func() { close(ended) }, time.Minute, slog.New(slog.DiscardHandler))
	}()
	go func() {
		for i := 0; i < 100; i++ { // wait for the listener
			if res, err := http.Get("http://" + addr + "/"); err == nil {
				io.Copy(io.Discard, res.Body)
				res.Body.Close()
				return
			}
			time.Sleep(20 * time.Millisecond)
		}
	}()
	<-started
	stop()
	if err := <-done; err != nil {
		t.Errorf("serve returned %v; want a clean exit once the streams ended", err)
	}
}

// TestShutdownTimeoutCutsLongRequests (issue 19, item 8): the drain deadline is --shutdown-timeout; a
// request still running when it passes is cut and serve says so.
func TestShutdownTimeoutCutsLongRequests(t *testing.T) {
	ln, addr := loopbackListener(t)
	started, release := make(chan struct{}), make(chan struct{})
	defer close(release)
	slow := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		close(started)
		<-release // a download longer than the deadline
	})
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- serve(ctx, "edge", ln, slow, nil, time.Millisecond, slog.New(slog.DiscardHandler)) }()
	go func() {
		for i := 0; i < 100; i++ { // wait for the listener
			if res, err := http.Get("http://" + addr + "/"); err == nil {
				res.Body.Close()
				return
			}
			time.Sleep(20 * time.Millisecond)
		}
	}()
	<-started
	stop()
	err := <-done // returns while the request is still held: the deadline cut the drain short
	if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "--shutdown-timeout 1ms") {
		t.Errorf("serve returned %v", err)
	}
}

// The edge keeps its client connections below its descriptor limit, with room for the legacy streams it
// may hold and the files requests open.
func TestConnectionsStayBelowTheDescriptorLimit(t *testing.T) {
	for _, c := range []struct {
		fdLimit uint64
		want    int
	}{{1024, 576}, {65536, 65088}, {256, 64}, {0, 0}, {1 << 40, 1 << 30}} {
		if got := connectionCap(c.fdLimit); got != c.want {
			t.Errorf("connectionCap(%d) = %d, want %d", c.fdLimit, got, c.want)
		}
	}
	if got, streams := connectionCap(1024), mcp.DefaultStreamLimits.Total; got < streams+256 {
		t.Errorf("at 1,024 descriptors %d connections leave %d beside the %d legacy streams an edge may hold", got, got-streams, streams)
	}
}
