package main

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// report is the benchmark's output: a line about the run, the table, a table of every round's rates when
// there were several, the before/after table when there is an earlier edge, and notes.
type report struct {
	about  string
	rounds [][]result // per round, each scenario's result at its own pace, in the order they ran
	paced  []result   // the paced runs, each named "<scenario> @ <rate>/s"
	before comparison
	notes  []string
}

// comparison is, per round, each scenario's result on an earlier commit's edge (name), in the order of
// the report's own scenarios.
type comparison struct {
	name   string
	rounds [][]result
}

// baseline is the scenario every rate is also given as a share of: a search should answer about as fast
// as a look-up of one icon (issue 17 measures searches against it).
const baseline = "lookup"

// markdown renders the report as Markdown. Each scenario's row is its median round (by rate); with the
// baseline scenario among the results, its rate is also given as a share of the baseline's: the median
// of each round's share.
func (r report) markdown() string {
	var b strings.Builder
	b.WriteString("## iconlib load benchmark\n\n")
	b.WriteString(r.about + "\n\n")
	b.WriteString("| scenario | req/s | of " + baseline + " | p50 | p99 | CPU µs/req | errors |\n")
	b.WriteString("| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n")
	for _, res := range medians(r.rounds) {
		share := "n/a"
		if shares := r.shares(res.scenario); len(shares) > 0 {
			share = fmt.Sprintf("%.0f%%", 100*median(shares))
		}
		writeRow(&b, res, share)
		for _, p := range r.paced {
			if strings.HasPrefix(p.scenario, res.scenario+" @ ") {
				writeRow(&b, p, "paced")
			}
		}
	}
	r.roundsMarkdown(&b)
	r.before.markdown(&b, r.rounds)
	if len(r.notes) > 0 {
		b.WriteString("\n")
		for _, n := range r.notes {
			b.WriteString("- " + n + "\n")
		}
	}
	return b.String()
}

// writeRow writes res as a row of the main table, with share in the "of lookup" column.
func writeRow(b *strings.Builder, res result, share string) {
	fmt.Fprintf(b, "| %s | %s | %s | %s | %s | %s | %d |\n", res.scenario, thousands(res.perSecond()), share,
		millis(res.p50), millis(res.p99), cpuPerRequest(res), res.errors)
}

// shares is, for each round that measured both, scenario's rate as a share of the baseline's.
func (r report) shares(scenario string) []float64 {
	var out []float64
	for _, round := range r.rounds {
		base, ok1 := find(round, baseline)
		res, ok2 := find(round, scenario)
		if ok1 && ok2 && base.perSecond() > 0 {
			out = append(out, res.perSecond()/base.perSecond())
		}
	}
	return out
}

// roundsMarkdown writes, when more than one round ran, every round's rate of each scenario, its share of
// the baseline's and, with an earlier edge, how many times that edge's rate in the same round it is.
func (r report) roundsMarkdown(b *strings.Builder) {
	if len(r.rounds) < 2 {
		return
	}
	fmt.Fprintf(b, "\n### Each of the %d rounds\n\nThe table above gives each scenario's median round.\n\n", len(r.rounds))
	b.WriteString("| scenario | req/s | of " + baseline)
	if r.before.name != "" {
		b.WriteString(" | × " + r.before.name)
	}
	b.WriteString(" |\n| --- | ---: | ---: |")
	if r.before.name != "" {
		b.WriteString(" ---: |")
	}
	b.WriteString("\n")
	for _, res := range r.rounds[0] {
		var rates, shares []string
		for _, round := range r.rounds {
			if x, ok := find(round, res.scenario); ok {
				rates = append(rates, thousands(x.perSecond()))
			}
		}
		for _, s := range r.shares(res.scenario) {
			shares = append(shares, fmt.Sprintf("%.0f%%", 100*s))
		}
		fmt.Fprintf(b, "| %s | %s | %s |", res.scenario, strings.Join(rates, " · "), orNA(strings.Join(shares, " · ")))
		if r.before.name != "" {
			var ratios []string
			for _, x := range r.before.ratios(r.rounds, res.scenario, rate) {
				ratios = append(ratios, fmt.Sprintf("%.2f×", x))
			}
			fmt.Fprintf(b, " %s |", orNA(strings.Join(ratios, " · ")))
		}
		b.WriteString("\n")
	}
}

// orNA is s, or n/a when s is empty.
func orNA(s string) string {
	if s == "" {
		return "n/a"
	}
	return s
}

// markdown writes the before/after table: for each scenario measured on both edges, its rate and CPU a
// request on each (median rounds), how many times the earlier rate this one is (×), and how many times
// less CPU it takes (÷), each the median of the rounds' own; nothing without earlier results.
func (c comparison) markdown(b *strings.Builder, after [][]result) {
	if len(c.rounds) == 0 {
		return
	}
	fmt.Fprintf(b, "\n### Against %s\n\nEach scenario ran on %s's edge right after this one's, with the same driver; %s serves the library its own build made.", c.name, c.name, c.name)
	if len(c.rounds) > 1 {
		b.WriteString(" Rates and CPU are each edge's median round; × and ÷ the median of the rounds' own.")
	}
	fmt.Fprintf(b, "\n\n| scenario | req/s | %s req/s | × | CPU µs/req | %s CPU µs/req | ÷ | errors (%s) |\n", c.name, c.name, c.name)
	b.WriteString("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n")
	now := medians(after)
	for _, before := range medians(c.rounds) {
		i := slices.IndexFunc(now, func(r result) bool { return r.scenario == before.scenario })
		if i < 0 {
			continue
		}
		fmt.Fprintf(b, "| %s | %s | %s | %s | %s | %s | %s | %d |\n", now[i].scenario, thousands(now[i].perSecond()),
			thousands(before.perSecond()), medianTimes(c.ratios(after, before.scenario, rate)), cpuPerRequest(now[i]),
			cpuPerRequest(before), medianTimes(c.ratios(after, before.scenario, cpuSaving)), before.errors)
	}
}

// ratios is, for each round in which both edges measured scenario, f of this edge's result and the
// earlier one's; f gives 0 when it is unknown, and such rounds are left out.
func (c comparison) ratios(after [][]result, scenario string, f func(now, before result) float64) []float64 {
	var out []float64
	for k := range min(len(after), len(c.rounds)) {
		now, ok1 := find(after[k], scenario)
		before, ok2 := find(c.rounds[k], scenario)
		if !ok1 || !ok2 {
			continue
		}
		if x := f(now, before); x > 0 {
			out = append(out, x)
		}
	}
	return out
}

// rate is how many times before's rate now's is.
func rate(now, before result) float64 { return quotient(now.perSecond(), before.perSecond()) }

// cpuSaving is how many times less edge CPU a request now takes than before.
func cpuSaving(now, before result) float64 { return quotient(cpuMicros(before), cpuMicros(now)) }

// quotient is a/b, 0 when either is unknown (not positive).
func quotient(a, b float64) float64 {
	if a <= 0 || b <= 0 {
		return 0
	}
	return a / b
}

// medianTimes is the median of xs with two decimals and a ×, n/a for none.
func medianTimes(xs []float64) string {
	if len(xs) == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.2f×", median(xs))
}

// medians is each scenario's median round by rate, in the order of the first round that has it.
func medians(rounds [][]result) []result {
	var out []result
	for _, round := range rounds {
		for _, res := range round {
			if slices.ContainsFunc(out, func(r result) bool { return r.scenario == res.scenario }) {
				continue
			}
			var all []result
			for _, other := range rounds {
				if x, ok := find(other, res.scenario); ok {
					all = append(all, x)
				}
			}
			slices.SortFunc(all, func(a, b result) int { return cmp.Compare(a.perSecond(), b.perSecond()) })
			out = append(out, all[(len(all)-1)/2])
		}
	}
	return out
}

// median is the middle of xs (the lower of the two middle ones for an even count); xs must not be empty.
func median(xs []float64) float64 {
	s := slices.Sorted(slices.Values(xs))
	return s[(len(s)-1)/2]
}

// find is the result of scenario in round, and whether there is one.
func find(round []result, scenario string) (result, bool) {
	i := slices.IndexFunc(round, func(r result) bool { return r.scenario == scenario })
	if i < 0 {
		return result{}, false
	}
	return round[i], true
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
