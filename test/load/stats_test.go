package main

import (
	"errors"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"
)

func TestPercentileIsTheNearestRank(t *testing.T) {
	hundred := make([]time.Duration, 100)
	for i := range hundred {
		hundred[i] = time.Duration(i+1) * time.Millisecond // 1 ms … 100 ms
	}
	tests := []struct {
		name   string
		sorted []time.Duration
		p      float64
		want   time.Duration
	}{
		{"no values", nil, 50, 0},
		{"one value", []time.Duration{7}, 99, 7},
		{"median of 100", hundred, 50, 50 * time.Millisecond},
		{"p99 of 100", hundred, 99, 99 * time.Millisecond},
		{"p100 is the largest", hundred, 100, 100 * time.Millisecond},
		{"a tiny p is the smallest", hundred, 0.1, time.Millisecond},
		{"p99 of 10 is the largest", hundred[:10], 99, 10 * time.Millisecond},
		{"median of 4 is the second", []time.Duration{1, 2, 3, 4}, 50, 2},
		{"p75 of 4 is the third", []time.Duration{1, 2, 3, 4}, 75, 3},
		{"p76 of 4 is the fourth", []time.Duration{1, 2, 3, 4}, 76, 4},
	}
	for _, tc := range tests {
		if got := percentile(tc.sorted, tc.p); got != tc.want {
			t.Errorf("%s: percentile(p%g) = %v, want %v", tc.name, tc.p, got, tc.want)
		}
	}
}

func TestMergeSortedSortsEveryConnectionsLatencies(t *testing.T) {
	got := mergeSorted([][]time.Duration{{5, 1}, nil, {3, 2, 4}})
	for i, d := range got {
		if d != time.Duration(i+1) {
			t.Fatalf("mergeSorted = %v, want 1…5", got)
		}
	}
}

func TestFormats(t *testing.T) {
	for in, want := range map[float64]string{0: "0", 999.4: "999", 41234.6: "41,235", 1234567: "1,234,567"} {
		if got := thousands(in); got != want {
			t.Errorf("thousands(%g) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[time.Duration]string{312 * time.Microsecond: "0.312 ms", 4700 * time.Microsecond: "4.70 ms",
		12345 * time.Microsecond: "12.3 ms", 250 * time.Millisecond: "250 ms"} {
		if got := millis(in); got != want {
			t.Errorf("millis(%v) = %q, want %q", in, got, want)
		}
	}
}

// TestReportGivesRatesAsShareOfLookup: the report gives each scenario's rate as a share of lookup's, the
// figure issue 17 measures searches by, and "n/a" when lookup did not run.
func TestReportGivesRatesAsShareOfLookup(t *testing.T) {
	lookup := result{scenario: "lookup", requests: 8000, elapsed: time.Second, latencies: []time.Duration{time.Millisecond}}
	search := result{scenario: "search-uncached", requests: 4100, elapsed: time.Second, latencies: []time.Duration{time.Millisecond}}
	md := report{rounds: [][]result{{lookup, search}}}.markdown()
	for _, row := range []string{"| lookup | 8,000 | 100% |", "| search-uncached | 4,100 | 51% |"} {
		if !strings.Contains(md, row) {
			t.Errorf("report lacks %q:\n%s", row, md)
		}
	}
	if md := (report{rounds: [][]result{{search}}}).markdown(); !strings.Contains(md, "| search-uncached | 4,100 | n/a |") {
		t.Errorf("without lookup, the share should be n/a:\n%s", md)
	}
}

// TestReportComparesWithTheEarlierEdge: with an earlier commit's results, the report adds a table giving,
// per scenario measured on both, how many times the earlier rate this one reaches and how many times less
// CPU it takes; a scenario only the earlier edge measured, or a CPU time not known, gives no figure.
func TestReportComparesWithTheEarlierEdge(t *testing.T) {
	now := []result{
		{scenario: "lookup", requests: 8000, elapsed: time.Second, cpu: 800 * time.Millisecond},
		{scenario: "search-20words", requests: 5000, elapsed: time.Second, cpu: 1500 * time.Millisecond},
	}
	before := []result{
		{scenario: "lookup", requests: 8000, elapsed: time.Second, cpuErr: errors.New("no /proc")},
		{scenario: "search-20words", requests: 1000, elapsed: time.Second, cpu: 1800 * time.Millisecond, errors: 3},
		{scenario: "semantic", requests: 900, elapsed: time.Second, cpu: time.Second},
	}
	md := report{rounds: [][]result{now}, before: comparison{name: "bc2ef61", rounds: [][]result{before}}}.markdown()
	for _, want := range []string{
		"### Against bc2ef61",
		"| lookup | 8,000 | 8,000 | 1.00× | 100 | n/a | n/a | 0 |",
		"| search-20words | 5,000 | 1,000 | 5.00× | 300 | 1800 | 6.00× | 3 |",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("report lacks %q:\n%s", want, md)
		}
	}
	if strings.Contains(md, "| semantic |") {
		t.Errorf("a scenario this edge did not measure has a row:\n%s", md)
	}
	if md := (report{rounds: [][]result{now}}).markdown(); strings.Contains(md, "Against") {
		t.Errorf("without earlier results, no comparison:\n%s", md)
	}
}

// TestReportGivesTheMedianRound: with several rounds, each row is the scenario's median round, its share
// of lookup's and its multiple of the earlier edge's rate are the medians of each round's own (not the
// quotient of medians), and a table lists every round's figures.
func TestReportGivesTheMedianRound(t *testing.T) {
	at := func(scenario string, perSecond int, cpu time.Duration) result {
		return result{scenario: scenario, requests: perSecond, elapsed: time.Second, cpu: cpu}
	}
	now := [][]result{
		{at("lookup", 10000, time.Second), at("search-20words", 5000, 1500*time.Millisecond)},
		{at("lookup", 8000, time.Second), at("search-20words", 4400, 1320*time.Millisecond)},
		{at("lookup", 12000, time.Second), at("search-20words", 4800, 1440*time.Millisecond)},
	}
	before := [][]result{
		{at("lookup", 10000, time.Second), at("search-20words", 1000, 1400*time.Millisecond)},
		{at("lookup", 8000, time.Second), at("search-20words", 1100, 1540*time.Millisecond)},
		{at("lookup", 12000, time.Second), at("search-20words", 800, 1120*time.Millisecond)},
	}
	md := report{rounds: now, paced: []result{at("search-20words @ 2,400/s", 2400, time.Second)},
		before: comparison{name: "bc2ef61", rounds: before}}.markdown()
	for _, want := range []string{
		// the median round of each; shares 50%, 55%, 40%; rate multiples 5.00, 4.00, 6.00; CPU savings 4.67 in each
		"| lookup | 10,000 | 100% |",
		"| search-20words | 4,800 | 50% |",
		"| search-20words @ 2,400/s | 2,400 | paced |",
		"### Each of the 3 rounds",
		"| search-20words | 5,000 · 4,400 · 4,800 | 50% · 55% · 40% | 5.00× · 4.00× · 6.00× |",
		"| search-20words | 4,800 | 1,000 | 5.00× | 300 | 1400 | 4.67× | 0 |",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("report lacks %q:\n%s", want, md)
		}
	}
	if md := (report{rounds: now[:1]}).markdown(); strings.Contains(md, "Each of the") {
		t.Errorf("one round needs no table of rounds:\n%s", md)
	}
}

// The edge's CPU time and memory come from /proc; this process's own must read as plausible.
func TestProcReadsThisProcess(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc")
	}
	before, err := cpuTime(os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	// Burn CPU until the reading grows by 20 ms: on a busy machine that takes longer than 20 ms of wall time,
	// so the wall clock only bounds the wait.
	after := before
	for deadline := time.Now().Add(10 * time.Second); after-before < 20*time.Millisecond && time.Now().Before(deadline); {
		for start := time.Now(); time.Since(start) < 5*time.Millisecond; {
		}
		if after, err = cpuTime(os.Getpid()); err != nil {
			t.Fatal(err)
		}
	}
	if after-before < 20*time.Millisecond || after-before > 5*time.Second {
		t.Errorf("CPU time went from %v to %v while burning CPU, want 20 ms more or so", before, after)
	}
	if rss, err := residentBytes(os.Getpid()); err != nil || rss < 1<<20 || rss > 1<<34 {
		t.Errorf("RSS %d bytes (%v), want some megabytes", rss, err)
	}
}

// TestGeneratorNoteNamesScenariosItLimited: a scenario in which the generator used nine tenths or more of
// its procs' time is named as one whose rate may be the generator's.
func TestGeneratorNoteNamesScenariosItLimited(t *testing.T) {
	results := func(procs int) []result {
		return []result{
			{scenario: "lookup", requests: 1000, elapsed: time.Second, generatorCPU: 950 * time.Millisecond, generatorProcs: procs},
			{scenario: "search", requests: 1000, elapsed: time.Second, generatorCPU: 300 * time.Millisecond, generatorProcs: procs},
		}
	}
	note := generatorNote(results(1), "wrk")
	if !strings.Contains(note, "(not the edge's; it shares the CPUs; wrk): lookup 950, search 300") ||
		!strings.HasSuffix(note, "near its limit in lookup") {
		t.Errorf("one proc: %q", note)
	}
	if note := generatorNote(results(2), "GOMAXPROCS 2"); strings.Contains(note, "near its limit") || strings.Contains(note, "garbage") {
		t.Errorf("two procs: %q", note)
	}
	collected := results(2)
	collected[1].generatorGCs = 3
	if note := generatorNote(collected, "GOMAXPROCS 2"); !strings.HasSuffix(note, "the Go driver collected garbage during search (3), and its latencies there include those pauses") {
		t.Errorf("three collections in search: %q", note)
	}
}
