package e2e

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// floodAttempts is how many legacy streams each flooding address tries to open: 200 in make test (ten
// addresses' 2,000 connections: without a cap on connections the edge ran out of its 1,024 descriptors),
// ICONLIB_FLOOD_STREAMS (500 in make bench-abuse) for the full attack.
func floodAttempts() int {
	if n, err := strconv.Atoi(os.Getenv("ICONLIB_FLOOD_STREAMS")); err == nil && n > 0 {
		return n
	}
	return 200
}

// TestStreamFloodLeavesTheEdgeServing (issue 51): ten addresses each trying to open many legacy MCP streams
// from an edge limited to 1,024 file descriptors hold at most 4 streams each, and an eleventh address's
// health checks and searches are all answered meanwhile (their p99 is logged: make bench-abuse runs the
// full flood), and the edge never runs out of descriptors (it caps its connections below the limit); the
// edge then stops cleanly on SIGTERM with the streams open.
func TestStreamFloodLeavesTheEdgeServing(t *testing.T) {
	lib := fullLibrary(t)
	edge := launchEdge(t, []string{"sh", "-c", `ulimit -n 1024 && exec "$0" "$@"`}, iconlibBinary(t),
		"--public", lib.Public, "--key-file", filepath.Join(t.TempDir(), "key.pem"), "--watch", "0")
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	attempts := floodAttempts()
	held := make([]atomic.Int32, 10)
	var wg sync.WaitGroup
	for i := range held {
		c := clientFrom(fmt.Sprintf("127.0.0.%d", i+2))
		for range attempts {
			wg.Go(func() {
				if holdStream(ctx, c, edge.url+"/mcp/sse") {
					held[i].Add(1)
				}
			})
		}
	}
	latencies, failures := probe(t, clientFrom("127.0.0.12"), edge.url, 200)
	stop()
	wg.Wait()
	counts := make([]int32, len(held))
	for i := range held {
		if counts[i] = held[i].Load(); counts[i] > 4 || counts[i] == 0 {
			t.Errorf("address %d held %d streams; want some, and at most the cap, 4", i+2, counts[i])
		}
	}
	if len(failures) > 0 {
		t.Errorf("%d of %d requests from an eleventh address failed during the flood: %v", len(failures), len(latencies)+len(failures), failures[:min(5, len(failures))])
	}
	if log := edge.log.String(); strings.Contains(log, "too many open files") {
		t.Errorf("the edge ran out of file descriptors during the flood:\n%s", firstLinesWith(log, "too many open files", 3))
	}
	slices.Sort(latencies)
	if len(latencies) > 0 {
		t.Logf("%d addresses × %d stream attempts: held %v; the eleventh address's p50 %v, p99 %v over %d requests",
			len(held), attempts, counts, latencies[len(latencies)/2], latencies[len(latencies)*99/100], len(latencies))
	}
}

// clientFrom is an HTTP client whose connections come from the loopback address ip, so the edge sees a
// client of its own.
func clientFrom(ip string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 10 * time.Second}
	return &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{DialContext: d.DialContext, MaxIdleConnsPerHost: 4}}
}

// holdStream opens a legacy stream and holds it until ctx ends; it reports whether the edge gave one (an
// endpoint event) rather than refusing it.
func holdStream(ctx context.Context, c *http.Client, url string) bool {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	res, err := (&http.Client{Transport: c.Transport}).Do(req) // no client timeout: the stream lasts
	if err != nil {
		return false
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return false
	}
	line, err := bufio.NewReader(res.Body).ReadString('\n')
	if err != nil || !strings.HasPrefix(line, "event: endpoint") {
		return false
	}
	<-ctx.Done()
	return true
}

// probe sends n requests from c, health checks and searches in turn, and returns the latencies of those
// answered 200 and what went wrong with the others.
func probe(t *testing.T, c *http.Client, base string, n int) (latencies []time.Duration, failures []string) {
	t.Helper()
	time.Sleep(200 * time.Millisecond) // let the flood start
	for i := range n {
		path := "/healthz"
		if i%2 == 1 {
			path = "/api/v1/icons?q=arrow&limit=5"
		}
		start := time.Now()
		res, err := c.Get(base + path)
		if err != nil {
			failures = append(failures, path+": "+err.Error())
			continue
		}
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			failures = append(failures, fmt.Sprintf("%s: %d", path, res.StatusCode))
			continue
		}
		latencies = append(latencies, time.Since(start))
	}
	return latencies, failures
}

// firstLinesWith returns the first n lines of log that contain s.
func firstLinesWith(log, s string, n int) string {
	var lines []string
	for line := range strings.Lines(log) {
		if strings.Contains(line, s) && len(lines) < n {
			lines = append(lines, line)
		}
	}
	return strings.Join(lines, "")
}
