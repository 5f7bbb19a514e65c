package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// TestAsBatchSetsEveryThreadAndThenBack: while f runs, every thread of this process and a command f
// starts are at SCHED_BATCH; after it, every thread and a command started then are at the normal policy.
func TestAsBatchSetsEveryThreadAndThenBack(t *testing.T) {
	var inside map[uint32]int
	var child uint32
	err := asBatch(func() {
		inside = threadPolicies(t)
		cmd := exec.Command("sleep", "30")
		if err := cmd.Start(); err != nil {
			t.Error(err)
			return
		}
		child = policyOf(t, cmd.Process.Pid)
		cmd.Process.Kill()
		cmd.Wait()
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(inside) != 1 || inside[unix.SCHED_BATCH] == 0 || child != unix.SCHED_BATCH {
		t.Errorf("inside: threads by policy %v, the command at %d; want all at SCHED_BATCH (%d)", inside, child, unix.SCHED_BATCH)
	}
	after := threadPolicies(t)
	cmd := exec.Command("sleep", "30")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	defer cmd.Process.Kill()
	if len(after) != 1 || after[unix.SCHED_NORMAL] == 0 || policyOf(t, cmd.Process.Pid) != unix.SCHED_NORMAL {
		t.Errorf("after: threads by policy %v, a command at %d; want all at SCHED_NORMAL", after, policyOf(t, cmd.Process.Pid))
	}
}

// threadPolicies counts the threads of this process by scheduling policy.
func threadPolicies(t *testing.T) map[uint32]int {
	t.Helper()
	tasks, err := os.ReadDir("/proc/self/task")
	if err != nil {
		t.Fatal(err)
	}
	n := map[uint32]int{}
	for _, task := range tasks {
		tid, err := strconv.Atoi(task.Name())
		if err != nil {
			t.Fatal(err)
		}
		if attr, err := unix.SchedGetAttr(tid, 0); err == nil {
			n[attr.Policy]++
		}
	}
	return n
}

// TestWrkRunsAtTheBatchPolicy: the wrk driver's wrk, seen from the server while it sends requests, runs
// under SCHED_BATCH.
func TestWrkRunsAtTheBatchPolicy(t *testing.T) {
	bin := wrkPath(t)
	var once sync.Once
	policies := map[string]uint32{}
	srv := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {
		once.Do(func() { policies = childPolicies(t) })
	}))
	defer srv.Close()
	sc := scenario{name: "one", request: func(_ *worker, base string) (*http.Request, error) {
		return http.NewRequest(http.MethodGet, base+"/", nil)
	}}
	w := &wrkDriver{bin: bin, conns: 1, seed: 1, mix: 10, dir: t.TempDir()}
	paths, err := w.writePaths(sc, "measured", time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.run(context.Background(), srv.URL, paths, time.Second); err != nil {
		t.Fatal(err)
	}
	once.Do(func() {}) // after the handler's, if it ran: its map is complete
	name := filepath.Base(bin)
	if p, ok := policies[name]; !ok || p != unix.SCHED_BATCH {
		t.Errorf("this process's children and their policies while wrk ran: %v, want %s at SCHED_BATCH (%d)", policies, name, unix.SCHED_BATCH)
	}
}

// childPolicies gives the scheduling policy of each child process of this one, by its command name.
func childPolicies(t *testing.T) map[string]uint32 {
	procs, err := os.ReadDir("/proc")
	if err != nil {
		t.Error(err)
		return nil
	}
	found := map[string]uint32{}
	for _, p := range procs {
		pid, err := strconv.Atoi(p.Name())
		if err != nil {
			continue
		}
		comm, f, err := procStat(pid)
		if err != nil || len(f) < 2 || f[1] != strconv.Itoa(os.Getpid()) {
			continue // it ended, or it is no child of this process (field 4, ppid)
		}
		if attr, err := unix.SchedGetAttr(pid, 0); err == nil {
			found[comm] = attr.Policy
		}
	}
	return found
}

// policyOf is process pid's scheduling policy.
func policyOf(t *testing.T, pid int) uint32 {
	t.Helper()
	attr, err := unix.SchedGetAttr(pid, 0)
	if err != nil {
		t.Fatalf("sched_getattr(%d): %v", pid, err)
	}
	return attr.Policy
}

// TestDriverRunsAtTheBatchPolicy: the Go driver's connections make their requests at SCHED_BATCH, or at
// SCHED_NORMAL with normalPolicy (-normal-policy), and the process is at the normal policy after the run
// either way. (A server in this process could still be answering the last request after the run.)
func TestDriverRunsAtTheBatchPolicy(t *testing.T) {
	// Each run ends once the server has answered a few requests, or after a deadline generous enough for
	// a loaded machine: a busy CI may take far longer than usual to finish the first one.
	var answered atomic.Int64
	var enough atomic.Pointer[context.CancelFunc]
	srv := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {
		if answered.Add(1) >= 4 {
			(*enough.Load())()
		}
	}))
	defer srv.Close()
	for _, normal := range []bool{false, true} {
		want := uint32(unix.SCHED_BATCH)
		if normal {
			want = unix.SCHED_NORMAL
		}
		var mu sync.Mutex
		seen := map[uint32]int{}
		sc := scenario{name: "policy", request: func(_ *worker, base string) (*http.Request, error) {
			attr, err := unix.SchedGetAttr(0, 0)
			if err != nil {
				return nil, err
			}
			mu.Lock()
			seen[attr.Policy]++
			mu.Unlock()
			return http.NewRequest(http.MethodGet, base, nil)
		}}
		d := newDriver(2, 1, 2, "")
		d.normalPolicy = normal
		ctx, cancel := context.WithCancel(context.Background())
		answered.Store(0)
		enough.Store(&cancel)
		r := d.run(ctx, sc, srv.URL, time.Minute)
		cancel()
		mu.Lock()
		if r.errors != 0 || r.requests == 0 || len(seen) != 1 || seen[want] == 0 {
			t.Errorf("normalPolicy %v: %d requests, %d errors (%s); the driver's threads by policy: %v, want all at %d",
				normal, r.requests, r.errors, r.firstErr, seen, want)
		}
		mu.Unlock()
		if after := threadPolicies(t); len(after) != 1 || after[unix.SCHED_NORMAL] == 0 {
			t.Errorf("normalPolicy %v: after the run, threads by policy %v, want all at SCHED_NORMAL", normal, after)
		}
	}
}
