package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// clockTicks is the unit of utime and stime in /proc/<pid>/stat: USER_HZ, sysconf(_SC_CLK_TCK), which the
// kernel fixes at 100 for user space on every Linux architecture Go runs on.
const clockTicks = 100

// cpuTime returns the CPU time, user and system, that process pid has used so far.
func cpuTime(pid int) (time.Duration, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	// The command name, field 2, is in parentheses and may hold spaces: count fields after the last ')'.
	// There field 3 (state) comes first, so utime (14) and stime (15) are the 12th and 13th.
	f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
	if len(f) < 13 {
		return 0, fmt.Errorf("/proc/%d/stat: %d fields after the name, want at least 13", pid, len(f))
	}
	var ticks int64
	for _, s := range f[11:13] {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return 0, fmt.Errorf("/proc/%d/stat: %w", pid, err)
		}
		ticks += n
	}
	return time.Duration(ticks) * time.Second / clockTicks, nil
}

// residentBytes returns process pid's resident set size, VmRSS in /proc/<pid>/status.
func residentBytes(pid int) (int64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for line := range strings.Lines(string(b)) {
		rest, ok := strings.CutPrefix(line, "VmRSS:")
		if !ok {
			continue
		}
		f := strings.Fields(rest) // "78756 kB"
		if len(f) != 2 || f[1] != "kB" {
			return 0, fmt.Errorf("/proc/%d/status: VmRSS is %q", pid, strings.TrimSpace(rest))
		}
		kb, err := strconv.ParseInt(f[0], 10, 64)
		return kb << 10, err
	}
	return 0, fmt.Errorf("/proc/%d/status has no VmRSS", pid)
}

// ownChild makes cmd's process this one's alone: in its own process group, so a terminal's Ctrl-C reaches
// only this program, which then stops the child itself; and killed by the kernel when this program dies,
// even by SIGKILL or a crash that runs no deferred cleanup, so no edge is left holding its port and memory.
func ownChild(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// startBatch starts cmd under the kernel's batch policy, SCHED_BATCH: the load generator keeps its share
// of the CPUs it shares with the edge, but its wake-ups no longer preempt the edge's threads mid-request,
// as a remote client's packets would not. Preempted, a thread of the edge keeps the requests its
// goroutines hold waiting until the kernel runs it again: a bare net/http server burning 200 µs of CPU a
// request had a p99 of 22–32 ms under wrk at the normal policy and 4.5 ms with wrk niced.
//
// The child inherits the policy of the thread that forks it: that thread is set to SCHED_BATCH for the
// fork and then back, so no other thread of this process (nor an edge it starts) has it. Should setting
// it back fail, the thread is left locked and ends with its goroutine.
func startBatch(cmd *exec.Cmd) error {
	started := make(chan error, 1)
	go func() {
		runtime.LockOSThread()
		was, err := unix.SchedGetAttr(0, 0)
		if err == nil {
			err = unix.SchedSetAttr(0, &unix.SchedAttr{Policy: unix.SCHED_BATCH, Nice: was.Nice}, 0)
		}
		if err != nil {
			started <- fmt.Errorf("SCHED_BATCH: %w", err)
			return
		}
		err = cmd.Start()
		if unix.SchedSetAttr(0, was, 0) == nil {
			runtime.UnlockOSThread()
		}
		started <- err
	}()
	return <-started
}
