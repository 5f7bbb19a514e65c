package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"slices"
	"strings"
	"syscall"
	"time"
)

// edgeProcess is an `iconlib serve` child process on a loopback port.
type edgeProcess struct {
	name string // for messages: "edge", "uncached edge"
	url  string // http://127.0.0.1:<port>
	// metrics is the base URL of the edge's metrics and pprof server (--metrics-addr), if it has one.
	metrics string
	cmd     *exec.Cmd
	logs    string        // the file the edge's output goes to
	done    chan struct{} // closed when the process has exited
	err     error         // the exit, after done
}

// edgeArgs are the arguments of `iconlib serve` for a benchmark: loopback, no rate limits (the generator
// sends thousands of requests a second from one address; "off", which edges from before the flag took
// booleans understand too), no watching for new builds, and a signing key kept outside public/.
func edgeArgs(addr, public, keyFile string, extra []string) []string {
	return append([]string{"serve", "--addr", addr, "--public", public, "--base-url", "http://" + addr,
		"--rate-limits=off", "--watch=0", "--key-file", keyFile}, extra...)
}

// startEdge starts bin with args and waits until it answers /healthz. The edge logs a line per request
// to its stderr, which goes to a file of its own in dir, as a deployment's goes to a file or a journal:
// through a pipe the load generator read, reading cost it 24 µs of CPU a request (20-word searches at
// 5.9k a second), on the CPUs the edge shares. Messages quote the file's end. With profiled, the edge
// also serves its metrics and pprof on a loopback port of its own.
func startEdge(ctx context.Context, name, bin, addr, dir string, args []string, profiled bool) (*edgeProcess, error) {
	logs, err := os.CreateTemp(dir, "edge-*.log")
	if err != nil {
		return nil, err
	}
	defer logs.Close() // the child has its own descriptor
	e := &edgeProcess{name: name, url: "http://" + addr, logs: logs.Name(), done: make(chan struct{})}
	if profiled {
		metricsAddr, err := freeLoopbackAddr()
		for err == nil && metricsAddr == addr { // addr is free until the edge starts: the same port may come back
			metricsAddr, err = freeLoopbackAddr()
		}
		if err != nil {
			return nil, err
		}
		args = append(slices.Clone(args), "--metrics-addr", metricsAddr)
		e.metrics = "http://" + metricsAddr
	}
	e.cmd = exec.Command(bin, args...)
	e.cmd.Stderr = logs
	e.cmd.Stdout = logs
	ownChild(e.cmd)
	if err := e.cmd.Start(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	go func() {
		e.err = e.cmd.Wait()
		close(e.done)
	}()
	if err := e.waitHealthy(ctx, 2*time.Minute); err != nil {
		e.Stop()
		return nil, fmt.Errorf("%s (%s %s): %w\n%s", name, bin, strings.Join(args, " "), err, e.lastLogs())
	}
	return e, nil
}

// waitHealthy polls /healthz until it answers 200, the process exits, or the timeout passes.
func (e *edgeProcess) waitHealthy(ctx context.Context, timeout time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	client := &http.Client{Timeout: time.Second}
	for {
		if res, err := client.Get(e.url + "/healthz"); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return nil
			}
		}
		select {
		case <-e.done:
			return fmt.Errorf("exited before it was healthy: %v", e.err)
		case <-ctx.Done():
			return fmt.Errorf("not healthy at %s/healthz: %w", e.url, ctx.Err())
		case <-tick.C:
		}
	}
}

// Pid is the edge's process id.
func (e *edgeProcess) Pid() int { return e.cmd.Process.Pid }

// Stop asks the edge to shut down (SIGTERM, which it answers by draining requests) and kills it if it
// has not exited within 10 seconds. It is safe to call more than once.
func (e *edgeProcess) Stop() {
	select {
	case <-e.done:
		return
	default:
	}
	_ = e.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-e.done:
	case <-time.After(10 * time.Second):
		_ = e.cmd.Process.Kill()
		<-e.done
	}
}

// freeLoopbackAddr returns a loopback address with a port nobody listens on now.
func freeLoopbackAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

// serveHasFlag reports whether `bin serve --help` lists flag (such as "--answer-cache-mb").
func serveHasFlag(bin, flag string) (bool, error) {
	out, err := exec.Command(bin, "serve", "--help").CombinedOutput()
	if err != nil {
		return false, fmt.Errorf("%s serve --help: %w\n%s", bin, err, out)
	}
	for _, f := range strings.Fields(string(out)) {
		if f == flag || strings.HasPrefix(f, flag+"=") {
			return true, nil
		}
	}
	return false, nil
}

// lastLogsBytes is how much of the end of the edge's output a message quotes.
const lastLogsBytes = 16 << 10

// lastLogs is the end of what the edge has written to its output so far.
func (e *edgeProcess) lastLogs() string {
	f, err := os.Open(e.logs)
	if err != nil {
		return fmt.Sprintf("(no output: %v)", err)
	}
	defer f.Close()
	end, err := f.Seek(0, io.SeekEnd)
	if err == nil {
		_, err = f.Seek(max(0, end-lastLogsBytes), io.SeekStart)
	}
	if err != nil {
		return fmt.Sprintf("(output unread: %v)", err)
	}
	b, err := io.ReadAll(f)
	if err != nil {
		return fmt.Sprintf("(output unread: %v)", err)
	}
	return string(b)
}

// checkRunning reports an error if the edge has exited.
func (e *edgeProcess) checkRunning() error {
	select {
	case <-e.done:
		return fmt.Errorf("%s exited: %v\n%s", e.name, e.err, e.lastLogs())
	default:
		return nil
	}
}
