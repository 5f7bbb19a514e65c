package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"time"
)

// driver is the load generator: conns connections, each sending its next request when the last one's
// answer has been read, so there are never more than conns requests in flight.
//
// Paced (interval > 0), each connection also waits for its schedule: one request an interval, the
// connections' schedules spread over it. A request the last answer held up past when it was due counts its
// latency from then, so a slow answer counts against the requests it delays too (no coordinated omission).
type driver struct {
	client         *http.Client
	conns          int
	seed           uint64
	mixSize        int
	acceptEncoding string        // sent as Accept-Encoding when set; Go's transparent gzip is off
	interval       time.Duration // paced: each connection's time between requests; 0: as fast as answered
	normalPolicy   bool          // run at the normal scheduling policy, not the batch one (asBatch)
}

// atPolicy runs f at the batch scheduling policy (asBatch), or as the process is when normal is set.
func atPolicy(normal bool, f func()) error {
	if normal {
		f()
		return nil
	}
	return asBatch(f)
}

// paced is d sending rate requests a second in all, on its connections' schedules.
func (d *driver) paced(rate float64) *driver {
	p := *d
	p.interval = time.Duration(float64(d.conns) / rate * float64(time.Second))
	return &p
}

func newDriver(conns int, seed uint64, mixSize int, acceptEncoding string) *driver {
	return &driver{
		client: &http.Client{
			Timeout: 30 * time.Second,
			Transport: &http.Transport{
				Proxy:               nil, // loopback, whatever the environment says
				MaxIdleConns:        2 * conns,
				MaxIdleConnsPerHost: 2 * conns, // keep every connection alive between requests
				MaxConnsPerHost:     conns,
				IdleConnTimeout:     time.Minute,
				DisableCompression:  true, // ask for no encoding unless -accept-encoding says so, like wrk
			},
		},
		conns: conns, seed: seed, mixSize: mixSize, acceptEncoding: acceptEncoding,
	}
}

// measure runs sc against e for warmup (not measured) and then for duration, and returns what the
// measured part did. The edge's CPU time is read from /proc just before and after that part.
func (d *driver) measure(ctx context.Context, sc scenario, e *edgeProcess, warmup, duration time.Duration) (result, error) {
	if warmup > 0 {
		if r := d.run(ctx, sc, e.url, warmup); r.requests > 0 && r.errors == r.requests {
			return r, fmt.Errorf("%s: every warm-up request failed: %s", sc.name, r.firstErr)
		}
	}
	if err := e.checkRunning(); err != nil {
		return result{}, err
	}
	before, cpuErr := cpuTime(e.Pid())
	selfBefore, _ := cpuTime(os.Getpid())
	r := d.run(ctx, sc, e.url, duration)
	selfAfter, _ := cpuTime(os.Getpid())
	after, err := cpuTime(e.Pid())
	r.cpu, r.cpuErr, r.generatorCPU, r.generatorProcs = after-before, cpuErr, selfAfter-selfBefore, runtime.GOMAXPROCS(0)
	if r.cpuErr == nil {
		r.cpuErr = err
	}
	if err := e.checkRunning(); err != nil {
		return r, err
	}
	return r, ctx.Err()
}

// run drives sc against base for duration and collects every latency. The driver collects its garbage
// before the run, not during it: a collection of its own delays its reading of answers, and that delay
// would count as the edge's latency. It runs at the batch policy (asBatch) unless d.normalPolicy.
func (d *driver) run(ctx context.Context, sc scenario, base string, duration time.Duration) result {
	conns := make([]connResult, d.conns)
	r := result{scenario: sc.name}
	err := atPolicy(d.normalPolicy, func() {
		r.generatorGCs = withoutCollections(func() {
			ctx, cancel := context.WithTimeout(ctx, duration)
			defer cancel()
			var wg sync.WaitGroup
			start := time.Now()
			for i := range conns {
				first := start.Add(d.interval * time.Duration(i) / time.Duration(len(conns)))
				wg.Go(func() {
					conns[i] = d.conn(ctx, sc, base, newWorker(d.seed, i, d.mixSize), first)
				})
			}
			wg.Wait()
			r.elapsed = time.Since(start)
		})
	})
	parts := make([][]time.Duration, len(conns))
	for i, c := range conns {
		parts[i] = c.latencies
		r.requests += len(c.latencies)
		r.errors += c.errors
		if r.firstErr == "" {
			r.firstErr = c.firstErr
		}
	}
	if err != nil { // the run went on at the normal policy, or the harness stayed at the batch one
		r.errors++
		r.firstErr = err.Error()
	}
	r.latencies = mergeSorted(parts)
	r.p50, r.p99 = percentile(r.latencies, 50), percentile(r.latencies, 99)
	return r
}

// generatorMemoryLimit is how much memory the driver may take in a run before it collects garbage after
// all: a driver and a test server in one process allocated 5.9 KB a request together, so 11 s at 10,000
// requests a second take about 650 MB, a third of it; it is far below a CI machine's memory.
const generatorMemoryLimit = 2 << 30

// withoutCollections runs f after a collection, with the garbage collector off unless the process's
// memory reaches generatorMemoryLimit, and returns how many collections ran during f.
func withoutCollections(f func()) uint64 {
	runtime.GC()
	before := collections()
	percent := debug.SetGCPercent(-1)
	limit := debug.SetMemoryLimit(generatorMemoryLimit)
	defer func() {
		debug.SetGCPercent(percent)
		debug.SetMemoryLimit(limit)
	}()
	f()
	return collections() - before
}

// collections is how many garbage collections the process has completed.
func collections() uint64 {
	s := []metrics.Sample{{Name: "/gc/cycles/total:gc-cycles"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// connResult is what one connection saw.
type connResult struct {
	latencies []time.Duration
	errors    int
	firstErr  string
}

// conn sends requests one after another until ctx ends, paced from first on when d is. A request cut off
// by the end is not counted.
func (d *driver) conn(ctx context.Context, sc scenario, base string, w *worker, first time.Time) connResult {
	var c connResult
	c.latencies = make([]time.Duration, 0, 1<<14)
	var body bytes.Buffer
	due := first
	wait := time.NewTimer(time.Hour) // paced: until a request is due
	wait.Stop()
	fail := func(err error) {
		c.errors++
		if c.firstErr == "" {
			c.firstErr = err.Error()
		}
	}
	for ctx.Err() == nil {
		req, err := sc.request(w, base)
		if err != nil {
			fail(err)
			return c // the scenario cannot make requests; stop this connection
		}
		if d.acceptEncoding != "" {
			req.Header.Set("Accept-Encoding", d.acceptEncoding)
		}
		start := time.Now()
		if d.interval > 0 {
			if early := due.Sub(start); early > 0 {
				wait.Reset(early)
				select {
				case <-wait.C:
				case <-ctx.Done():
					return c
				}
				start = time.Now() // sent when due, give or take the timer's own lateness, which is not the edge's
			} else {
				start = due // held up by the last answer: its lateness counts too
			}
			due = due.Add(d.interval)
		}
		res, err := d.client.Do(req.WithContext(ctx))
		if err == nil {
			body.Reset()
			_, err = body.ReadFrom(res.Body)
			res.Body.Close()
		}
		took := time.Since(start)
		if ctx.Err() != nil {
			break
		}
		c.latencies = append(c.latencies, took)
		switch {
		case err != nil:
			fail(err)
		case res.StatusCode >= 400:
			fail(fmt.Errorf("%s %s: %s: %.200s", req.Method, req.URL.RequestURI(), res.Status, body.Bytes()))
		case sc.check != nil:
			if err := sc.check(decoded(res, body.Bytes())); err != nil {
				fail(fmt.Errorf("%s %s: %w", req.Method, req.URL.RequestURI(), err))
			}
		}
	}
	return c
}

// decoded returns the body as sent before any gzip coding.
func decoded(res *http.Response, body []byte) []byte {
	if res.Header.Get("Content-Encoding") != "gzip" {
		return body
	}
	zr, err := gzip.NewReader(bytes.NewReader(body))
	if err != nil {
		return body
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		return body
	}
	return b
}
