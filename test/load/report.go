package main

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// report is the benchmark's output: a line about the run, the table, the before/after table when there
// is an earlier edge, and notes.
type report struct {
	about   string
	results []result
	before  comparison
	notes   []string
}

// comparison is each scenario's result on an earlier commit's edge (name), in the order of the
// report's own scenarios.
type comparison struct {
	name    string
	results []result
}

// baseline is the scenario every rate is also given as a share of: a search should answer about as fast
// as a look-up of one icon (issue 17 measures searches against it).
const baseline = "lookup"

// markdown renders the report as Markdown; with the baseline scenario among the results, each rate is
// also given as a share of the baseline's.
func (r report) markdown() string {
	var b strings.Builder
	b.WriteString("## iconlib load benchmark\n\n")
	b.WriteString(r.about + "\n\n")
	var base float64
	for _, res := range r.results {
		if res.scenario == baseline {
			base = res.perSecond()
		}
	}
	b.WriteString("| scenario | req/s | of " + baseline + " | p50 | p99 | CPU µs/req | errors |\n")
	b.WriteString("| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n")
	for _, res := range r.results {
		share := "n/a"
		switch {
		case res.offered > 0:
			share = "paced"
		case base > 0:
			share = fmt.Sprintf("%.0f%%", 100*res.perSecond()/base)
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %d |\n", res.scenario, thousands(res.perSecond()), share,
			millis(res.p50), millis(res.p99), cpuPerRequest(res), res.errors)
	}
	r.before.markdown(&b, r.results)
	if len(r.notes) > 0 {
		b.WriteString("\n")
		for _, n := range r.notes {
			b.WriteString("- " + n + "\n")
		}
	}
	return b.String()
}

// markdown writes the before/after table: for each scenario measured on both edges, its rate and CPU
// a request on each, how many times the earlier rate this one is (×), and how many times less CPU it
// takes (÷); nothing without earlier results.
func (c comparison) markdown(b *strings.Builder, after []result) {
	if len(c.results) == 0 {
		return
	}
	fmt.Fprintf(b, "\n### Against %s\n\nEach scenario ran on %s's edge right after this one's, with the same driver; %s serves the library its own build made.\n\n", c.name, c.name, c.name)
	fmt.Fprintf(b, "| scenario | req/s | %s req/s | × | CPU µs/req | %s CPU µs/req | ÷ | errors (%s) |\n", c.name, c.name, c.name)
	b.WriteString("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n")
	for _, before := range c.results {
		i := slices.IndexFunc(after, func(r result) bool { return r.scenario == before.scenario })
		if i < 0 {
			continue
		}
		now := after[i]
		fmt.Fprintf(b, "| %s | %s | %s | %s | %s | %s | %s | %d |\n", now.scenario, thousands(now.perSecond()),
			thousands(before.perSecond()), times(now.perSecond(), before.perSecond()), cpuPerRequest(now),
			cpuPerRequest(before), times(cpuMicros(before), cpuMicros(now)), before.errors)
	}
}

// times is a/b with two decimals and a ×, or n/a when either is unknown.
func times(a, b float64) string {
	if a <= 0 || b <= 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.2f×", a/b)
}

// thousands formats a rate as a whole number with thousands separators: 41234.6 → "41,235".
func thousands(v float64) string {
	s := strconv.FormatInt(int64(v+0.5), 10)
	var out []byte
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	return string(out)
}

// millis formats a latency in milliseconds with three significant digits: "0.312 ms", "4.70 ms", "12.3 ms".
func millis(d time.Duration) string {
	ms := float64(d) / float64(time.Millisecond)
	switch {
	case ms < 1:
		return fmt.Sprintf("%.3f ms", ms)
	case ms < 10:
		return fmt.Sprintf("%.2f ms", ms)
	case ms < 100:
		return fmt.Sprintf("%.1f ms", ms)
	}
	return fmt.Sprintf("%.0f ms", ms)
}

// cpuPerRequest is the edge's CPU µs a request of r, or n/a when unknown.
func cpuPerRequest(r result) string {
	if us := cpuMicros(r); us > 0 {
		return fmt.Sprintf("%.0f", us)
	}
	return "n/a"
}

// cpuMicros is the edge's CPU µs a request of r, 0 when unknown.
func cpuMicros(r result) float64 {
	if r.cpuErr != nil {
		return 0
	}
	return r.perRequest(r.cpu)
}

// megabytes formats a size in MB (10^6 bytes).
func megabytes(n int64) string { return fmt.Sprintf("%.0f MB", float64(n)/1e6) }
