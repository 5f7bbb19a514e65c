package main

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os/exec"
	"slices"
	"strings"
	"sync"
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
	logs    *tail
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
// to its stderr; the last few kilobytes are kept for messages and the rest discarded. With profiled, the
// edge also serves its metrics and pprof on a loopback port of its own.
func startEdge(ctx context.Context, name, bin, addr string, args []string, profiled bool) (*edgeProcess, error) {
	e := &edgeProcess{name: name, url: "http://" + addr, logs: &tail{max: 16 << 10}, done: make(chan struct{})}
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
	e.cmd.Stderr = e.logs
	e.cmd.Stdout = e.logs
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
		return nil, fmt.Errorf("%s (%s %s): %w\n%s", name, bin, strings.Join(args, " "), err, e.logs)
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

// tail keeps the last max bytes written to it (and up to max more between trims, so that a write costs
// no more than its own length on average: the edge writes a line per request).
type tail struct {
	mu  sync.Mutex
	max int
	buf []byte
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > 2*t.max {
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-t.max:]...)
	}
	return len(p), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf[max(0, len(t.buf)-t.max):])
}

// checkRunning reports an error if the edge has exited.
func (e *edgeProcess) checkRunning() error {
	select {
	case <-e.done:
		return fmt.Errorf("%s exited: %v\n%s", e.name, e.err, e.logs)
	default:
		return nil
	}
}
