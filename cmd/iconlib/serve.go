package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"
	"time"

	"github.com/spf13/cobra"
	"golang.org/x/sync/errgroup"

	"github.com/iconlib/iconlib/edge"
	"github.com/iconlib/iconlib/edge/access"
)

func newServeCmd() *cobra.Command {
	cfg := edge.Config{}
	var addr, metricsAddr, rateLimits string
	var memoryLimitMB int
	var proxies []string
	var watch, drain time.Duration
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve a built public/ directory with the edge server",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cfg.Logger = logger()
			cfg.Version = buildVersion()
			switch rateLimits {
			case "on":
			case "off":
				cfg.Access.Limits.Off = true
			default:
				return fmt.Errorf("--rate-limits: want on or off, not %q", rateLimits)
			}
			tp, err := access.ParseTrustedProxies(proxies)
			if err != nil {
				return fmt.Errorf("--trusted-proxies: %w", err)
			}
			cfg.Access.TrustedProxies = tp
			if cfg.AnswerCacheMB < 0 {
				return fmt.Errorf("--answer-cache-mb: want 0 (off) or more, not %d", cfg.AnswerCacheMB)
			}
			if watch < 0 {
				return fmt.Errorf("--watch: want a duration such as 2s, or 0 to stop watching, not %s", watch)
			}
			if memoryLimitMB < 0 {
				return fmt.Errorf("--memory-limit-mb: want 0 (none) or more, not %d", memoryLimitMB)
			}
			if _, set := os.LookupEnv("GOMEMLIMIT"); !set && memoryLimitMB > 0 {
				// The heap may otherwise grow to twice what is live before a collection: under load
				// that doubles the edge's memory for nothing.
				debug.SetMemoryLimit(int64(memoryLimitMB) << 20)
			}
			if drain <= 0 {
				return fmt.Errorf("--shutdown-timeout: want a positive duration such as 10s, not %s", drain)
			}
			return serveEdge(cmd.Context(), cfg, addr, metricsAddr, watch, drain)
		},
	}
	f := cmd.Flags()
	f.StringVar(&addr, "addr", ":8080", "address to listen on")
	f.StringVar(&cfg.PublicDir, "public", "public", "directory the build wrote")
	f.StringVar(&cfg.BaseURL, "base-url", "", "URL clients reach this server at (default: the build's base URL)")
	f.StringVar(&cfg.Access.KeyFile, "key-file", access.DefaultKeyFile, "token signing key file, created if missing; never under --public; edges may share it")
	f.StringVar(&rateLimits, "rate-limits", "on", "on or off (off: for benchmarks)")
	f.StringSliceVar(&proxies, "trusted-proxies", nil, "CIDRs or IPs of proxies whose X-Forwarded-For names the client")
	f.IntVar(&cfg.AnswerCacheMB, "answer-cache-mb", 32, "memory for finished search answers and rankings per snapshot, in MiB (0: off)")
	f.IntVar(&memoryLimitMB, "memory-limit-mb", 128, "soft limit of the edge's memory in MiB: the garbage collector works harder near it (0: none; GOMEMLIMIT overrides it)")
	f.StringVar(&cfg.Access.LimitsStore, "limits-store", "memory", "where rate limit counters live: memory (this process) or redis://host:6379/0, shared by every edge naming it")
	f.DurationVar(&cfg.Access.LimitsStoreTimeout, "limits-store-timeout", access.DefaultLimitsStoreTimeout, "how long a call of the limits store may take before the request is counted in this process")
	f.StringVar(&metricsAddr, "metrics-addr", "", "address to serve Prometheus metrics at (/metrics), apart from --addr; empty: none")
	f.DurationVar(&watch, "watch", 2*time.Second, "how often to look for a new build in --public and load it (0: only on SIGHUP)")
	f.DurationVar(&drain, "shutdown-timeout", 10*time.Second, "on SIGINT or SIGTERM, how long requests in flight may take to finish before they are cut")
	return cmd
}

// serveEdge loads the edge over cfg.PublicDir and serves it at addr, and its metrics at metricsAddr
// (unless empty), until ctx ends. The edge loads the snapshot public/ points to again on SIGHUP, and when
// it sees public/ change (every watch; 0 never). When ctx ends, requests in flight get up to drain to finish.
func serveEdge(ctx context.Context, cfg edge.Config, addr, metricsAddr string, watch, drain time.Duration) error {
	e, err := edge.New(cfg)
	if err != nil {
		return err
	}
	defer e.Close()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	hangups := make(chan os.Signal, 1)
	signal.Notify(hangups, syscall.SIGHUP)
	defer signal.Stop(hangups)
	go reloadOn(ctx, hangups, e)
	if watch > 0 {
		go e.Watch(ctx, watch)
	}
	servers, ctx := errgroup.WithContext(ctx) // one failing to listen stops the other
	servers.Go(func() error { return serve(ctx, "edge", addr, e, drain, cfg.Logger) })
	if metricsAddr != "" {
		servers.Go(func() error { return serve(ctx, "metrics", metricsAddr, e.Metrics(), drain, cfg.Logger) })
	}
	return servers.Wait()
}

// reloadOn reloads the edge for every signal until ctx ends; a signal that comes during a reload asks for
// one more. Reload logs what it loaded or refused.
func reloadOn(ctx context.Context, signals <-chan os.Signal, e *edge.Edge) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-signals:
			e.Reload()
		}
	}
}

// serve runs an HTTP server (name says which, in the log) until ctx ends (SIGINT or SIGTERM), then
// drains requests for up to drain (--shutdown-timeout); requests still running then are cut.
func serve(ctx context.Context, name, addr string, handler http.Handler, drain time.Duration, log *slog.Logger) error {
	srv := &http.Server{
		Addr:              addr,
		Handler:           handler,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    16 << 10,
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
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
