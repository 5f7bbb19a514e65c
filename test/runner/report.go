package main

import (
	"cmp"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"time"
)

// report follows the events of every step and prints what a person watching the run needs.
type report struct {
	w        io.Writer
	verbose  bool
	start    time.Time // of the whole run
	lastLine time.Time // when the last line was printed

	stepName  string
	stepStart time.Time
	goTest    bool                            // the step is a go test run, followed package by package
	running   map[string]time.Time            // packages started and not ended, when they started
	tests     map[string]map[string]time.Time // per running package, its top-level tests running
	output    map[testKey][]string            // what a test still running printed (Test "": the package)
	build     map[string][]string             // what the build of a package printed

	failures []failure
	finished []finishedTest
	counts   map[string]int // top-level tests by outcome: pass, fail, skip
}

type testKey struct{ pkg, test string }

// failure is a failed test, package, build or step, with what it printed.
type failure struct {
	step, pkg, test string
	output          []string
}

type finishedTest struct {
	pkg, test string
	elapsed   time.Duration
}

// keptLines is how many of its last lines a failure quotes.
const keptLines = 80

func newReport(w io.Writer, verbose bool, now time.Time) *report {
	return &report{w: w, verbose: verbose, start: now, lastLine: now, counts: map[string]int{}}
}

// line prints one line, prefixed with the time since the run started.
func (r *report) line(format string, args ...any) {
	now := time.Now()
	fmt.Fprintf(r.w, "[%s] %s\n", clock(now.Sub(r.start)), fmt.Sprintf(format, args...))
	r.lastLine = now
}

func clock(d time.Duration) string {
	d = d.Round(time.Second)
	return fmt.Sprintf("%2d:%02d", int(d.Minutes()), int(d.Seconds())%60)
}

func (r *report) startStep(s step) {
	r.stepName, r.stepStart, r.goTest = s.name, time.Now(), s.goTestArgs() != nil
	r.running, r.tests = map[string]time.Time{}, map[string]map[string]time.Time{}
	r.output, r.build = map[testKey][]string{}, map[string][]string{}
	r.line("step %s: %s", s.name, s.command)
}

func (r *report) endStep(name string) {
	n := 0
	for _, f := range r.failures {
		if f.step == name {
			n++
		}
	}
	r.line("step %s: done in %s, %d failures", name, time.Since(r.stepStart).Round(time.Second), n)
}

func (r *report) stepFailed(name, message string) {
	r.fail(failure{step: name, output: strings.Split(message, "\n")})
}

func (r *report) stepHasFailures(name string) bool {
	return slices.ContainsFunc(r.failures, func(f failure) bool { return f.step == name })
}

// fail records a failure and prints it at once, so a long run shows it before its end.
func (r *report) fail(f failure) {
	f.output = tail(f.output, keptLines)
	r.failures = append(r.failures, f)
	r.line("FAIL %s", f.title())
	for _, l := range f.output {
		fmt.Fprintln(r.w, "    "+l)
	}
}

func (f failure) title() string {
	parts := []string{f.step}
	for _, s := range []string{f.pkg, f.test} {
		if s != "" {
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, " ")
}

// record takes one event of step.
func (r *report) record(step string, ev event) {
	key := testKey{ev.Package, ev.Test}
	switch ev.Action {
	case "start":
		r.running[ev.Package] = ev.Time
		r.tests[ev.Package] = map[string]time.Time{}
		r.line("start %s", ev.Package)
	case "run":
		if !strings.Contains(ev.Test, "/") && r.tests[ev.Package] != nil {
			r.tests[ev.Package][ev.Test] = ev.Time
		}
	case "output":
		if ev.Package == "" { // not JSON: a line of go test's own
			r.line("%s", strings.TrimRight(ev.Output, "\n"))
			return
		}
		r.output[key] = tail(append(r.output[key], strings.TrimRight(ev.Output, "\n")), keptLines)
	case "build-output":
		r.build[ev.ImportPath] = append(r.build[ev.ImportPath], strings.TrimRight(ev.Output, "\n"))
	case "build-fail":
		r.fail(failure{step: step, pkg: ev.ImportPath, test: "[build failed]", output: r.build[ev.ImportPath]})
	case "pass", "fail", "skip":
		if ev.Test != "" {
			r.endTest(step, ev)
		} else {
			r.endPackage(step, ev)
		}
	}
}

// endTest ends a test or subtest; every one is timed, and top-level tests are counted.
func (r *report) endTest(step string, ev event) {
	key := testKey{ev.Package, ev.Test}
	out := r.output[key]
	delete(r.output, key)
	elapsed := time.Duration(ev.Elapsed * float64(time.Second))
	if ev.Action == "fail" {
		r.fail(failure{step: step, pkg: ev.Package, test: ev.Test, output: out})
	}
	if ev.Action != "skip" { // subtests too: a parent's time leaves out its parallel subtests
		r.finished = append(r.finished, finishedTest{ev.Package, ev.Test, elapsed})
	}
	if strings.Contains(ev.Test, "/") {
		return
	}
	delete(r.tests[ev.Package], ev.Test)
	r.counts[ev.Action]++
	if r.verbose && ev.Action != "fail" {
		r.line("--- %s: %s %s (%.2fs)", strings.ToUpper(ev.Action), ev.Package, ev.Test, ev.Elapsed)
	}
}

// endPackage ends a package: a line, and a failure of its own when it failed without a failing test
// (a build that failed, a panic outside a test, a timeout).
func (r *report) endPackage(step string, ev event) {
	pkgOut := r.output[testKey{ev.Package, ""}]
	delete(r.running, ev.Package)
	delete(r.tests, ev.Package)
	switch {
	case ev.Action == "skip":
		if r.verbose {
			r.line("?   %s [no test files]", ev.Package)
		}
		return
	case ev.Action == "pass":
		r.line("ok  %s %.1fs", ev.Package, ev.Elapsed)
		return
	}
	r.line("FAIL %s %.1fs", ev.Package, ev.Elapsed)
	switch {
	case ev.FailedBuild != "":
		if !slices.ContainsFunc(r.failures, func(f failure) bool { return f.step == step && f.pkg == ev.FailedBuild }) {
			r.fail(failure{step: step, pkg: ev.FailedBuild, test: "[build failed]", output: r.build[ev.FailedBuild]})
		}
	case !slices.ContainsFunc(r.failures, func(f failure) bool { return f.step == step && f.pkg == ev.Package }):
		r.fail(failure{step: step, pkg: ev.Package, output: pkgOut})
	}
}

// heartbeat names what runs: the step, and the packages started and their top-level tests, with how long
// each has run.
func (r *report) heartbeat(now time.Time) {
	var parts []string
	for _, pkg := range slices.Sorted(maps.Keys(r.running)) {
		var tests []string
		for _, t := range slices.Sorted(maps.Keys(r.tests[pkg])) {
			tests = append(tests, fmt.Sprintf("%s %s", t, now.Sub(r.tests[pkg][t]).Round(time.Second)))
		}
		s := fmt.Sprintf("%s %s", pkg, now.Sub(r.running[pkg]).Round(time.Second))
		if len(tests) > 0 {
			s += " (" + strings.Join(tests, ", ") + ")"
		}
		parts = append(parts, s)
	}
	running := fmt.Sprintf("… step %s %s", r.stepName, now.Sub(r.stepStart).Round(time.Second))
	switch {
	case len(parts) > 0:
		r.line("%s: %s", running, strings.Join(parts, "; "))
	case r.goTest:
		r.line("%s: building, no package running yet", running)
	default:
		r.line("%s", running)
	}
}

// summarize prints the slowest tests, every failure again, and the closing count; it reports whether
// the run passed.
func (r *report) summarize(slowest int) bool {
	slices.SortFunc(r.finished, func(a, b finishedTest) int { return cmp.Compare(b.elapsed, a.elapsed) })
	fmt.Fprintf(r.w, "\nSlowest tests:\n")
	for _, t := range r.finished[:min(slowest, len(r.finished))] {
		fmt.Fprintf(r.w, "  %8s  %s %s\n", t.elapsed.Round(100*time.Millisecond), t.pkg, t.test)
	}
	if len(r.failures) > 0 {
		fmt.Fprintf(r.w, "\nFailures (%d):\n", len(r.failures))
		for _, f := range r.failures {
			fmt.Fprintf(r.w, "  %s\n", f.title())
		}
	}
	fmt.Fprintf(r.w, "\nAll steps took %s.\n", time.Since(r.start).Round(time.Second))
	// The closing line a CI reads: a step, package or build that failed outside a test counts as one.
	failed := r.counts["fail"]
	for _, f := range r.failures {
		if f.test == "" || f.test == "[build failed]" {
			failed++
		}
	}
	fmt.Fprintf(r.w, "%d passed, %d failed, %d skipped\n", r.counts["pass"], failed, r.counts["skip"])
	return len(r.failures) == 0
}

func tail(lines []string, n int) []string {
	if len(lines) > n {
		return lines[len(lines)-n:]
	}
	return lines
}
