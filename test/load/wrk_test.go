package main

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/iconlib/iconlib/internal/catalog"
	"github.com/iconlib/iconlib/internal/testtool"
)

// wrkOutput is what wrk 4.1 printed for a run with --latency and answers it counted as errors.
const wrkOutput = `Running 8s test @ http://127.0.0.1:18090
  1 threads and 16 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     2.44ms    2.31ms  25.78ms   87.15%
    Req/Sec     7.37k   450.12     8.01k    70.00%
  Latency Distribution
     50%  812.00us
     75%    2.61ms
     90%    4.87ms
     99%   10.77ms
  44048 requests in 6.01s, 241.29MB read
  Socket errors: connect 0, read 2, write 0, timeout 1
  Non-2xx or 3xx responses: 12
Requests/sec:   7326.05
Transfer/sec:     40.15MB
`

// TestParseWrk: the request count and time, the 50th and 99th percentiles in wrk's units, and its
// errors (socket errors and answers other than 2xx and 3xx) come out of wrk's report; a report without
// them is an error, not zeros.
func TestParseWrk(t *testing.T) {
	r, err := parseWrk(wrkOutput)
	if err != nil {
		t.Fatal(err)
	}
	if r.requests != 44048 || r.elapsed != 6010*time.Millisecond || r.p50 != 812*time.Microsecond ||
		r.p99 != 10770*time.Microsecond || r.errors != 15 || r.firstErr == "" {
		t.Errorf("parsed %+v", r)
	}
	for _, cut := range []string{"requests in", "50%", "99%"} {
		var kept []string
		for line := range strings.Lines(wrkOutput) {
			if !strings.Contains(line, cut) {
				kept = append(kept, line)
			}
		}
		if _, err := parseWrk(strings.Join(kept, "")); err == nil {
			t.Errorf("a report without %q parsed", cut)
		}
	}
	if _, err := parseWrk(strings.Replace(wrkOutput, "10.77ms", "10.77parsecs", 1)); err == nil {
		t.Error("a latency in no known unit parsed")
	}
}

// TestWrkSendsTheScenarioPaths: run against a server, the wrk driver sends the scenario's paths in the
// order it made them, with the Accept-Encoding asked for, counts what the server answered, and counts
// answers other than 2xx as errors.
func TestWrkSendsTheScenarioPaths(t *testing.T) {
	bin := wrkPath(t)
	var mu sync.Mutex
	var got []string
	codings := map[string]int{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		got = append(got, r.URL.RequestURI())
		codings[r.Header.Get("Accept-Encoding")]++
		mu.Unlock()
		if r.URL.Query().Get("q") == "7" {
			w.WriteHeader(http.StatusTeapot)
		}
	}))
	defer srv.Close()
	n := 0
	sc := scenario{name: "numbers", request: func(_ *worker, base string) (*http.Request, error) {
		n++
		return http.NewRequest(http.MethodGet, base+"/q?q="+strconv.Itoa(n), nil)
	}}
	w := &wrkDriver{bin: bin, conns: 1, seed: 1, mix: 10, acceptEncoding: "gzip", dir: t.TempDir()}
	paths, err := w.writePaths(sc, "measured", time.Second)
	if err != nil {
		t.Fatal(err)
	}
	r, err := w.run(context.Background(), srv.URL, paths, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(got) < 20 || r.requests < 20 || r.requests > len(got) {
		t.Fatalf("the server answered %d requests, wrk counted %d", len(got), r.requests)
	}
	// wrk tries the script's first request out before it sends any, so the first sent is the second made
	for i, p := range got[:20] {
		if want := fmt.Sprintf("/q?q=%d", i+2); p != want {
			t.Fatalf("request %d was for %s, want %s", i, p, want)
		}
	}
	if codings["gzip"] != len(got) {
		t.Errorf("Accept-Encoding of the requests: %v, want gzip on every one", codings)
	}
	teapots := 0 // one for each time wrk went through the paths and reached q=7
	for _, p := range got {
		if p == "/q?q=7" {
			teapots++
		}
	}
	if r.errors < 1 || r.errors > teapots || r.p50 <= 0 || r.p99 < r.p50 || r.generatorCPU <= 0 {
		t.Errorf("%d errors (want the %d teapots), p50 %s, p99 %s, wrk's CPU %s", r.errors, teapots, r.p50, r.p99, r.generatorCPU)
	}
}

// wrkPath is Debian's wrk, which make test-deps installs; without it the test is skipped, unless
// ICONLIB_REQUIRE_WRK is set (as in CI).
func wrkPath(t *testing.T) string {
	return testtool.Tool{Name: "wrk", Require: "ICONLIB_REQUIRE_WRK", Install: "install Debian's wrk (make test-deps)"}.Find(t)
}

// TestScenariosSayWhichPost: the scenarios the wrk driver leaves to the Go driver are those that send
// POSTs, and every other one sends GETs without a body, which wrk's script sends.
func TestScenariosSayWhichPost(t *testing.T) {
	wl := newWorkload(&catalog.Catalog{Icons: fixtureIcons(t)}, newQueryGen(fixtureIcons(t), nil, mixKinds, 1), 50, 1)
	for _, sc := range wl.scenarios() {
		req, err := sc.request(newWorker(1, 0, 50), "http://localhost")
		if err != nil {
			t.Fatalf("%s: %v", sc.name, err)
		}
		if post := req.Method == http.MethodPost && req.Body != nil; post != sc.posts {
			t.Errorf("%s sends %s (a body: %t) but says posts=%t", sc.name, req.Method, req.Body != nil, sc.posts)
		} else if !post && (req.Method != http.MethodGet || req.Body != nil) {
			t.Errorf("%s sends %s, neither a GET wrk can send nor a POST", sc.name, req.Method)
		}
	}
}

// TestWrkWarmUpAndMeasuredRunSendDistinctPaths: a fresh-query scenario never sends a query twice, so
// the measured run does not start again from the queries the warm-up sent.
func TestWrkWarmUpAndMeasuredRunSendDistinctPaths(t *testing.T) {
	bin := wrkPath(t)
	var mu sync.Mutex
	seen := map[string]int{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(time.Millisecond) // well under the 12,000 paths a second each part gets
		mu.Lock()
		seen[r.URL.RequestURI()]++
		mu.Unlock()
	}))
	defer srv.Close()
	n := 0
	sc := scenario{name: "fresh", fresh: true, request: func(_ *worker, base string) (*http.Request, error) {
		n++
		return http.NewRequest(http.MethodGet, base+"/q?q="+strconv.Itoa(n), nil)
	}}
	standIn := exec.Command("sleep", "30") // a process whose CPU time the driver reads, for the edge's
	if err := standIn.Start(); err != nil {
		t.Fatal(err)
	}
	defer standIn.Process.Kill()
	e := &edgeProcess{name: "edge", url: srv.URL, cmd: standIn, done: make(chan struct{})}
	w := &wrkDriver{bin: bin, conns: 1, seed: 1, mix: 10, dir: t.TempDir()}
	r, err := w.measure(context.Background(), sc, e, time.Second, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if r.requests == 0 || len(seen) <= r.requests {
		t.Fatalf("%d paths seen, %d requests measured: want the warm-up's too", len(seen), r.requests)
	}
	for p, k := range seen {
		if k > 1 {
			t.Errorf("%s sent %d times", p, k)
		}
	}
}
