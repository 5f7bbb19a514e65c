package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/spf13/cobra"

	"github.com/iconlib/iconlib/edge"
	"github.com/iconlib/iconlib/edge/access"
	"github.com/iconlib/iconlib/internal/credential"
)

func newServeCmd() *cobra.Command {
	cfg := edge.Config{}
	var addr, rateLimits string
	var proxies []string
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
			handler, err := edge.New(cfg)
			if err != nil {
				return err
			}
			return serve(cmd.Context(), addr, handler, cfg)
		},
	}
	f := cmd.Flags()
	f.StringVar(&addr, "addr", ":8080", "address to listen on")
	f.StringVar(&cfg.PublicDir, "public", "public", "directory the build wrote")
	f.StringVar(&cfg.BaseURL, "base-url", "", "URL clients reach this server at (default: the build's base URL)")
	f.StringVar(&cfg.Access.KeyFile, "key-file", credential.DefaultKeyFile, "token signing key file, created if missing; never under --public; edges may share it")
	f.StringVar(&rateLimits, "rate-limits", "on", "on or off (off: for benchmarks)")
	f.StringSliceVar(&proxies, "trusted-proxies", nil, "CIDRs or IPs of proxies whose X-Forwarded-For names the client")
	return cmd
}

// serve runs the HTTP server until ctx ends (SIGINT or SIGTERM), then drains requests for up to 10 seconds.
func serve(ctx context.Context, addr string, handler http.Handler, cfg edge.Config) error {
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
		return err
	}
	cfg.Logger.Info("serving", "addr", ln.Addr().String(), "public", cfg.PublicDir)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	cfg.Logger.Info("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return err
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
