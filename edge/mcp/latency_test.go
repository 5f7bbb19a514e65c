package mcp_test

import (
	"os"
	"slices"
	"testing"
	"time"

	"github.com/iconlib/iconlib/edge/library"
	"github.com/iconlib/iconlib/internal/contract"
)

// BenchmarkSearchIconsCall measures a search_icons tool call over loopback, from an mcp-go client at
// protocol version 2025-06-18 to the stateless server and back, and reports its median and 99th percentile.
// The library is the fixture with the word-matching stand-in for the search index (newLibrary), or, with
// ICONLIB_BENCH_PUBLIC=<a built public/>, the real library and its search index.
func BenchmarkSearchIconsCall(b *testing.B) {
	lib := newLibrary(b, nil)
	if dir := os.Getenv("ICONLIB_BENCH_PUBLIC"); dir != "" {
		var err error
		if lib, err = library.Load(dir); err != nil || lib.SearchErr() != nil {
			b.Fatal(err, lib.SearchErr())
		}
	}
	c, _ := connect(b, serve(b, lib)+contract.MCPIconsPath, versions[0])
	args := map[string]any{"query": "go back to the previous screen", "limit": 10}
	var took []time.Duration
	for b.Loop() {
		start := time.Now()
		res, err := callTool(c, "search_icons", args)
		took = append(took, time.Since(start))
		if err != nil || res.IsError {
			b.Fatalf("search_icons: %v %+v", err, res)
		}
	}
	slices.Sort(took)
	b.ReportMetric(micros(took[len(took)/2]), "p50-µs")
	b.ReportMetric(micros(took[len(took)*99/100]), "p99-µs")
}

func micros(d time.Duration) float64 { return float64(d) / float64(time.Microsecond) }
