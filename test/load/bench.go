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
// report to stdout (and cfg.out). Interrupted, it reports what it measured so far.
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
	public := cfg.public
	if public == "" {
		public = filepath.Join(tmp, "public")
		if err := buildLibrary(ctx, cfg.bin, cfg.content, public, "http://"+addr); err != nil {
			return err
		}
	}
	cat, err := readCatalog(public)
	if err != nil {
		return err
	}
	labelled, err := readLabelled(cfg.labelled)
	if err != nil {
		return err
	}
	wl := newWorkload(cat, newQueryGen(cat.Icons, labelled, mixKinds, cfg.seed), cfg.mix, cfg.seed)
	if len(wl.popular) < cfg.mix {
		return fmt.Errorf("the catalog gives only %d distinct queries, fewer than -mix %d", len(wl.popular), cfg.mix)
	}
	selected, err := choose(wl.scenarios(), cfg.scenarios)
	if err != nil {
		return err
	}
	cacheSwitch, err := serveHasFlag(cfg.bin, answerCacheFlag)
	if err != nil {
		return err
	}

	keyFile := filepath.Join(tmp, "keys", "signing-key.pem") // outside public/, as serve requires
	if err := os.MkdirAll(filepath.Dir(keyFile), 0o700); err != nil {
		return err
	}
	edge, err := startEdge(ctx, "edge", cfg.bin, addr, edgeArgs(addr, public, keyFile, cfg.edgeArgs))
	if err != nil {
		return err
	}
	defer edge.Stop()
	var uncached *edgeProcess // started for the first fresh scenario, when serve has the cache switch
	defer func() {
		if uncached != nil {
			uncached.Stop()
		}
	}()

	rep := report{about: describeRun(cfg, len(wl.popular), cacheSwitch)}
	d := newDriver(cfg.conns, cfg.seed, len(wl.popular), cfg.acceptEncoding)
	var runErr error
	for _, sc := range selected {
		target := edge
		if sc.fresh && cacheSwitch {
			if uncached == nil {
				a, err := freeLoopbackAddr()
				if err != nil {
					return err
				}
				args := edgeArgs(a, public, keyFile, append(slices.Clone(cfg.edgeArgs), answerCacheFlag+"=0"))
				if uncached, err = startEdge(ctx, "uncached edge", cfg.bin, a, args); err != nil {
					return err
				}
			}
			target = uncached
		}
		fmt.Fprintf(os.Stderr, "%-16s %s for %s after %s of warm-up, %d connections\n",
			sc.name, target.name, cfg.duration, cfg.warmup, cfg.conns)
		r, err := d.measure(ctx, sc, target, cfg.warmup, cfg.duration)
		if ctx.Err() != nil {
			runErr = fmt.Errorf("interrupted during %s", sc.name)
			break
		}
		if err != nil {
			runErr = fmt.Errorf("%s: %w", sc.name, err)
			break
		}
		fmt.Fprintf(os.Stderr, "%-16s %s req/s, p99 %s, edge CPU %.0f µs/req, load generator CPU %.0f µs/req, %d errors\n", "",
			thousands(r.perSecond()), millis(percentile(r.latencies, 99)), r.perRequest(r.cpu), r.perRequest(r.generatorCPU), r.errors)
		if r.firstErr != "" {
			fmt.Fprintf(os.Stderr, "%-16s first error: %s\n", "", r.firstErr)
		}
		rep.results = append(rep.results, r)
	}

	rep.notes = append(rep.notes, memoryNote(edge, "edge"))
	if uncached != nil {
		rep.notes = append(rep.notes, memoryNote(uncached, "uncached edge ("+answerCacheFlag+"=0)"))
	}
	for i, r := range rep.results {
		rep.notes = append(rep.notes, fmt.Sprintf("%s: %s", r.scenario, selected[i].about))
	}
	rep.notes = append(rep.notes, generatorNote(rep.results))
	if runErr != nil {
		rep.notes = append(rep.notes, "stopped early: "+runErr.Error())
	}
	md := rep.markdown()
	if len(rep.results) > 0 {
		fmt.Fprint(stdout, md)
		if cfg.out != "" {
			if err := os.WriteFile(cfg.out, []byte(md), 0o644); err != nil {
				return errors.Join(runErr, err)
			}
		}
	}
	return runErr
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
	if rev := gitRevision(); rev != "" {
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

// gitRevision names the checked-out commit, with -dirty when the tree has changes; empty outside git.
func gitRevision() string {
	out, err := exec.Command("git", "describe", "--always", "--dirty").Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// generatorNote gives the load generator's own CPU time per request in each scenario, to judge how much
// of the machine the edge had.
func generatorNote(results []result) string {
	var parts []string
	for _, r := range results {
		parts = append(parts, fmt.Sprintf("%s %.0f", r.scenario, r.perRequest(r.generatorCPU)))
	}
	return "load generator CPU µs/req (not the edge's; it shares the CPUs): " + strings.Join(parts, ", ")
}
