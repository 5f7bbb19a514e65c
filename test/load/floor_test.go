package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"slices"
	"testing"
	"time"
)

// TestMain lets this test binary be the floor server too, as the load program is when run with floorFlag.
func TestMain(m *testing.M) {
	serveFloorIfAsked(os.Args[1:])
	os.Exit(m.Run())
}

// TestFloorScenarioRunsOnABareServerOfItsOwn: the floor scenario runs on a child process answering every
// request with the same few kilobytes of JSON, started once however often the scenario runs, and stopped
// with the edges.
func TestFloorScenarioRunsOnABareServerOfItsOwn(t *testing.T) {
	all := (&workload{}).scenarios()
	i := slices.IndexFunc(all, func(s scenario) bool { return s.name == "floor" })
	if i < 0 {
		t.Fatalf("no floor scenario among %v", scenarioNames(all))
	}
	sc := all[i]
	e := &edges{ctx: context.Background(), setup: edgeSetup{dir: t.TempDir()}}
	target, err := e.forScenario(sc)
	if err != nil {
		t.Fatal(err)
	}
	defer e.stop()
	if again, err := e.forScenario(sc); err != nil || again != target {
		t.Errorf("a second run of the scenario got %v, %v: want the server already started", again, err)
	}
	if target.Pid() == os.Getpid() {
		t.Fatal("the floor server runs in the benchmark's own process")
	}
	res, err := http.Get(target.url + "/api/v1/icons?q=anything")
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(res.Body)
	res.Body.Close()
	if err != nil || res.StatusCode != http.StatusOK || len(body) != floorBodyBytes || !json.Valid(body) ||
		res.Header.Get("Content-Type") != "application/json" || res.ContentLength != floorBodyBytes {
		t.Errorf("floor answer: %d, %s, %d bytes of Content-Length %d (want %d of JSON), %v", res.StatusCode,
			res.Header.Get("Content-Type"), len(body), res.ContentLength, floorBodyBytes, err)
	}
	// Short runs until one finishes a request: a loaded machine may take longer than one to start.
	d := newDriver(2, 1, 2, "")
	for deadline := time.Now().Add(30 * time.Second); ; {
		r := d.run(context.Background(), sc, target.url, 200*time.Millisecond)
		if r.errors != 0 {
			t.Errorf("driven for 200 ms: %d requests, %d errors (%s)", r.requests, r.errors, r.firstErr)
		}
		if r.requests > 0 || r.errors != 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Error("no request answered in 30 s of runs")
			break
		}
	}
	e.stop()
	select {
	case <-target.done:
	case <-time.After(10 * time.Second):
		t.Error("the floor server still runs after the edges stopped")
	}
}
