// Command runner runs the steps of make test one after another, every one of them even when an earlier
// one fails, and reports as it goes: a line as each package starts and ends, each failing test's output
// as it fails, and a line naming what still runs whenever nothing else was printed for a while (-quiet).
// At the end it lists every failure of every step together, the slowest tests and a closing count
// ("N passed, N failed, N skipped"), and exits 1 if anything failed.
//
// Each argument is a step: a name, a colon and a command. A command that starts with "go test" is split
// at spaces and run with -json, and followed test by test; any other runs under sh -c, its output
// printed as it comes, and fails the step by its exit status. With -v every finished top-level test gets
// a line too, so a CI log shows which tests ran.
//
//	go run ./test/runner 'vet: go vet ./...' 'race: go test -race -timeout 10m ./edge/...'
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"time"
)

func main() {
	verbose := flag.Bool("v", false, "a line for every finished top-level test, not only the failing ones")
	quiet := flag.Duration("quiet", 30*time.Second, "longest time without a line: then a line names what runs")
	slowest := flag.Int("slowest", 12, "how many of the slowest tests to list at the end")
	flag.Usage = func() {
		fmt.Fprintln(flag.CommandLine.Output(), "usage: runner [flags] 'name: command' ...")
		flag.PrintDefaults()
	}
	flag.Parse()
	steps, err := parseSteps(flag.Args())
	if err != nil {
		fmt.Fprintln(os.Stderr, "runner:", err)
		flag.Usage()
		os.Exit(2)
	}
	r := newReport(os.Stdout, *verbose, time.Now())
	for _, s := range steps {
		runStep(r, s, *quiet)
	}
	if !r.summarize(*slowest) {
		os.Exit(1)
	}
}

// step is one command of the run, with a name for the report.
type step struct {
	name    string
	command string
}

// goTestArgs are the arguments of a go test step (after "go test"), or nil for a step of another kind.
func (s step) goTestArgs() []string {
	f := strings.Fields(s.command)
	if len(f) < 2 || f[0] != "go" || f[1] != "test" {
		return nil
	}
	return f[2:]
}

// parseSteps reads "name: command" steps.
func parseSteps(specs []string) ([]step, error) {
	if len(specs) == 0 {
		return nil, fmt.Errorf("no steps")
	}
	var steps []step
	for _, spec := range specs {
		name, command, ok := strings.Cut(spec, ":")
		name, command = strings.TrimSpace(name), strings.TrimSpace(command)
		if !ok || name == "" || command == "" {
			return nil, fmt.Errorf("step %q: want \"name: command\"", spec)
		}
		steps = append(steps, step{name: name, command: command})
	}
	return steps, nil
}

// runStep runs one step's go test and feeds its events to the report, with a line whenever the step
// has printed nothing for quiet.
func runStep(r *report, s step, quiet time.Duration) {
	r.startStep(s)
	events, wait, err := start(s)
	if err != nil {
		r.stepFailed(s.name, err.Error())
		return
	}
	tick := time.NewTicker(quiet / 3)
	defer tick.Stop()
	for {
		select {
		case ev, ok := <-events:
			if !ok {
				if res := wait(); res.err != nil && !r.stepHasFailures(s.name) {
					r.stepFailed(s.name, fmt.Sprintf("%s: %v\n%s", s.command, res.err, res.stderr))
				}
				r.endStep(s.name)
				return
			}
			r.record(s.name, ev)
		case now := <-tick.C:
			if now.Sub(r.lastLine) >= quiet {
				r.heartbeat(now)
			}
		}
	}
}
