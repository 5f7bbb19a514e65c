package edge_test

import (
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/iconlib/iconlib/edge"
	"github.com/iconlib/iconlib/edge/access"
)

func goodFlags() edge.Flags {
	return edge.Flags{Addr: ":8080", PublicDir: "public", KeyFile: "key.pem", RateLimits: true, LimitsStore: "memory",
		LimitsStoreTimeout: 100 * time.Millisecond, AnswerCacheMB: 32, MemoryLimit: "128", Watch: 2 * time.Second,
		ShutdownTimeout: 10 * time.Second, DrainDelay: 5 * time.Second}
}

// TestResolveNamesEveryBadFlag: iconlib serve's flags are checked in one place, and one error names every
// bad one, so an operator fixes them in one go.
func TestResolveNamesEveryBadFlag(t *testing.T) {
	f := goodFlags()
	f.BaseURL, f.LimitsStore, f.TrustedProxies = "ftp://icons.example", "memcached://u:secret@host:11211", []string{"10.0.0.0/33"}
	f.AnswerCacheMB, f.ShutdownTimeout, f.AccessLog, f.DrainDelay, f.MemoryLimit = -1, 0, "sample:x", -time.Second, "lots"
	_, err := f.Resolve(slog.New(slog.DiscardHandler), "test")
	if err == nil {
		t.Fatal("accepted bad flags")
	}
	for _, flag := range []string{"--base-url: ", "--limits-store: ", "--trusted-proxies: ", "--answer-cache-mb: ", "--shutdown-timeout: ",
		"--access-log: ", "--drain-delay: ", "--memory-limit-mb: "} {
		if !strings.Contains(err.Error(), flag) {
			t.Errorf("the error does not name %s:\n%v", flag, err)
		}
	}
	if strings.Contains(err.Error(), "secret") {
		t.Errorf("the error shows the store's password:\n%v", err)
	}
}

// TestResolveGivesWhatTheEdgeRunsWith: a good set of flags becomes the configuration itself, the contract's
// limits and the real clock included; nothing below resolves it again.
func TestResolveGivesWhatTheEdgeRunsWith(t *testing.T) {
	f := goodFlags()
	f.BaseURL, f.TrustedProxies, f.RateLimits = "https://icons.example/", []string{"10.0.0.0/8"}, false
	c, err := f.Resolve(slog.New(slog.DiscardHandler), "v1")
	if err != nil {
		t.Fatal(err)
	}
	if c.BaseURL.String() != "https://icons.example" || c.Version != "v1" || c.Access.Clock == nil ||
		c.Access.Limits != access.Unlimited() || c.Access.LimitsStore != "memory" || len(c.Access.TrustedProxies) != 1 ||
		c.AccessLog.String() != edge.DefaultAccessLog || c.DrainDelay != 5*time.Second || c.MemoryLimit != (edge.MemoryLimit{MB: 128}) {
		t.Errorf("resolved %+v", c)
	}
	f.MemoryLimit = ""
	if c, err = f.Resolve(slog.New(slog.DiscardHandler), "v1"); err != nil || !c.MemoryLimit.Auto {
		t.Errorf("without --memory-limit-mb: %+v, %v; want auto", c.MemoryLimit, err)
	}
	f.BaseURL = ""
	if c, err = f.Resolve(slog.New(slog.DiscardHandler), "v1"); err != nil || !c.BaseURL.IsZero() {
		t.Errorf("without --base-url: %v, %v; want the zero BaseURL (the build's)", c.BaseURL, err)
	}
}
