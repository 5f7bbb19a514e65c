// Package redistest runs Debian's redis-server for tests: on a free loopback port, in a temporary
// directory, keeping nothing on disk. Without redis-server a test is skipped, unless ICONLIB_REQUIRE_REDIS
// is set (.ci/run sets it; make test-deps installs the package): then it fails.
package redistest

import (
	"bytes"
	"net"
	"os/exec"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/iconlib/iconlib/internal/testtool"
)

// Server is a running redis-server that a test owns. It stops when the test ends.
type Server struct {
	Addr string // host:port on loopback

	t      testing.TB
	bin    string
	dir    string
	mu     sync.Mutex
	log    bytes.Buffer // both runs' output, shown if the test failed
	cmd    *exec.Cmd
	exited chan error
}

// Start runs redis-server on a free loopback port and returns once it accepts connections.
func Start(t testing.TB) *Server {
	t.Helper()
	s := &Server{t: t, bin: binary(t), dir: t.TempDir(), Addr: freeAddr(t)}
	s.start()
	t.Cleanup(func() {
		s.Stop()
		if t.Failed() {
			t.Logf("redis-server log:\n%s", s.output())
		}
	})
	return s
}

// URL is the server's database 0 as iconlib serve --limits-store takes it.
func (s *Server) URL() string { return "redis://" + s.Addr + "/0" }

// Stop ends the server (SIGTERM; it keeps nothing) and waits for it; stopping a stopped server does nothing.
func (s *Server) Stop() {
	if s.cmd == nil {
		return
	}
	s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.exited:
	case <-time.After(10 * time.Second):
		s.cmd.Process.Kill()
		<-s.exited
	}
	s.cmd = nil
}

// Restart starts the stopped server again on the same port, empty.
func (s *Server) Restart() {
	s.t.Helper()
	s.Stop()
	s.start()
}

func (s *Server) start() {
	s.t.Helper()
	_, port, _ := net.SplitHostPort(s.Addr)
	cmd := exec.Command(s.bin, "--port", port, "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
		"--dir", s.dir, "--daemonize", "no", "--logfile", "")
	cmd.Stdout, cmd.Stderr = s, s
	if err := cmd.Start(); err != nil {
		s.t.Fatalf("starting %s: %v", s.bin, err)
	}
	s.cmd, s.exited = cmd, make(chan error, 1)
	go func() { s.exited <- cmd.Wait() }()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		select {
		case err := <-s.exited:
			s.cmd = nil
			s.t.Fatalf("redis-server exited at start (%v):\n%s", err, s.output())
		default:
		}
		if c, err := net.DialTimeout("tcp", s.Addr, time.Second); err == nil {
			c.Close()
			return
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("redis-server did not listen on %s within 10s:\n%s", s.Addr, s.output())
		}
	}
}

// Write collects the server's output.
func (s *Server) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.log.Write(p)
}

func (s *Server) output() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.log.String()
}

// binary finds redis-server: $ICONLIB_REDIS_SERVER, else in PATH or Debian's /usr/bin/redis-server.
func binary(t testing.TB) string {
	return testtool.Tool{Name: "redis-server", PathEnv: "ICONLIB_REDIS_SERVER", Places: []string{"/usr/bin/redis-server"},
		Require: "ICONLIB_REQUIRE_REDIS", Install: "install Debian's redis-server (make test-deps)"}.Find(t)
}

// freeAddr is a loopback address with a port nobody listens on now.
func freeAddr(t testing.TB) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return "127.0.0.1:" + strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
}
