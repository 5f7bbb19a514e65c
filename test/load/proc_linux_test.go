package main

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// TestStartBatchLeavesTheHarnessAtTheNormalPolicy: a command started as wrk is (startBatch) runs under
// SCHED_BATCH, while commands started the usual way after it (as the edges are) and every thread of this
// process keep the normal policy.
func TestStartBatchLeavesTheHarnessAtTheNormalPolicy(t *testing.T) {
	batch := exec.Command("sleep", "30")
	if err := startBatch(batch); err != nil {
		t.Fatal(err)
	}
	defer batch.Wait()
	defer batch.Process.Kill()
	if p := policyOf(t, batch.Process.Pid); p != unix.SCHED_BATCH {
		t.Errorf("the command startBatch started has policy %d, want SCHED_BATCH (%d)", p, unix.SCHED_BATCH)
	}
	for range 10 {
		normal := exec.Command("sleep", "30")
		if err := normal.Start(); err != nil {
			t.Fatal(err)
		}
		p := policyOf(t, normal.Process.Pid)
		normal.Process.Kill()
		normal.Wait()
		if p != unix.SCHED_NORMAL {
			t.Fatalf("a command started after it has policy %d, want SCHED_NORMAL", p)
		}
	}
	// The thread that forked the command is set back once it has.
	deadline := time.Now().Add(5 * time.Second)
	for {
		batchThreads := 0
		tasks, err := os.ReadDir("/proc/self/task")
		if err != nil {
			t.Fatal(err)
		}
		for _, task := range tasks {
			tid, err := strconv.Atoi(task.Name())
			if err != nil {
				t.Fatal(err)
			}
			if attr, err := unix.SchedGetAttr(tid, 0); err == nil && attr.Policy != unix.SCHED_NORMAL {
				batchThreads++
			}
		}
		if batchThreads == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d of this process's %d threads are not at SCHED_NORMAL", batchThreads, len(tasks))
		}
		time.Sleep(10 * time.Millisecond)
	}
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
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil {
			continue // it ended
		}
		// "pid (comm) state ppid ...": comm may hold spaces, so read around the last ')'
		end := bytes.LastIndexByte(b, ')')
		f := strings.Fields(string(b[end+1:]))
		if len(f) < 2 || f[1] != strconv.Itoa(os.Getpid()) {
			continue
		}
		if attr, err := unix.SchedGetAttr(pid, 0); err == nil {
			found[string(b[bytes.IndexByte(b, '(')+1:end])] = attr.Policy
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
