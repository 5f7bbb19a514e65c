// Command load is iconlib's load benchmark (make bench-load): it starts the edge (iconlib serve) on the full
// built library as a child process and drives it on loopback with a bounded load generator, one scenario
// at a time, then prints a Markdown table of requests per second, median and 99th-percentile latency, the
// edge's CPU time per request and the error count of each scenario, and the edge's resident memory.
//
// The edge runs with --rate-limits=off, so the load is limited only by the generator: a fixed number of
// keep-alive connections (-conns), each with one request in flight at a time, for a fixed time (-duration)
// after a short warm-up (-warmup). CPU time is the edge process's own (utime+stime from /proc/<pid>/stat),
// so it does not count the generator, which shares the machine.
//
// Searches draw from a deterministic query mix (see queryGen): labelled queries from the repository's
// evaluation sets, icon names and ids, typos of names, phrases of descriptions and tags, 1 to 20 words.
// The cached scenarios draw Zipf-distributed from the first -mix queries, so popular ones repeat; the
// uncached ones never send the same query twice.
//
//	go run ./test/load -bin bin/iconlib                       # builds the library into a temp dir first
//	go run ./test/load -bin bin/iconlib -public public -duration 5s -scenarios lookup,search-cached
//
// The floor scenario drives a bare net/http server instead of the edge (this program run again with
// -serve-floor), which answers every request with the same 7 KB and does nothing else: its latency is what
// the machine, the generator sharing it and Go's runtime leave to any Go server, the floor under the edge's.
//
// Linux only for the CPU and memory columns (they read /proc); elsewhere they show n/a.
package main
