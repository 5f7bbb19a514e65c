package main

import (
	"bytes"
	"fmt"
	"net/http"
	"os"
	"strconv"
)

// floorFlag makes this program the floor server instead of the benchmark: `load -serve-floor <addr>`.
const floorFlag = "-serve-floor"

// floorBodyBytes is the size of the floor server's answer: about that of a search answer of 20 hits.
const floorBodyBytes = 7 << 10

// floorHandler answers every request with the same floorBodyBytes of JSON and does nothing else: no
// routing, no logging, no search. Driven like the edge, its latency is what this machine, its scheduler
// and Go's net/http and runtime give any Go server under the same load generator, the floor under the
// edge's own figures.
func floorHandler() http.Handler {
	body := append([]byte(`{"pad":"`), bytes.Repeat([]byte("x"), floorBodyBytes-len(`{"pad":""}`))...)
	body = append(body, `"}`...)
	length := strconv.Itoa(len(body))
	return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Length", length) // as the edge's answers have, not chunked
		w.Write(body)
	})
}

// serveFloorIfAsked runs the floor server on the loopback address args give, and exits, when args are
// floorFlag and an address. It is this program run again as a child (floorCommand), so that it has its own
// GOMAXPROCS, the CPUs', as the edge has, and starts outside the generator's batch policy, as the edge does.
func serveFloorIfAsked(args []string) {
	if len(args) != 2 || args[0] != floorFlag {
		return
	}
	fmt.Fprintln(os.Stderr, "load:", http.ListenAndServe(args[1], floorHandler()))
	os.Exit(1)
}

// floorCommand is the program and arguments that start the floor server on addr.
func floorCommand(addr string) (bin string, args []string, err error) {
	self, err := os.Executable()
	if err != nil {
		return "", nil, fmt.Errorf("floor server: %w", err)
	}
	return self, []string{floorFlag, addr}, nil
}
