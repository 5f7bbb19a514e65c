package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// writeModule writes a small module: a package whose tests pass, one with a failing test, one that
// does not compile, and one whose test binary dies outside any test.
func writeModule(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":                  "module example.test/m\n\ngo 1.22\n",
		"good/good_test.go":       "package good\nimport \"testing\"\nfunc TestFine(t *testing.T) {}\nfunc TestSkipped(t *testing.T) { t.Skip(\"no\") }\n",
		"bad/bad_test.go":         "package bad\nimport \"testing\"\nfunc TestBroken(t *testing.T) { t.Log(\"the reason\"); t.Fail() }\n",
		"nobuild/nobuild_test.go": "package nobuild\nimport \"testing\"\nfunc TestX(t *testing.T) { undefined() }\n",
		"dies/dies_test.go":       "package dies\nimport (\"os\"; \"testing\")\nfunc TestMain(m *testing.M) { println(\"setup went wrong\"); os.Exit(3) }\nfunc TestY(t *testing.T) {}\n",
	}
	for name, body := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestEveryStepRunsAndEveryFailureIsReportedTogether: a failing step does not stop the next one, and
// the summary names every failure (a failing test with its output, a build that failed, a test binary
// that died outside a test) and closes with the counts.
func TestEveryStepRunsAndEveryFailureIsReportedTogether(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test on a module of its own")
	}
	t.Chdir(writeModule(t))
	var out bytes.Buffer
	r := newReport(&out, true, time.Now())
	steps, err := parseSteps([]string{"first: go test -count=1 ./bad ./nobuild ./dies", "vet: go vet ./nobuild", "second: go test -count=1 ./good"})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range steps {
		runStep(r, s, time.Minute)
	}
	if r.summarize(5) {
		t.Error("the run passed with failing steps")
	}
	text := out.String()
	for _, want := range []string{
		"FAIL first example.test/m/bad TestBroken",
		"the reason",
		"FAIL first example.test/m/nobuild [",
		"undefined: undefined",
		"FAIL first example.test/m/dies",
		"setup went wrong",
		"ok  example.test/m/good",
		"--- PASS: example.test/m/good TestFine",
		"FAIL vet\n",
		"step second: done in",
		"\n1 passed, 4 failed, 1 skipped\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the report lacks %q:\n%s", want, text)
		}
	}
}

// TestAQuietRunSaysWhatRuns: when nothing was printed for a while, a line names the running package and
// its running test.
func TestAQuietRunSaysWhatRuns(t *testing.T) {
	var out bytes.Buffer
	start := time.Now()
	r := newReport(&out, false, start)
	r.startStep(step{name: "e2e", command: "go test ./test/e2e"})
	r.heartbeat(start)
	r.record("e2e", event{Time: start, Action: "start", Package: "p"})
	r.record("e2e", event{Time: start, Action: "run", Package: "p", Test: "TestSlow"})
	r.record("e2e", event{Time: start, Action: "run", Package: "p", Test: "TestSlow/sub"})
	r.heartbeat(start.Add(90 * time.Second))
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if got := lines[1]; !strings.HasSuffix(got, "… step e2e 0s: building, no package running yet") {
		t.Errorf("before any package starts: %q", got)
	}
	if got := lines[len(lines)-1]; !strings.HasSuffix(got, ": p 1m30s (TestSlow 1m30s)") {
		t.Errorf("with a test running: %q", got)
	}
}

func TestStepsNeedANameAndACommand(t *testing.T) {
	for _, bad := range [][]string{nil, {"go vet ./..."}, {"name:"}, {": go vet ./..."}} {
		if _, err := parseSteps(bad); err == nil {
			t.Errorf("parseSteps(%q) accepted", bad)
		}
	}
	steps, err := parseSteps([]string{"race: go test -race  -timeout 5m ./edge/...", "vet: go vet ./..."})
	if err != nil || steps[0].name != "race" || strings.Join(steps[0].goTestArgs(), "|") != "-race|-timeout|5m|./edge/..." {
		t.Errorf("parseSteps = %+v, %v", steps, err)
	}
	if args := steps[1].goTestArgs(); args != nil {
		t.Errorf("a vet step is taken for go test: %q", args)
	}
}
