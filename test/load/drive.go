package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"sync"
	"time"
)

// driver is the load generator: conns connections, each sending its next request when the last one's
// answer has been read, so there are never more than conns requests in flight.
type driver struct {
	client         *http.Client
	conns          int
	seed           uint64
	mixSize        int
	acceptEncoding string // sent as Accept-Encoding when set; Go's transparent gzip is off
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
	r.cpu, r.cpuErr, r.generatorCPU = after-before, cpuErr, selfAfter-selfBefore
	if r.cpuErr == nil {
		r.cpuErr = err
	}
	if err := e.checkRunning(); err != nil {
		return r, err
	}
	return r, ctx.Err()
}

// run drives sc against base for duration and collects every latency.
func (d *driver) run(ctx context.Context, sc scenario, base string, duration time.Duration) result {
	ctx, cancel := context.WithTimeout(ctx, duration)
	defer cancel()
	conns := make([]connResult, d.conns)
	var wg sync.WaitGroup
	start := time.Now()
	for i := range conns {
		wg.Go(func() {
			conns[i] = d.conn(ctx, sc, base, newWorker(d.seed, i, d.mixSize))
		})
	}
	wg.Wait()
	r := result{scenario: sc.name, elapsed: time.Since(start)}
	parts := make([][]time.Duration, len(conns))
	for i, c := range conns {
		parts[i] = c.latencies
		r.requests += len(c.latencies)
		r.errors += c.errors
		if r.firstErr == "" {
			r.firstErr = c.firstErr
		}
	}
	r.latencies = mergeSorted(parts)
	return r
}

// connResult is what one connection saw.
type connResult struct {
	latencies []time.Duration
	errors    int
	firstErr  string
}

// conn sends requests one after another until ctx ends. A request cut off by the end is not counted.
func (d *driver) conn(ctx context.Context, sc scenario, base string, w *worker) connResult {
	var c connResult
	c.latencies = make([]time.Duration, 0, 1<<14)
	var body bytes.Buffer
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
