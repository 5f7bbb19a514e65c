package main

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// report is the benchmark's output: a line about the run, the table, and notes.
type report struct {
	about   string
	results []result
	notes   []string
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
		cpu, share := "n/a", "n/a"
		if res.cpuErr == nil && res.requests > 0 {
			cpu = fmt.Sprintf("%.0f", res.perRequest(res.cpu))
		}
		switch {
		case res.offered > 0:
			share = "paced"
		case base > 0:
			share = fmt.Sprintf("%.0f%%", 100*res.perSecond()/base)
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %d |\n", res.scenario, thousands(res.perSecond()), share,
			millis(res.p50), millis(res.p99), cpu, res.errors)
	}
	if len(r.notes) > 0 {
		b.WriteString("\n")
		for _, n := range r.notes {
			b.WriteString("- " + n + "\n")
		}
	}
	return b.String()
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

// megabytes formats a size in MB (10^6 bytes).
func megabytes(n int64) string { return fmt.Sprintf("%.0f MB", float64(n)/1e6) }
