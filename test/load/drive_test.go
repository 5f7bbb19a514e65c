package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// getScenario sends GET base.
var getScenario = scenario{name: "get", request: func(_ *worker, base string) (*http.Request, error) {
	return http.NewRequest(http.MethodGet, base, nil)
}}

// TestPacedDriverKeepsToItsSchedule: paced, a driver sends no more than its schedule has come due, however
// fast the answers come; unpaced, it sends as fast as they come.
func TestPacedDriverKeepsToItsSchedule(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
	defer srv.Close()
	d := newDriver(2, 1, 2, "")
	const window = 300 * time.Millisecond
	paced := d.paced(100) // each connection: one request every 20 ms
	r := paced.run(context.Background(), getScenario, srv.URL, window)
	if due := 2 * (int(window/paced.interval) + 1); r.requests == 0 || r.requests > due {
		t.Errorf("paced at 100 req/s for %s: %d requests, want 1 to %d", window, r.requests, due)
	}
	if free := d.run(context.Background(), getScenario, srv.URL, window); free.requests <= 2*r.requests {
		t.Errorf("unpaced: %d requests in %s, no more than twice the paced %d", free.requests, window, r.requests)
	}
}

// TestPacedLatencyCountsHeldUpRequests: when answers come slower than the schedule, a request the last
// answer held up counts its latency from when it was due, so latencies grow past the answers' own time.
func TestPacedLatencyCountsHeldUpRequests(t *testing.T) {
	const answer = 30 * time.Millisecond
	srv := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { time.Sleep(answer) }))
	defer srv.Close()
	d := newDriver(1, 1, 2, "").paced(100) // one request every 10 ms, each answered in 30 ms
	r := d.run(context.Background(), getScenario, srv.URL, 400*time.Millisecond)
	if worst := percentile(r.latencies, 100); worst < 3*answer {
		t.Errorf("answers of %s to a schedule of %s: worst latency %s, want at least %s (held-up requests count from when they were due)",
			answer, d.interval, worst, 3*answer)
	}
}

// TestDriverCollectsNoGarbageDuringARun: a run that allocates several times the driver's heap completes
// no garbage collection of the driver's own, which would delay its reading of answers and count as the
// edge's latency; the collector is on again after the run.
func TestDriverCollectsNoGarbageDuringARun(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.Write(make([]byte, 64<<10)) }))
	defer srv.Close()
	d := newDriver(2, 1, 2, "")
	gogc := debug.SetGCPercent(100) // as the environment set it
	debug.SetGCPercent(gogc)
	var m runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m)
	heap, allocated := m.HeapAlloc, m.TotalAlloc
	r := d.run(context.Background(), getScenario, srv.URL, 300*time.Millisecond)
	runtime.ReadMemStats(&m)
	if grew := m.TotalAlloc - allocated; grew < 4*heap {
		t.Fatalf("the run allocated %d KB (%d requests), under four times the heap's %d KB: too little to need a collection",
			grew>>10, r.requests, heap>>10)
	}
	if r.generatorGCs != 0 || r.errors != 0 {
		t.Errorf("%d collections during the run (%d requests, %d errors), want none", r.generatorGCs, r.requests, r.errors)
	}
	if percent := debug.SetGCPercent(gogc); percent != gogc {
		t.Errorf("after the run, GOGC %d, want %d again", percent, gogc)
	}
}
