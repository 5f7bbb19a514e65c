package edge_test

import (
	"io"
	"log/slog"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strconv"
	"testing"
	"time"

	"github.com/iconlib/iconlib/edge"
	"github.com/iconlib/iconlib/edge/access"
)

// TestAnAutomaticMemoryLimitFollowsTheSnapshot: with --memory-limit-mb auto (the default) the edge sets
// the process's soft memory limit as a snapshot loads, to twice its live heap plus the answer cache's
// budget plus 128 KiB for each client connection it may hold (up to 1,024), and its metrics report that
// limit; a fixed limit is set as given. (The limit is the process's:
// this test restores it and runs alone.)
func TestAnAutomaticMemoryLimitFollowsTheSnapshot(t *testing.T) {
	t.Setenv("GOMEMLIMIT", "") // a GOMEMLIMIT would override the edge's own choice
	prev := debug.SetMemoryLimit(-1)
	t.Cleanup(func() { debug.SetMemoryLimit(prev) })
	out := filepath.Join(t.TempDir(), "public")
	publish(t, fixtureWith(t, "Go back."), out)
	start := func(limit edge.MemoryLimit) *edge.Edge {
		debug.SetMemoryLimit(prev)
		e, err := edge.New(edge.Config{Logger: slog.New(slog.DiscardHandler), PublicDir: out, Version: "test",
			AnswerCacheMB: 64, MemoryLimit: limit, Access: access.Settings{KeyFile: filepath.Join(t.TempDir(), "key.pem"),
				Clock: time.Now, Limits: access.DefaultLimits()}})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { e.Close() })
		return e
	}
	e := start(edge.MemoryLimit{Auto: true})
	limit := debug.SetMemoryLimit(-1)
	if limit < 64<<20+2<<20 || limit > 64<<20+2*(256<<20) {
		t.Errorf("auto limit %d bytes: want the 64 MiB cache plus twice a live heap of a few MiB", limit)
	}
	metrics := httptest.NewServer(e.Metrics())
	defer metrics.Close()
	res, err := metrics.Client().Get(metrics.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	m := regexp.MustCompile(`(?m)^go_gc_gomemlimit_bytes (\S+)$`).FindSubmatch(body)
	if m == nil {
		t.Fatal("the metrics do not report the memory limit (go_gc_gomemlimit_bytes)")
	}
	if got, _ := strconv.ParseFloat(string(m[1]), 64); int64(got) != limit {
		t.Errorf("metrics report a limit of %s bytes, the process has %d", m[1], limit)
	}
	// Room for each client connection an edge serving its own listener may hold, up to 1,024 of them.
	for _, c := range []struct{ conns, counted int64 }{{576, 576}, {1 << 20, 1024}} {
		start(edge.MemoryLimit{Auto: true, Connections: int(c.conns)})
		room := debug.SetMemoryLimit(-1) - limit
		if want := c.counted * 128 << 10; room < want-8<<20 || room > want+8<<20 {
			t.Errorf("auto limit for %d connections: %d bytes above the limit for none, want about %d", c.conns, room, want)
		}
	}
	start(edge.MemoryLimit{MB: 300})
	if got := debug.SetMemoryLimit(-1); got != 300<<20 {
		t.Errorf("--memory-limit-mb 300 set %d bytes", got)
	}
}

// TestParseMemoryLimit: auto, a number of MiB or 0; anything else is refused with what is allowed.
func TestParseMemoryLimit(t *testing.T) {
	for in, want := range map[string]edge.MemoryLimit{"auto": {Auto: true}, "0": {}, "256": {MB: 256}} {
		if got, err := edge.ParseMemoryLimit(in); err != nil || got != want || got.String() != in {
			t.Errorf("%q: %+v, %v", in, got, err)
		}
	}
	for _, in := range []string{"", "-1", "1.5", "AUTO", "1e3", "99999999999"} {
		if _, err := edge.ParseMemoryLimit(in); err == nil {
			t.Errorf("%q accepted", in)
		}
	}
}
