// Package edge is iconlib's server: it serves the files the build wrote into public/ and answers what cannot
// be static. It reads only public/ and never imports the build.
package edge

import (
	"errors"
	"log/slog"
	"net/http"
	"net/http/pprof"
	"sync"
	"sync/atomic"
	"time"

	"github.com/iconlib/iconlib/edge/access"
	"github.com/iconlib/iconlib/edge/internal/answers"
	"github.com/iconlib/iconlib/edge/internal/logclip"
	"github.com/iconlib/iconlib/edge/internal/metrics"
	"github.com/iconlib/iconlib/edge/library"
	"github.com/iconlib/iconlib/edge/mcp"
	"github.com/iconlib/iconlib/internal/contract"
)

// Config is what the edge needs to start, resolved: [Flags.Resolve] builds it from iconlib serve's flags
// and checks every field once; New and the packages below it take it as it is and neither default nor
// check it again. Logger and Version are required.
type Config struct {
	PublicDir string           // the build's output: a link to its live snapshot, or a directory
	Version   string           // the edge's version, shown by the MCP servers and the agent card
	BaseURL   contract.BaseURL // the URL clients reach this edge at; the zero BaseURL means the one the build used
	Access    access.Settings  // credentials and limits, handed to access.New as they are
	Logger    *slog.Logger
	// AnswerCacheMB bounds the memory each snapshot keeps finished answers and rankings in, in MiB; 0
	// turns the cache off.
	AnswerCacheMB int
	AccessLog     AccessLog // which answers get a request line; the zero AccessLog logs all
	// MemoryLimit is the process's soft memory limit, set as each snapshot loads; the zero MemoryLimit
	// leaves it alone.
	MemoryLimit MemoryLimit
}

// Edge is the edge's handler. It serves every request from one snapshot of public/ (the files, the
// library with its search indexes, and the protocol adapters over it), held behind one atomic pointer:
// Reload loads a new snapshot beside the old one and swaps the pointer, so a request that started on a
// snapshot finishes on it. What does not come from public/ (credentials, signing keys, rate-limit
// counters, configuration, the logger, the metrics) is shared by every snapshot.
type Edge struct {
	cfg     Config
	access  *access.Access
	streams *mcp.Streams     // the legacy MCP streams of every snapshot's servers
	metrics *metrics.Metrics // this edge's own registry
	pages   *sitePages       // pages the edge renders (searches, errors); from the binary, not from public/
	current atomic.Pointer[server]
	mu      sync.Mutex // one reload at a time; guards refused
	refused version    // the last snapshot that failed to load, so Watch does not retry it every tick
	// draining is set once the edge has been asked to stop: /readyz answers 503 from then on.
	draining atomic.Bool
}

var _ http.Handler = (*Edge)(nil)

// server serves one snapshot: its own files, library and protocol adapters, and the parts every snapshot
// shares. It is read-only once loaded, so it can serve any number of requests at once.
type server struct {
	cfg     Config
	version version // the snapshot's directory and manifest, as found when loading began
	files   *fileIndex
	cache   *fileCache // the files of files served so far
	lib     *library.Library
	answers *answers.Cache // finished answers and rankings of this snapshot; nil when off
	access  *access.Access
	proto   protocols
	pages   *sitePages
	logger  *slog.Logger
	metrics *metrics.Metrics
	handler http.Handler // the routes over this snapshot
	// draining is the edge's: set, every snapshot's /readyz says the edge is stopping.
	draining *atomic.Bool
}

// New loads the snapshot public/ points to and returns the edge's handler.
func New(cfg Config) (*Edge, error) {
	if cfg.Logger == nil || cfg.Version == "" {
		return nil, errors.New("edge: a logger and a version are required")
	}
	// Clients choose much of what the edge and its libraries log (paths, methods, tool names, ids): no
	// record may grow with a request's size.
	cfg.Logger = slog.New(logclip.New(cfg.Logger.Handler()))
	pages, err := loadPages()
	if err != nil {
		return nil, err
	}
	start := time.Now()
	e := &Edge{cfg: cfg, pages: pages, metrics: metrics.New()}
	s, err := e.open(readVersion(cfg.PublicDir))
	if err != nil {
		return nil, err
	}
	if err := s.lib.SearchErr(); err != nil {
		cfg.Logger.Error("search is unavailable; everything else is served", "err", err)
	}
	if e.cfg.BaseURL.IsZero() {
		e.cfg.BaseURL = s.lib.BaseURL()
	}
	e.access, err = access.New(access.Config{Settings: cfg.Access, BaseURL: e.cfg.BaseURL, PublicDir: cfg.PublicDir,
		Logger: cfg.Logger, Metrics: e.metrics})
	if err != nil {
		return nil, err
	}
	e.streams = mcp.NewStreams(mcp.DefaultStreamLimits, e.access.ClientKey)
	if err := e.assemble(s); err != nil {
		e.access.Close()
		return nil, err
	}
	e.swapIn(s, start)
	return e, nil
}

// Metrics serves the edge's metrics in the Prometheus text format at GET /metrics and Go's profiles under
// /debug/pprof/, and nothing else. It is not one of the edge's routes: serve it on an address of its own
// (iconlib serve --metrics-addr), where the public cannot reach it.
func (e *Edge) Metrics() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET "+MetricsPath, e.metrics.Handler())
	// Go's profiles, for an operator who wants to see where the time goes under real traffic.
	mux.HandleFunc("GET /debug/pprof/", pprof.Index)
	mux.HandleFunc("GET /debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("GET /debug/pprof/trace", pprof.Trace)
	return mux
}

// MetricsPath is where [Edge.Metrics] answers.
const MetricsPath = "/metrics"

// EndStreams ends every legacy MCP stream, now and from now on: a stream lasts as long as its client
// keeps it, so a server shutting down calls this not to wait for them.
func (e *Edge) EndStreams() { e.streams.Close() }

// Close ends the streams and releases what the edge holds outside the process: the connections to a
// shared limiter store. Call it after the server stops.
func (e *Edge) Close() error {
	e.EndStreams()
	return e.access.Close()
}
