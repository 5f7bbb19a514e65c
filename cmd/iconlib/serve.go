package main

import (
	"time"

	"github.com/spf13/cobra"

	"github.com/iconlib/iconlib/edge"
	"github.com/iconlib/iconlib/edge/access"
)

func newServeCmd() *cobra.Command {
	var flags edge.Flags
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve a built public/ directory with the edge server",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cfg, err := flags.Resolve(logger(), buildVersion())
			if err != nil {
				return err
			}
			cfg.Announce = cmd.OutOrStdout()
			return edge.Serve(cmd.Context(), cfg)
		},
	}
	f := cmd.Flags()
	f.StringVar(&flags.Addr, "addr", "127.0.0.1:8080", "address to listen on (:8080 for every interface of the machine)")
	f.StringVar(&flags.PublicDir, "public", "public", "directory the build wrote")
	f.StringVar(&flags.BaseURL, "base-url", "", "URL clients reach this server at (default: the build's base URL)")
	f.StringVar(&flags.KeyFile, "key-file", access.DefaultKeyFile, "token signing key file, created if missing; never under --public; edges may share it")
	boolVar(f, &flags.RateLimits, "rate-limits", true, "count requests against the rate limits (false, or off: for benchmarks)")
	f.StringSliceVar(&flags.TrustedProxies, "trusted-proxies", nil, "CIDRs or IPs of proxies whose X-Forwarded-For names the client")
	f.IntVar(&flags.AnswerCacheMB, "answer-cache-mb", 16, "memory for finished search answers and rankings per snapshot, in MiB (0: off)")
	f.StringVar(&flags.MemoryLimit, "memory-limit-mb", edge.DefaultMemoryLimit, "soft limit of the edge's memory in MiB, near which the garbage collector works harder: auto (twice the live heap of each snapshot loaded, plus the answer cache and 128 KiB a client connection), a number, or 0 for none; GOMEMLIMIT overrides it")
	f.StringVar(&flags.LimitsStore, "limits-store", "memory", "where rate limit counters live: memory (this process) or redis://host:6379/0, shared by every edge naming it")
	f.DurationVar(&flags.LimitsStoreTimeout, "limits-store-timeout", access.DefaultLimitsStoreTimeout, "how long a call of the limits store may take before the request is counted in this process")
	f.StringVar(&flags.MetricsAddr, "metrics-addr", "", "address to serve Prometheus metrics at (/metrics), apart from --addr; empty: none")
	f.DurationVar(&flags.Watch, "watch", 2*time.Second, "how often to look for a new build in --public and load it (0: only on SIGHUP)")
	f.DurationVar(&flags.ShutdownTimeout, "shutdown-timeout", 10*time.Second, "on SIGINT or SIGTERM, how long requests in flight may take to finish before they are cut")
	f.StringVar(&flags.AccessLog, "access-log", edge.DefaultAccessLog, "which answers get a request line: all, errors (400 and up), sample:N (400 and up, and one in N of the rest) or off (errors of 500 and up only)")
	f.DurationVar(&flags.DrainDelay, "drain-delay", 0, "on SIGINT or SIGTERM, how long to go on serving with /readyz answering 503, so a load balancer stops sending first")
	return cmd
}
