package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"
)

// answerCacheFlag is the serve flag that sizes the edge's answer cache, if the binary has one: the
// scenarios that send only fresh queries then run on a second edge with the cache off, so that nothing
// they measure comes from a cache (and inserting answers nobody asks again costs nothing).
const answerCacheFlag = "--answer-cache-mb"

// run prepares the library, starts the edge, runs the chosen scenarios one after another and writes the
// report to stdout (and cfg.out). With cfg.before, every scenario also runs, right after, on the edge
// of that earlier checkout, which serves a library it built itself. Interrupted, it reports what it
// measured so far.
func run(ctx context.Context, cfg config, stdout io.Writer) error {
	tmp, err := os.MkdirTemp("", "iconlib-load-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	addr, err := freeLoopbackAddr()
	if err != nil {
		return err
	}
	public, built, err := prepareLibrary(ctx, cfg, tmp, addr)
	if err != nil {
		return err
	}
	wl, selected, err := prepareWorkload(cfg, public)
	if err != nil {
		return err
	}
	current, err := startEdges(ctx, cfg, edgeSetup{name: "edge", bin: cfg.bin, addr: addr, public: public,
		dir: tmp, profiled: cfg.profileDir != ""})
	if err != nil {
		return err
	}
	defer current.stop()
	var before *edges
	if cfg.before != "" {
		if before, err = startBefore(ctx, cfg, filepath.Join(tmp, "before")); err != nil {
			return err
		}
		defer before.stop()
	}

	rep := report{about: describeRun(cfg, len(wl.popular), current.cacheSwitch)}
	drivers := drivers{fixed: newDriver(cfg.conns, cfg.seed, len(wl.popular), cfg.acceptEncoding)}
	drivers.fixed.normalPolicy = cfg.normalPolicy
	if cfg.wrk != "" {
		drivers.wrk = &wrkDriver{bin: cfg.wrk, conns: cfg.conns, seed: cfg.seed, mix: len(wl.popular), acceptEncoding: cfg.acceptEncoding, dir: tmp, normalPolicy: cfg.normalPolicy}
	}
	m, runErr := measureAll(ctx, cfg, drivers, selected, current, before)
	rep.rounds, rep.paced = m.rounds, m.paced
	if built != "" {
		rep.notes = append(rep.notes, built)
	}
	rep.notes = append(rep.notes, current.memoryNotes()...)
	if before != nil {
		rep.before = comparison{name: before.setup.name, rounds: m.earlier}
		rep.notes = append(rep.notes, before.memoryNotes()...)
	}
	var firstRound []result
	if len(m.rounds) > 0 {
		firstRound = m.rounds[0]
	}
	for _, sc := range selected[:min(len(selected), len(firstRound))] {
		rep.notes = append(rep.notes, fmt.Sprintf("%s: %s", sc.name, sc.about))
	}
	if note := pacedNote(len(m.paced) > 0, cfg); note != "" {
		rep.notes = append(rep.notes, note)
	}
	rep.notes = append(rep.notes, generatorNote(append(medians(m.rounds), m.paced...), generatorName(cfg)))
	if runErr != nil {
		rep.notes = append(rep.notes, "stopped early: "+runErr.Error())
	}
	return errors.Join(runErr, writeReport(rep, cfg.out, stdout))
}

// prepareLibrary returns the public/ to serve: cfg.public, or the library (cfg.scale times its size)
// built into tmp for base addr, with a note of what the build took.
func prepareLibrary(ctx context.Context, cfg config, tmp, addr string) (public, built string, err error) {
	if cfg.public != "" {
		return cfg.public, "", nil
	}
	content := cfg.content
	if cfg.scale > 1 {
		if content, err = scaledContent(cfg.content, tmp, cfg.scale); err != nil {
			return "", "", err
		}
	}
	public = filepath.Join(tmp, "public")
	built, err = buildLibrary(ctx, cfg.bin, content, public, "http://"+addr)
	return public, built, err
}

// prepareWorkload reads the catalog and the labelled queries, makes the query mix and picks the scenarios.
func prepareWorkload(cfg config, public string) (*workload, []scenario, error) {
	cat, err := readCatalog(public)
	if err != nil {
		return nil, nil, err
	}
	labelled, err := readLabelled(cfg.labelled)
	if err != nil {
		return nil, nil, err
	}
	wl := newWorkload(cat, newQueryGen(cat.Icons, labelled, mixKinds, cfg.seed), cfg.mix, cfg.seed)
	if len(wl.popular) < cfg.mix {
		return nil, nil, fmt.Errorf("the catalog gives only %d distinct queries, fewer than -mix %d", len(wl.popular), cfg.mix)
	}
	selected, err := choose(wl.scenarios(), cfg.scenarios)
	return wl, selected, err
}

// edgeSetup is what an edge, and the second one with the answer cache off, start from.
type edgeSetup struct {
	name     string // "edge", or the earlier checkout's revision
	bin      string
	addr     string // where the first edge listens; public/ was built for it
	public   string
	dir      string // a directory of the run's own, for the signing key and the edges' output
	profiled bool
}

// edges are the edge every scenario runs on, and, each started when first needed, the one with the answer
// cache off that fresh-query scenarios run on when serve has the switch and the floor server.
type edges struct {
	ctx                     context.Context
	cfg                     config
	setup                   edgeSetup
	keyFile                 string
	cached, uncached, floor *edgeProcess
	cacheSwitch             bool
}

// startEdges starts the edge of s, which every scenario runs on unless it sends only fresh queries.
func startEdges(ctx context.Context, cfg config, s edgeSetup) (*edges, error) {
	cacheSwitch, err := serveHasFlag(s.bin, answerCacheFlag)
	if err != nil {
		return nil, err
	}
	keyFile := filepath.Join(s.dir, "keys", "signing-key.pem") // outside public/, as serve requires
	if err := os.MkdirAll(filepath.Dir(keyFile), 0o700); err != nil {
		return nil, err
	}
	e := &edges{ctx: ctx, cfg: cfg, setup: s, keyFile: keyFile, cacheSwitch: cacheSwitch}
	if e.cached, err = startEdge(ctx, s.name, s.bin, s.addr, s.dir, edgeArgs(s.addr, s.public, keyFile, cfg.edgeArgs), s.profiled); err != nil {
		return nil, err
	}
	return e, nil
}

// forScenario is the edge a scenario runs on.
func (e *edges) forScenario(sc scenario) (*edgeProcess, error) {
	if sc.floor {
		return e.floorServer()
	}
	if !sc.fresh || !e.cacheSwitch {
		return e.cached, nil
	}
	if e.uncached == nil {
		a, err := freeLoopbackAddr()
		if err != nil {
			return nil, err
		}
		args := edgeArgs(a, e.setup.public, e.keyFile, append(slices.Clone(e.cfg.edgeArgs), answerCacheFlag+"=0"))
		if e.uncached, err = startEdge(e.ctx, "uncached "+e.setup.name, e.setup.bin, a, e.setup.dir, args, e.setup.profiled); err != nil {
			return nil, err
		}
	}
	return e.uncached, nil
}

// floorServer is the floor server (floorHandler), started when first needed.
func (e *edges) floorServer() (*edgeProcess, error) {
	if e.floor != nil {
		return e.floor, nil
	}
	a, err := freeLoopbackAddr()
	if err != nil {
		return nil, err
	}
	bin, args, err := floorCommand(a)
	if err != nil {
		return nil, err
	}
	e.floor, err = startEdge(e.ctx, "floor server", bin, a, e.setup.dir, args, false)
	return e.floor, err
}

func (e *edges) memoryNotes() []string {
	notes := []string{memoryNote(e.cached, e.setup.name)}
	if e.uncached != nil {
		notes = append(notes, memoryNote(e.uncached, "uncached "+e.setup.name+" ("+answerCacheFlag+"=0)"))
	}
	return notes
}

func (e *edges) stop() {
	for _, p := range []*edgeProcess{e.cached, e.uncached, e.floor} {
		if p != nil {
			p.Stop()
		}
	}
}

// drivers are the load generators: fixed, the Go driver, runs what wrk (when not nil) cannot send at its
// own pace, and every paced run.
type drivers struct {
	fixed *driver
	wrk   *wrkDriver
}

// forScenario is the driver that measures sc at its own pace.
func (ds drivers) forScenario(sc scenario) func(context.Context, scenario, *edgeProcess, time.Duration, time.Duration) (result, error) {
	if ds.wrk != nil && !sc.posts {
		return ds.wrk.measure
	}
	return ds.fixed.measure
}

// measurements are what measureAll measured: per round, each scenario's result at its own pace, and on
// the earlier edge right after (earlier, when there is one); and the paced runs, of the first round.
type measurements struct {
	rounds, earlier [][]result
	paced           []result
}

// measureAll runs the scenarios in turn, cfg.rounds times over, logging each to stderr, and returns what it
// measured (see measureRound). It stops at the first failure or interruption, keeping the round it stopped
// in.
func measureAll(ctx context.Context, cfg config, ds drivers, selected []scenario, current, before *edges) (measurements, error) {
	var m measurements
	for round := range cfg.rounds {
		if cfg.rounds > 1 {
			fmt.Fprintf(os.Stderr, "round %d of %d\n", round+1, cfg.rounds)
		}
		if err := m.measureRound(ctx, cfg, ds, selected, current, before, round == 0); err != nil {
			return m, err
		}
	}
	return m, nil
}

// measureRound runs each scenario once at its own pace, and in the first round its paced run after it when
// cfg paces it; and, when before is not nil, each scenario on it, right after. It adds what it measured to
// m, as far as it got.
func (m *measurements) measureRound(ctx context.Context, cfg config, ds drivers, selected []scenario, current, before *edges, first bool) error {
	var now, then []result
	defer func() {
		if len(now) > 0 {
			m.rounds = append(m.rounds, now)
		}
		if len(then) > 0 {
			m.earlier = append(m.earlier, then)
		}
	}()
	for _, sc := range selected {
		r, target, err := measureOn(ctx, cfg, ds, sc, current)
		if err != nil {
			return err
		}
		now = append(now, r)
		if first && cfg.pacedShare > 0 && slices.Contains(cfg.paced, sc.name) && r.perSecond() > 0 {
			p, err := measurePaced(ctx, cfg, ds.fixed, sc, target, cfg.pacedShare*r.perSecond())
			if err != nil {
				return err
			}
			m.paced = append(m.paced, p)
		}
		if before != nil {
			b, _, err := measureOn(ctx, cfg, ds, sc, before)
			if err != nil {
				return err
			}
			then = append(then, b)
		}
	}
	return nil
}

// measureOn runs sc at its own pace on the edge of on that it runs on (which it returns), profiled when
// cfg asks and the edge serves profiles, and logs what it measured.
func measureOn(ctx context.Context, cfg config, ds drivers, sc scenario, on *edges) (result, *edgeProcess, error) {
	target, err := on.forScenario(sc)
	if err != nil {
		return result{}, nil, err
	}
	fmt.Fprintf(os.Stderr, "%-16s %s for %s after %s of warm-up, %d connections\n",
		sc.name, target.name, cfg.duration, cfg.warmup, cfg.conns)
	if sc.prepare != nil {
		sc.prepare(cfg.warmup + cfg.duration)
	}
	profiled := profileScenario(ctx, target, sc.name, cfg)
	r, err := ds.forScenario(sc)(ctx, sc, target, cfg.warmup, cfg.duration)
	if perr := profiled(); err == nil {
		err = perr
	}
	return r, target, logResult(ctx, sc, r, err)
}

// measurePaced runs sc against target again at rate requests a second, for cfg.duration without warm-up
// (the edge is warm), and logs what it measured.
func measurePaced(ctx context.Context, cfg config, d *driver, sc scenario, target *edgeProcess, rate float64) (result, error) {
	fmt.Fprintf(os.Stderr, "%-16s paced at %s req/s for %s\n", "", thousands(rate), cfg.duration)
	if sc.prepare != nil {
		sc.prepare(cfg.duration)
	}
	p, err := d.paced(rate).measure(ctx, sc, target, 0, cfg.duration)
	p.scenario, p.offered = fmt.Sprintf("%s @ %s/s", sc.name, thousands(rate)), rate
	return p, logResult(ctx, sc, p, err)
}

// logResult logs r to stderr, and returns what stops the benchmark: err, or an interruption.
func logResult(ctx context.Context, sc scenario, r result, err error) error {
	if ctx.Err() != nil {
		return fmt.Errorf("interrupted during %s", sc.name)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", sc.name, err)
	}
	fmt.Fprintf(os.Stderr, "%-16s %s req/s, p99 %s, edge CPU %.0f µs/req, load generator CPU %.0f µs/req, %d errors\n", "",
		thousands(r.perSecond()), millis(r.p99), r.perRequest(r.cpu), r.perRequest(r.generatorCPU), r.errors)
	if r.firstErr != "" {
		fmt.Fprintf(os.Stderr, "%-16s first error: %s\n", "", r.firstErr)
	}
	return nil
}

// pacedNote says what the paced rows are, when there are any.
func pacedNote(paced bool, cfg config) string {
	if !paced {
		return ""
	}
	return fmt.Sprintf("<scenario> @ <rate>/s: the scenario again at %.0f%% of the rate it reached, paced: each of the %d connections sends one request every %d/<rate> s on its own schedule (the schedules spread), and a request held up past when it was due by the last answer counts its latency from then (no coordinated omission). Its p99 is the latency at a load the edge keeps up with; the first run's, at full load, is mostly the time a request waits behind the others in flight",
		100*cfg.pacedShare, cfg.conns, cfg.conns)
}

// writeReport prints the report's Markdown, and writes it to out too unless out is empty; nothing when
// nothing was measured.
func writeReport(rep report, out string, stdout io.Writer) error {
	if len(rep.rounds) == 0 {
		return nil
	}
	md := rep.markdown()
	fmt.Fprint(stdout, md)
	if out == "" {
		return nil
	}
	return os.WriteFile(out, []byte(md), 0o644)
}

// choose returns the scenarios named, in the order named; none named means all.
func choose(all []scenario, names []string) ([]scenario, error) {
	if len(names) == 0 {
		return all, nil
	}
	var out []scenario
	for _, n := range names {
		i := slices.IndexFunc(all, func(s scenario) bool { return s.name == n })
		if i < 0 {
			return nil, fmt.Errorf("-scenarios: no scenario %q; there are %s", n, strings.Join(scenarioNames(all), ", "))
		}
		out = append(out, all[i])
	}
	return out, nil
}

// describeRun is the line above the table: the settings and the machine.
func describeRun(cfg config, mix int, cacheSwitch bool) string {
	s := fmt.Sprintf("%d connections on loopback, %s per scenario after %s of warm-up; query mix of %d (seed %d, Zipf s=%g v=%d); %d CPUs (load generator and edge share them); %s",
		cfg.conns, cfg.duration, cfg.warmup, mix, cfg.seed, zipfS, zipfV, runtime.NumCPU(), time.Now().UTC().Format("2006-01-02 15:04 UTC"))
	if rev := gitRevision("."); rev != "" {
		s += "; commit " + rev
	}
	if len(cfg.edgeArgs) > 0 {
		s += "; edge args: `" + strings.Join(cfg.edgeArgs, " ") + "`"
	}
	if cacheSwitch {
		s += "; fresh-query scenarios on a second edge with " + answerCacheFlag + "=0"
	} else {
		s += "; one edge for every scenario (serve has no " + answerCacheFlag + ")"
	}
	if cfg.acceptEncoding != "" {
		s += "; Accept-Encoding: " + cfg.acceptEncoding
	}
	if cfg.wrk != "" {
		s += "; GETs at their own pace driven by wrk (one thread), the rest by the Go driver"
	}
	if cfg.normalPolicy {
		s += "; both at the normal scheduling policy (their wake-ups preempt the edge)"
	} else if runtime.GOOS == "linux" {
		s += "; the load generator at the batch scheduling policy (its wake-ups do not preempt the edge)"
	}
	return s + "."
}

// memoryNote reports an edge's resident memory now.
func memoryNote(e *edgeProcess, name string) string {
	rss, err := residentBytes(e.Pid())
	if err != nil {
		return fmt.Sprintf("%s RSS after the scenarios: n/a (%v)", name, err)
	}
	return fmt.Sprintf("%s RSS after the scenarios: %s (VmRSS)", name, megabytes(rss))
}

// gitRevision names the commit checked out in dir, with -dirty when the tree has changes; empty outside git.
func gitRevision(dir string) string {
	out, err := exec.Command("git", "-C", dir, "describe", "--always", "--dirty").Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// generatorNote gives the load generator's own CPU time per request in each scenario, to judge how much
// of the machine the edge had; names the scenarios where the generator used nine tenths of its procs'
// time or more (their rates may be the generator's limit, not the edge's); and names those where the Go
// driver collected garbage after all (their latencies include its pauses).
func generatorNote(results []result, generator string) string {
	var parts, bound, collected []string
	for _, r := range results {
		parts = append(parts, fmt.Sprintf("%s %.0f", r.scenario, r.perRequest(r.generatorCPU)))
		if r.elapsed > 0 && float64(r.generatorCPU) >= 0.9*float64(max(r.generatorProcs, 1))*float64(r.elapsed) {
			bound = append(bound, r.scenario)
		}
		if r.generatorGCs > 0 {
			collected = append(collected, fmt.Sprintf("%s (%d)", r.scenario, r.generatorGCs))
		}
	}
	note := fmt.Sprintf("load generator CPU µs/req (not the edge's; it shares the CPUs; %s): %s", generator, strings.Join(parts, ", "))
	if len(bound) > 0 {
		note += "; the generator was near its limit in " + strings.Join(bound, ", ")
	}
	if len(collected) > 0 {
		note += "; the Go driver collected garbage during " + strings.Join(collected, ", ") + ", and its latencies there include those pauses"
	}
	return note
}

// generatorName says what generated the load: the Go driver with its GOMAXPROCS, and wrk if cfg has it.
func generatorName(cfg config) string {
	if cfg.wrk != "" {
		return fmt.Sprintf("wrk with one thread for GETs at their own pace, the Go driver with GOMAXPROCS %d for the rest", cfg.procs)
	}
	return fmt.Sprintf("GOMAXPROCS %d", cfg.procs)
}
