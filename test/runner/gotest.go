package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"strings"
	"time"
)

// event is one line of go test -json (cmd/test2json's TestEvent, and the build-output events of go
// build -json).
type event struct {
	Time        time.Time
	Action      string // start, run, pause, cont, pass, fail, skip, output, bench, build-output, build-fail
	Package     string
	Test        string
	Elapsed     float64 // seconds
	Output      string
	ImportPath  string // build-output and build-fail: the package being built
	FailedBuild string // a package's fail: the package whose build failed
}

// result is how a go test run ended: its error (a non-zero exit) and the tail of what it wrote to
// standard error.
type result struct {
	err    error
	stderr string
}

// stderrKept is how much of go test's standard error a failure quotes.
const stderrKept = 4 << 10

// start starts a step's command and returns its events as they come: go test's with -json, and every
// line of another command's output (or a line of go test's that is not JSON, such as a vet finding) as
// an output event of no package. wait returns once the events are drained.
func start(s step) (<-chan event, func() result, error) {
	var cmd *exec.Cmd
	var stderr tailBuffer
	if args := s.goTestArgs(); args != nil {
		cmd = exec.Command(goCommand(), append([]string{"test", "-json"}, args...)...)
		cmd.Stderr = &stderr
	} else {
		cmd = exec.Command("sh", "-c", s.command) // its stderr joins its stdout, in the order they come
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil, nil, err
	}
	cmd.Stdout = pw
	if cmd.Stderr == nil {
		cmd.Stderr = pw
	}
	defer pw.Close() // the child holds its own copy
	if err := cmd.Start(); err != nil {
		pr.Close()
		return nil, nil, err
	}
	events := make(chan event, 64)
	go func() {
		defer close(events)
		defer pr.Close()
		sc := bufio.NewScanner(pr)
		sc.Buffer(make([]byte, 64<<10), 16<<20)
		for sc.Scan() {
			var ev event
			if err := json.Unmarshal(sc.Bytes(), &ev); err != nil || ev.Action == "" {
				ev = event{Time: time.Now(), Action: "output", Output: sc.Text() + "\n"}
			}
			events <- ev
		}
	}()
	wait := func() result {
		err := cmd.Wait()
		return result{err: err, stderr: strings.TrimSpace(stderr.String())}
	}
	return events, wait, nil
}

// goCommand is the go command: $GO (as make passes it), else go.
func goCommand() string {
	if g := os.Getenv("GO"); g != "" {
		return g
	}
	return "go"
}

// tailBuffer keeps the last stderrKept bytes written to it, and echoes every write to the runner's own
// standard error, so what go test says there (a download, a build error) is seen as it happens.
type tailBuffer struct{ b []byte }

func (t *tailBuffer) Write(p []byte) (int, error) {
	os.Stderr.Write(p)
	t.b = append(t.b, p...)
	if len(t.b) > stderrKept {
		t.b = t.b[len(t.b)-stderrKept:]
	}
	return len(p), nil
}

func (t *tailBuffer) String() string { return string(bytes.ToValidUTF8(t.b, nil)) }
