package edge

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"time"

	"github.com/iconlib/iconlib/edge/access"
	"github.com/iconlib/iconlib/edge/internal/ratelimit"
	"github.com/iconlib/iconlib/internal/contract"
)

// Flags are iconlib serve's settings as given on the command line or in ICONLIB_* variables, before they
// are checked. [Flags.Resolve] turns them into a [ServeConfig], once.
type Flags struct {
	Addr               string        // --addr
	PublicDir          string        // --public
	BaseURL            string        // --base-url; "" means the build's
	KeyFile            string        // --key-file
	RateLimits         bool          // --rate-limits; false only for benchmarks
	TrustedProxies     []string      // --trusted-proxies
	AnswerCacheMB      int           // --answer-cache-mb
	MemoryLimit        string        // --memory-limit-mb: auto or MiB; "" means DefaultMemoryLimit
	LimitsStore        string        // --limits-store: memory or a Redis URL
	LimitsStoreTimeout time.Duration // --limits-store-timeout
	MetricsAddr        string        // --metrics-addr; "" means none
	Watch              time.Duration // --watch; 0 means only on SIGHUP
	ShutdownTimeout    time.Duration // --shutdown-timeout
	AccessLog          string        // --access-log: all, errors, sample:N or off; "" means DefaultAccessLog
	DrainDelay         time.Duration // --drain-delay
}

// ServeConfig is everything [Serve] needs, resolved: the edge's [Config] and how to run it.
type ServeConfig struct {
	Config
	Addr            string
	MetricsAddr     string        // "" serves no metrics
	Watch           time.Duration // how often to look for a new build; 0 never
	ShutdownTimeout time.Duration // positive
	DrainDelay      time.Duration // how long to go on serving, /readyz answering 503, once asked to stop; 0 none
	Announce        io.Writer     // where Serve writes "open <URL>" once it serves; nil nowhere
}

// Resolve checks every flag and returns the configuration the edge runs with, logging to log and
// reporting version. A bad flag does not hide the next: the error names each bad flag, one a line.
func (f Flags) Resolve(log *slog.Logger, version string) (ServeConfig, error) {
	var errs []error
	bad := func(flag, format string, args ...any) {
		errs = append(errs, fmt.Errorf("--%s: %s", flag, fmt.Sprintf(format, args...)))
	}
	c := ServeConfig{
		Config: Config{PublicDir: f.PublicDir, Version: version, Logger: log, AnswerCacheMB: f.AnswerCacheMB,
			Access: access.Settings{KeyFile: f.KeyFile, Limits: access.DefaultLimits(), LimitsStore: f.LimitsStore,
				LimitsStoreTimeout: f.LimitsStoreTimeout, Clock: time.Now}},
		Addr: f.Addr, MetricsAddr: f.MetricsAddr, Watch: f.Watch, ShutdownTimeout: f.ShutdownTimeout,
		DrainDelay: f.DrainDelay,
	}
	c.Access.Limits.Off = !f.RateLimits
	if f.PublicDir == "" {
		bad("public", "want the directory the build wrote")
	}
	if f.BaseURL != "" {
		var err error
		if c.BaseURL, err = contract.ParseBaseURL(f.BaseURL); err != nil {
			bad("base-url", "%v", err)
		}
	}
	if f.KeyFile == "" {
		bad("key-file", "want a file for the signing key")
	}
	var err error
	if c.Access.TrustedProxies, err = access.ParseTrustedProxies(f.TrustedProxies); err != nil {
		bad("trusted-proxies", "%v", err)
	}
	if f.AnswerCacheMB < 0 {
		bad("answer-cache-mb", "want 0 (off) or more, not %d", f.AnswerCacheMB)
	}
	if f.MemoryLimit == "" {
		f.MemoryLimit = DefaultMemoryLimit
	}
	if c.MemoryLimit, err = ParseMemoryLimit(f.MemoryLimit); err != nil {
		bad("memory-limit-mb", "%v", err)
	}
	switch f.LimitsStore {
	case "", "memory":
		c.Access.LimitsStore = "memory"
	default:
		if err := ratelimit.CheckRedisURL(f.LimitsStore); err != nil {
			bad("limits-store", "%v", err)
		}
		if f.LimitsStoreTimeout <= 0 { // only a shared store is waited for
			bad("limits-store-timeout", "want a positive duration such as 100ms, not %s", f.LimitsStoreTimeout)
		}
	}
	if f.AccessLog == "" {
		f.AccessLog = DefaultAccessLog
	}
	if c.AccessLog, err = ParseAccessLog(f.AccessLog); err != nil {
		bad("access-log", "%v", err)
	}
	if f.Watch < 0 {
		bad("watch", "want a duration such as 2s, or 0 to stop watching, not %s", f.Watch)
	}
	if f.ShutdownTimeout <= 0 {
		bad("shutdown-timeout", "want a positive duration such as 10s, not %s", f.ShutdownTimeout)
	}
	if f.DrainDelay < 0 {
		bad("drain-delay", "want a duration such as 5s, or 0 to stop at once, not %s", f.DrainDelay)
	}
	if log == nil || version == "" {
		errs = append(errs, errors.New("edge: a logger and a version are required"))
	}
	if len(errs) > 0 {
		return ServeConfig{}, errors.Join(errs...)
	}
	return c, nil
}
