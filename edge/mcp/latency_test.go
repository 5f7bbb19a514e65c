package mcp_test

import (
	"slices"
	"testing"
	"time"

	iconmcp "github.com/iconlib/iconlib/edge/mcp"
)

// BenchmarkSearchIconsCall measures a search_icons tool call over loopback, from an mcp-go client at
// protocol version 2025-06-18 to the stateless server and back, and reports its median and 99th percentile.
// The library is the fixture with the word-matching stand-in for the search index (newLibrary).
func BenchmarkSearchIconsCall(b *testing.B) {
	c, _ := connect(b, serve(b, newLibrary(b, nil))+iconmcp.IconsPath, versions[0])
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
