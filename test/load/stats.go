package main

import (
	"math"
	"slices"
	"time"
)

// result is what one scenario measured.
type result struct {
	scenario  string
	requests  int             // completed in the measured window, errors included
	errors    int             // transport errors, statuses other than 2xx/3xx, and protocol errors
	firstErr  string          // the first error, for the log
	elapsed   time.Duration   // from the start of the window to the last answer
	latencies []time.Duration // every request's, sorted (the Go driver's; wrk reports percentiles alone)
	p50, p99  time.Duration
	cpu       time.Duration // the edge's CPU time in the window
	cpuErr    error         // why cpu is unknown, if it is
	// generatorCPU is the load generator's own CPU time in the window: on a machine with few cores it
	// competes with the edge, and a generator near a core's worth limits the rates it can measure.
	generatorCPU   time.Duration
	generatorProcs int     // the threads it could run on at once: the Go driver's GOMAXPROCS, wrk's one
	generatorGCs   uint64  // the Go driver's garbage collections in the window (it holds them off)
	offered        float64 // paced: the requests a second sent on schedule; 0: as fast as answered
}

// perSecond is the rate of completed requests.
func (r result) perSecond() float64 {
	if r.elapsed <= 0 {
		return 0
	}
	return float64(r.requests) / r.elapsed.Seconds()
}

// perRequest is d divided among the requests, in microseconds.
func (r result) perRequest(d time.Duration) float64 {
	if r.requests == 0 {
		return 0
	}
	return float64(d) / float64(time.Microsecond) / float64(r.requests)
}

// percentile returns the p-th percentile (0 < p ≤ 100) of sorted by the nearest-rank method: the
// smallest value that at least p% of the values are at or below. It returns 0 for no values.
func percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	rank := int(math.Ceil(p / 100 * float64(len(sorted))))
	return sorted[min(max(rank, 1), len(sorted))-1]
}

// mergeSorted joins the latencies of every connection and sorts them.
func mergeSorted(parts [][]time.Duration) []time.Duration {
	var n int
	for _, p := range parts {
		n += len(p)
	}
	all := make([]time.Duration, 0, n)
	for _, p := range parts {
		all = append(all, p...)
	}
	slices.Sort(all)
	return all
}
