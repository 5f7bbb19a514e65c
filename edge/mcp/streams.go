package mcp

import (
	"context"
	"crypto/rand"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
)

// StreamLimits bound the legacy HTTP+SSE streams one edge holds open. A stream costs the edge a
// connection, a file descriptor and goroutines for as long as it lives, while the rate limits count it
// once, when it opens: so a client may hold only a few at once, the edge only so many in all, and none
// lives for ever.
type StreamLimits struct {
	PerClient int           // streams one client (as ClientKey names it) may hold at once
	Total     int           // streams the edge holds at once, over both servers
	Idle      time.Duration // a stream whose client posts no message for this long is closed
	Lifetime  time.Duration // every stream is closed this long after it opened; the client reconnects
}

// DefaultStreamLimits let a legacy client hold its one stream (and a few more, for tabs or a reconnect
// racing the old stream's close) while a single address can take no more than a handful of the edge's
// file descriptors, and many addresses together no more than a quarter of a default 1,024.
var DefaultStreamLimits = StreamLimits{PerClient: 4, Total: 256, Idle: 5 * time.Minute, Lifetime: 30 * time.Minute}

// Streams admits, times and closes the legacy streams of the servers that share it. Its zero value is not
// usable: make one with NewStreams.
type Streams struct {
	limits    StreamLimits
	clientKey func(*http.Request) string
	closed    context.Context // done once Close is called: every stream ends
	close     context.CancelFunc

	mu       sync.Mutex
	total    int
	byClient map[string]int
	sessions map[string]*stream // by session id, while the stream lives
}

// NewStreams makes a Streams with limits, telling clients apart by clientKey (the key the rate limits
// count under, so that a client behind a trusted proxy is itself); nil keys clients by their connection's
// address.
func NewStreams(limits StreamLimits, clientKey func(*http.Request) string) *Streams {
	if clientKey == nil {
		clientKey = remoteHost
	}
	ctx, cancel := context.WithCancel(context.Background())
	return &Streams{limits: limits, clientKey: clientKey, closed: ctx, close: cancel,
		byClient: map[string]int{}, sessions: map[string]*stream{}}
}

// Close ends every stream open now or opened later, so that a server shutting down is not held up by
// streams that would otherwise last as long as their clients keep them.
func (s *Streams) Close() { s.close() }

// stream is one open legacy stream.
type stream struct {
	client  string
	session string // its session's id, once mcp-go asked for one
	cancel  context.CancelFunc
	mu      sync.Mutex
	touched time.Time // when the client last posted a message
	idle    *time.Timer
}

// streamKey is the context key under which serve hands the stream to sessionID.
type streamKey struct{}

// serve holds a legacy stream open with handler, ending it when its client goes, after the idle time or
// the lifetime, or at Close; past a limit it answers 429 with Retry-After instead.
func (s *Streams) serve(w http.ResponseWriter, r *http.Request, handler http.Handler) {
	st, refusal := s.open(s.clientKey(r))
	if refusal != "" {
		w.Header().Set("Retry-After", strconv.Itoa(int(s.retryAfter().Seconds())))
		writeError(w, http.StatusTooManyRequests, mcp.INVALID_REQUEST, refusal+
			"; retry later, or use Streamable HTTP (POST to the server's path), which needs no stream")
		return
	}
	defer s.release(st)
	ctx, cancel := context.WithTimeout(r.Context(), s.limits.Lifetime)
	defer cancel()
	stop := context.AfterFunc(s.closed, cancel)
	defer stop()
	st.cancel = cancel
	st.mu.Lock()
	st.idle = time.AfterFunc(s.limits.Idle, st.closeIfIdle(s.limits.Idle))
	st.mu.Unlock()
	defer st.idle.Stop()
	_ = http.NewResponseController(w).SetWriteDeadline(time.Time{}) // beyond the server's write timeout
	handler.ServeHTTP(w, r.WithContext(context.WithValue(ctx, streamKey{}, st)))
}

// open counts a stream for client, or says which limit refuses it.
func (s *Streams) open(client string) (*stream, string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.closed.Err() != nil:
		return nil, "the server is shutting down"
	case s.byClient[client] >= s.limits.PerClient:
		return nil, fmt.Sprintf("this client holds %d legacy streams already, the most one client may", s.limits.PerClient)
	case s.total >= s.limits.Total:
		return nil, "the server holds as many legacy streams as it takes"
	}
	s.byClient[client]++
	s.total++
	return &stream{client: client, touched: time.Now()}, ""
}

// release uncounts st and forgets its sessions.
func (s *Streams) release(st *stream) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.total--
	if s.byClient[st.client]--; s.byClient[st.client] <= 0 {
		delete(s.byClient, st.client)
	}
	delete(s.sessions, st.session)
}

// retryAfter is how long a refused client should wait: a stream of its own or someone else's may have
// ended by then.
func (s *Streams) retryAfter() time.Duration { return min(s.limits.Idle, time.Minute) }

// sessionID makes the id of a new session on the stream in ctx (mcp-go's session id generator), so that
// the client's messages can keep the stream from going idle.
func (s *Streams) sessionID(ctx context.Context, _ *http.Request) (string, error) {
	id := rand.Text()
	if st, ok := ctx.Value(streamKey{}).(*stream); ok {
		s.mu.Lock()
		s.sessions[id], st.session = st, id
		s.mu.Unlock()
	}
	return id, nil
}

// touch notes a message from the client of session id: its stream is not idle.
func (s *Streams) touch(id string) {
	s.mu.Lock()
	st := s.sessions[id]
	s.mu.Unlock()
	if st != nil {
		st.mu.Lock()
		st.touched = time.Now()
		st.mu.Unlock()
	}
}

// closeIfIdle is the idle timer's check: it ends the stream when its client has posted nothing for idle,
// and looks again when that will be so otherwise.
func (st *stream) closeIfIdle(idle time.Duration) func() {
	return func() {
		st.mu.Lock()
		left := idle - time.Since(st.touched)
		if left > 0 {
			st.idle.Reset(left)
		}
		st.mu.Unlock()
		if left <= 0 {
			st.cancel()
		}
	}
}

// remoteHost is the host of the request's connection.
func remoteHost(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}
