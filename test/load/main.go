package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"syscall"
	"time"
)

// config is the benchmark's settings, from its flags.
type config struct {
	bin            string        // the iconlib binary
	public         string        // a built public/ to serve; empty: build one into a temp dir
	content        string        // content/ to build from
	scale          int           // the library built is this many times content's (scaledContent)
	labelled       []string      // files of labelled queries (JSON lines with "query")
	conns          int           // connections, and so requests in flight at most
	duration       time.Duration // measured time per scenario
	warmup         time.Duration // unmeasured time before it
	scenarios      []string      // empty: all
	edgeArgs       []string      // more arguments for iconlib serve
	out            string        // also write the table here
	mix            int           // queries in the mix the cached scenarios draw from
	seed           uint64
	acceptEncoding string
	profileDir     string // when set, a CPU profile of the edge per scenario is written here
	// paced scenarios run a second time at pacedShare of the rate they reached, on a schedule (see
	// driver): their latency at a load the edge keeps up with, where the first run's is its queue's.
	paced      []string
	pacedShare float64
	// procs is the generator's GOMAXPROCS. It shares the CPUs with the edge, and with one P it spends
	// less of them: 20-word searches cost it 152–156 µs of CPU a request against 201–232 with two (idle
	// Ps spin looking for work while answers are slow).
	procs int
	wrk   string // when set, wrk's path: GETs run at their own pace with it (wrkDriver)
	// normalPolicy runs the load generators at the normal scheduling policy, where their wake-ups preempt
	// the edge, instead of the batch one (asBatch).
	normalPolicy bool
	// before, when set, is a checkout of an earlier commit whose edge every scenario also runs on, right
	// after this one's (a before/after table).
	before string
	// rounds is how many times every scenario runs (on both edges, in turn, with before): the report gives
	// each figure's median round and every round's rate, as this machine's rates move by a fifth from one
	// run to the next.
	rounds int
	// starts, when positive, runs the start benchmark instead of the scenarios: the edge started that many
	// times, each timed until its first search is answered (benchStart).
	starts int
}

func main() {
	serveFloorIfAsked(os.Args[1:])
	cfg, err := parseFlags(os.Args[1:])
	if err != nil {
		fmt.Fprintln(os.Stderr, "load:", err)
		os.Exit(2)
	}
	runtime.GOMAXPROCS(cfg.procs) // the edge, a child process, sets its own from the CPUs
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	bench := run
	if cfg.starts > 0 {
		bench = benchStart
	}
	if err := bench(ctx, cfg, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "load:", err)
		stop()
		os.Exit(1)
	}
}

func parseFlags(args []string) (config, error) {
	var cfg config
	var scenarios, labelled, edgeArgs, paced string
	fs := flag.NewFlagSet("load", flag.ContinueOnError)
	fs.StringVar(&cfg.bin, "bin", "bin/iconlib", "the iconlib binary to build and serve with")
	fs.StringVar(&cfg.public, "public", "", "a built public/ to serve (default: build the library from -content into a temp dir)")
	fs.StringVar(&cfg.content, "content", "content", "content directory to build from when -public is not given")
	fs.IntVar(&cfg.scale, "scale", 1, "build the library from -content with every icon this many times (copies under ids suffixed -s2 … -sN), to see how the build and the search grow with it (make bench-scale)")
	fs.StringVar(&labelled, "queries", "internal/search/testdata/eval.jsonl,internal/search/testdata/holdout.jsonl",
		"comma-separated JSON-lines files of labelled queries to start the mix with")
	fs.IntVar(&cfg.conns, "conns", 16, "connections, each with one request in flight at a time")
	fs.DurationVar(&cfg.duration, "duration", 10*time.Second, "measured time per scenario")
	fs.DurationVar(&cfg.warmup, "warmup", time.Second, "unmeasured time before each scenario")
	fs.StringVar(&scenarios, "scenarios", "", "comma-separated scenarios to run, in order (default: all)")
	fs.StringVar(&edgeArgs, "edge-args", "", "more arguments for iconlib serve, separated by spaces")
	fs.StringVar(&cfg.out, "out", "", "also write the Markdown report to this file")
	fs.IntVar(&cfg.mix, "mix", 5000, "distinct queries in the mix the Zipf-drawn scenarios draw from")
	fs.Uint64Var(&cfg.seed, "seed", 1, "seed of the query mix and of every random choice")
	fs.StringVar(&cfg.acceptEncoding, "accept-encoding", "", "Accept-Encoding to send, such as gzip (default: none, like wrk)")
	fs.StringVar(&cfg.profileDir, "profile", "", "write the edge's CPU profile of each scenario's measured part to <dir>/<scenario>.pprof")
	fs.StringVar(&paced, "paced", "search-cached,search-uncached,search-20words",
		"comma-separated scenarios to run again, paced at -paced-share of the rate they reached (latency counted from when each request was due)")
	fs.Float64Var(&cfg.pacedShare, "paced-share", 0.5, "the share of its rate a paced scenario runs again at (0: no paced runs)")
	fs.IntVar(&cfg.procs, "procs", 1, "the load generator's GOMAXPROCS (the edge's is its own)")
	fs.StringVar(&cfg.before, "before", "", "a checkout of an earlier commit (a git worktree): its iconlib is built, builds its content, and runs every scenario right after this one, for a before/after table (make bench-load-before)")
	fs.IntVar(&cfg.rounds, "rounds", 1, "how many times every scenario runs, in turn (with -before, on both edges each round): the report gives the median round and each round's rates; paced runs follow the first round only")
	fs.IntVar(&cfg.starts, "start", 0, "instead of the scenarios, start the edge this many times and report the time from exec until its first search is answered, its CPU time and its RSS then (make bench-start)")
	fs.BoolVar(&cfg.normalPolicy, "normal-policy", false, "run the load generators at the normal scheduling policy, where their wake-ups preempt the edge mid-request, instead of the batch one (Linux)")
	fs.StringVar(&cfg.wrk, "wrk", "", "wrk's path: scenarios of GET requests run at their own pace with wrk (one thread, less than half the Go driver's CPU a request); POSTs and paced runs keep the Go driver")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: go run ./test/load [flags]\n\nscenarios: %s\n\n",
			strings.Join(scenarioNames((&workload{}).scenarios()), ", "))
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return cfg, err
	}
	if fs.NArg() > 0 {
		return cfg, fmt.Errorf("unexpected arguments %q: every setting is a flag", fs.Args())
	}
	cfg.scenarios = splitList(scenarios)
	if _, err := choose((&workload{}).scenarios(), cfg.scenarios); err != nil {
		return cfg, err // before a build that takes half a minute
	}
	cfg.paced = splitList(paced)
	if _, err := choose((&workload{}).scenarios(), cfg.paced); err != nil {
		return cfg, fmt.Errorf("-paced: %w", err)
	}
	cfg.labelled = splitList(labelled)
	cfg.edgeArgs = strings.Fields(edgeArgs)
	switch {
	case cfg.conns < 1:
		return cfg, fmt.Errorf("-conns must be at least 1, not %d", cfg.conns)
	case cfg.duration <= 0:
		return cfg, fmt.Errorf("-duration must be positive, not %s", cfg.duration)
	case cfg.warmup < 0:
		return cfg, fmt.Errorf("-warmup must not be negative, not %s", cfg.warmup)
	case cfg.mix < 2:
		return cfg, fmt.Errorf("-mix must be at least 2, not %d", cfg.mix)
	case cfg.rounds < 1:
		return cfg, fmt.Errorf("-rounds must be at least 1, not %d", cfg.rounds)
	case cfg.scale < 1:
		return cfg, fmt.Errorf("-scale must be at least 1, not %d", cfg.scale)
	case cfg.scale > 1 && cfg.public != "":
		return cfg, fmt.Errorf("-scale builds its own library: it cannot serve -public %s", cfg.public)
	case cfg.starts < 0:
		return cfg, fmt.Errorf("-start must not be negative, not %d", cfg.starts)
	case cfg.procs < 1:
		return cfg, fmt.Errorf("-procs must be at least 1, not %d", cfg.procs)
	case cfg.pacedShare < 0 || cfg.pacedShare >= 1:
		return cfg, fmt.Errorf("-paced-share must be at least 0 and less than 1, not %g", cfg.pacedShare)
	}
	return cfg, nil
}

func splitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}
