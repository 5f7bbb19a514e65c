package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// wrkDriver runs a scenario of GET requests closed-loop with wrk (Debian's), one thread and conns
// connections: a Lua script sends the paths of a file in turn, each request formatted once, before the
// run. wrk spends 15–19 µs of CPU on a search (2026-11-29) where the Go driver spent 94–154 (2026-11-28),
// and either shares the CPUs with the edge, so wrk leaves it more.
// wrk runs at the batch policy (asBatch) unless normalPolicy: its wake-ups do not preempt the edge.
type wrkDriver struct {
	bin            string // the wrk binary
	conns          int
	seed           uint64
	mix            int
	acceptEncoding string // sent as Accept-Encoding when set, as the Go driver does
	dir            string // where the script and the path files go
	normalPolicy   bool   // run wrk at the normal scheduling policy, not the batch one (asBatch)
}

// wrkScript sends, request after request, the paths of the file named by its first argument, from the
// first again after the last, with its second argument as Accept-Encoding when there is one. It formats
// every request in init, before wrk starts its clock: formatting each as it went cost wrk 2–3 µs of CPU
// a request more, on the CPUs the edge shares.
const wrkScript = `local requests, i = {}, 0
init = function(args)
  local headers = {}
  if args[2] and args[2] ~= "" then headers["Accept-Encoding"] = args[2] end
  for line in io.lines(args[1]) do requests[#requests + 1] = wrk.format("GET", line, headers) end
end
request = function()
  i = i % #requests + 1
  return requests[i]
end
`

// wrkPathsPerSecond is how many paths a run of wrk gets for each second it runs: as many fresh queries
// as a fresh-query scenario has ready (see freshQueries), more than the edge answers of any but lookups
// and static files, which may repeat.
const wrkPathsPerSecond = freshQueriesPerSecond

// measure runs sc against e with wrk for warmup (not measured) and then for duration, as the Go
// driver's measure does; its fresh queries must be ready (sc.prepare). The warm-up and the measured run
// send paths of their own: each wrk starts from the first path of its file.
func (w *wrkDriver) measure(ctx context.Context, sc scenario, e *edgeProcess, warmup, duration time.Duration) (result, error) {
	if warmup > 0 {
		paths, err := w.writePaths(sc, "warm-up", warmup)
		if err == nil {
			_, err = w.run(ctx, e.url, paths, warmup)
		}
		if err != nil {
			return result{}, fmt.Errorf("%s: warm-up: %w", sc.name, err)
		}
	}
	paths, err := w.writePaths(sc, "measured", duration)
	if err != nil {
		return result{}, err
	}
	if err := e.checkRunning(); err != nil {
		return result{}, err
	}
	before, cpuErr := cpuTime(e.Pid())
	r, err := w.run(ctx, e.url, paths, duration)
	after, afterErr := cpuTime(e.Pid())
	r.scenario, r.cpu, r.cpuErr = sc.name, after-before, errors.Join(cpuErr, afterErr)
	if err != nil {
		return r, fmt.Errorf("%s: %w", sc.name, err)
	}
	if err := e.checkRunning(); err != nil {
		return r, err
	}
	return r, ctx.Err()
}

// writePaths writes the paths of sc's next requests for the part (of a run) that lasts d to a file, a
// line each, and returns its name.
func (w *wrkDriver) writePaths(sc scenario, part string, d time.Duration) (string, error) {
	name := filepath.Join(w.dir, sc.name+"."+part+".paths")
	f, err := os.Create(name)
	if err != nil {
		return "", err
	}
	out := bufio.NewWriter(f)
	worker := newWorker(w.seed, 0, w.mix)
	for range max(1, int(d.Seconds()*wrkPathsPerSecond)) {
		req, err := sc.request(worker, "http://localhost")
		if err != nil {
			f.Close()
			return "", err
		}
		out.WriteString(req.URL.RequestURI() + "\n")
	}
	if err := out.Flush(); err != nil {
		f.Close()
		return "", err
	}
	return name, f.Close()
}

// run runs wrk against base for d, sending the paths of the named file, and returns what it measured;
// generatorCPU is wrk's own CPU time.
func (w *wrkDriver) run(ctx context.Context, base, paths string, d time.Duration) (result, error) {
	script := filepath.Join(w.dir, "paths.lua")
	if err := os.WriteFile(script, []byte(wrkScript), 0o644); err != nil {
		return result{}, err
	}
	seconds := max(1, int(d.Round(time.Second).Seconds()))
	cmd := exec.CommandContext(ctx, w.bin, "-t1", "-c"+strconv.Itoa(w.conns), "-d"+strconv.Itoa(seconds)+"s",
		"--latency", "-s", script, base, "--", paths, w.acceptEncoding)
	var out []byte
	var err error
	if policyErr := atPolicy(w.normalPolicy, func() { out, err = cmd.CombinedOutput() }); policyErr != nil {
		err = errors.Join(err, policyErr)
	}
	if err != nil {
		return result{}, fmt.Errorf("%s: %w\n%s", w.bin, err, out)
	}
	r, err := parseWrk(string(out))
	if err != nil {
		return r, fmt.Errorf("%s: %w\n%s", w.bin, err, out)
	}
	r.generatorCPU, r.generatorProcs = cmd.ProcessState.UserTime()+cmd.ProcessState.SystemTime(), 1
	return r, nil
}

// parseWrk reads what wrk --latency printed: the requests and the time they took, the 50th and 99th
// percentile of their latency, and the errors (answers other than 2xx and 3xx, and socket errors).
func parseWrk(out string) (result, error) {
	var r result
	var found int
	for line := range strings.Lines(out) {
		f := strings.Fields(line)
		switch {
		case len(f) >= 4 && f[1] == "requests" && f[2] == "in":
			n, err1 := strconv.Atoi(f[0])
			d, err2 := time.ParseDuration(strings.TrimSuffix(f[3], ","))
			if err := errors.Join(err1, err2); err != nil {
				return r, fmt.Errorf("requests line %q: %w", line, err)
			}
			r.requests, r.elapsed = n, d
			found++
		case len(f) == 2 && (f[0] == "50%" || f[0] == "99%"):
			d, err := wrkDuration(f[1])
			if err != nil {
				return r, err
			}
			if f[0] == "50%" {
				r.p50 = d
			} else {
				r.p99 = d
			}
			found++
		case strings.HasPrefix(strings.TrimSpace(line), "Non-2xx or 3xx responses:"):
			n, err := strconv.Atoi(f[len(f)-1])
			if err != nil {
				return r, fmt.Errorf("%q: %w", line, err)
			}
			r.errors += n
			r.firstErr = fmt.Sprintf("%d answers other than 2xx and 3xx", n)
		case strings.HasPrefix(strings.TrimSpace(line), "Socket errors:"):
			for _, kv := range strings.Split(strings.TrimPrefix(strings.TrimSpace(line), "Socket errors:"), ",") {
				if kf := strings.Fields(kv); len(kf) == 2 {
					n, err := strconv.Atoi(kf[1])
					if err != nil {
						return r, fmt.Errorf("%q: %w", line, err)
					}
					r.errors += n
				}
			}
			if r.firstErr == "" {
				r.firstErr = strings.TrimSpace(line)
			}
		}
	}
	if found != 3 {
		return r, errors.New("no request count or latency percentiles in its output")
	}
	return r, nil
}

// wrkDuration reads a latency as wrk prints it ("812.00us", "1.83ms", "1.02s", "2.00m"): Go's units.
func wrkDuration(s string) (time.Duration, error) {
	d, err := time.ParseDuration(s)
	if err != nil {
		return 0, fmt.Errorf("latency %q: %w", s, err)
	}
	return d, nil
}
