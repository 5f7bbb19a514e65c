package edge

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"golang.org/x/sync/errgroup"
)

// Serve runs iconlib serve: it loads the edge over cfg.PublicDir and serves it at cfg.Addr, and its metrics
// at cfg.MetricsAddr (unless empty), until ctx ends. The edge loads the snapshot public/ points to again on
// SIGHUP, and when it sees public/ change (every cfg.Watch; 0 never). When ctx ends, the edge drains: /readyz
// answers 503 and every request is still served for cfg.DrainDelay; then the port closes and requests in
// flight get up to cfg.ShutdownTimeout to finish. The edge sets the process's soft memory limit as each
// snapshot loads (cfg.MemoryLimit).
func Serve(ctx context.Context, cfg ServeConfig) error {
	// Listen first: a port in use or an address that cannot be listened on is refused before the
	// snapshot is loaded.
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("edge: %w", err)
	}
	defer ln.Close()
	ln, maxConns := capConnections(ln)
	var metricsLn net.Listener
	if cfg.MetricsAddr != "" {
		if metricsLn, err = net.Listen("tcp", cfg.MetricsAddr); err != nil {
			return fmt.Errorf("metrics: %w", err)
		}
		defer metricsLn.Close()
	}
	cfg.MemoryLimit.Connections = maxConns // the automatic memory limit leaves them room
	e, err := New(cfg.Config)
	if err != nil {
		return err
	}
	defer e.Close()
	ctx, cancel := e.drainAfter(ctx, cfg.DrainDelay)
	defer cancel()
	hangups := make(chan os.Signal, 1)
	signal.Notify(hangups, syscall.SIGHUP)
	defer signal.Stop(hangups)
	go reloadOn(ctx, hangups, e)
	if cfg.Watch > 0 {
		go e.Watch(ctx, cfg.Watch)
	}
	if maxConns > 0 {
		cfg.Logger.Info("client connections capped by the open file limit", "max", maxConns, "open_file_limit", openFileLimit())
	}
	servers, ctx := errgroup.WithContext(ctx) // one failing stops the other
	servers.Go(func() error { return serve(ctx, "edge", ln, e, e.EndStreams, cfg.ShutdownTimeout, cfg.Logger) })
	if metricsLn != nil {
		servers.Go(func() error {
			return serve(ctx, "metrics", metricsLn, e.Metrics(), nil, cfg.ShutdownTimeout, cfg.Logger)
		})
	}
	if cfg.Announce != nil {
		fmt.Fprintf(cfg.Announce, "open %s\n", browserURL(ln.Addr()))
	}
	return servers.Wait()
}

// browserURL is the address a person opens to reach a listener: localhost for a loopback or
// unspecified (all interfaces) address.
func browserURL(addr net.Addr) string {
	host, port, err := net.SplitHostPort(addr.String())
	if err != nil {
		return "http://" + addr.String() + "/"
	}
	if ip := net.ParseIP(host); ip == nil || ip.IsLoopback() || ip.IsUnspecified() {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, port) + "/"
}

// drainAfter returns a context that ends delay after ctx does, or when cancelled. From the moment ctx
// ends, the edge is draining: /readyz answers 503, so a balancer that checks it stops sending requests
// before the servers stop taking them.
func (e *Edge) drainAfter(ctx context.Context, delay time.Duration) (context.Context, context.CancelFunc) {
	stop, cancel := context.WithCancel(context.WithoutCancel(ctx))
	go func() {
		select {
		case <-stop.Done(): // Serve returned first: a server failed
			return
		case <-ctx.Done():
		}
		e.draining.Store(true)
		e.cfg.Logger.Info("draining: /readyz answers 503", "for", delay)
		t := time.NewTimer(delay)
		defer t.Stop()
		select {
		case <-t.C:
		case <-stop.Done():
		}
		cancel()
	}()
	return stop, cancel
}

// reloadOn reloads the edge for every signal until ctx ends; a signal that comes during a reload asks for
// one more. Reload logs what it loaded or refused.
func reloadOn(ctx context.Context, signals <-chan os.Signal, e *Edge) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-signals:
			e.Reload()
		}
	}
}

// serve runs an HTTP server on ln (name says which, in the log) until ctx ends (SIGINT or SIGTERM), then
// calls endStreams (unless nil), so long-lived streams end at once, and drains requests for up to drain
// (--shutdown-timeout); requests still running then are cut.
func serve(ctx context.Context, name string, ln net.Listener, handler http.Handler, endStreams func(), drain time.Duration, log *slog.Logger) error {
	srv := &http.Server{
		Handler:           handler,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    16 << 10,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn), // accept errors, bad TLS: in the one log
	}
	if endStreams != nil {
		srv.RegisterOnShutdown(endStreams)
	}
	log.Info("serving", "server", name, "addr", ln.Addr().String())
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down", "server", name)
	shutdownCtx, cancel := context.WithTimeout(context.Background(), drain)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("%s: requests still running after --shutdown-timeout %s were cut: %w", name, drain, err)
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
