package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// clockTicks is the unit of utime and stime in /proc/<pid>/stat: USER_HZ, sysconf(_SC_CLK_TCK), which the
// kernel fixes at 100 for user space on every Linux architecture Go runs on.
const clockTicks = 100

// procStat reads /proc/<pid>/stat: the command name (field 2, in parentheses, and it may hold spaces and
// parentheses) and the fields after it, field 3 (state) first.
func procStat(pid int) (comm string, fields []string, err error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return "", nil, err
	}
	start, end := bytes.IndexByte(b, '('), bytes.LastIndexByte(b, ')')
	if start < 0 || end < start {
		return "", nil, fmt.Errorf("/proc/%d/stat: no command name in parentheses", pid)
	}
	return string(b[start+1 : end]), strings.Fields(string(b[end+1:])), nil
}

// cpuTime returns the CPU time, user and system, that process pid has used so far.
func cpuTime(pid int) (time.Duration, error) {
	_, f, err := procStat(pid)
	if err != nil {
		return 0, err
	}
	// utime (field 14) and stime (15) are the 12th and 13th after the name.
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

// asBatch runs f with every thread of this process at the kernel's batch policy, SCHED_BATCH, and then
// sets them back to the policy the calling thread had; a command f starts inherits it (wrk). The load
// generator keeps its share of the CPUs it shares with the edge, but its wake-ups no longer preempt the
// edge's threads mid-request, as a remote client's would not: preempted, a thread of the edge keeps the
// requests its goroutines hold waiting until the kernel runs it again. A bare net/http server burning
// 200 µs of CPU a request had a p99 of 22–32 ms under wrk at the normal policy, 4.2–4.4 ms with wrk at
// the batch one (docs/design.md).
func asBatch(f func()) error {
	was, err := unix.SchedGetAttr(0, 0)
	if err != nil {
		return fmt.Errorf("sched_getattr: %w", err)
	}
	if err := setEveryThread(unix.SCHED_BATCH, was.Nice); err != nil {
		setEveryThread(was.Policy, was.Nice)
		return fmt.Errorf("SCHED_BATCH: %w", err)
	}
	f()
	return setEveryThread(was.Policy, was.Nice)
}

// setEveryThread sets every thread of this process to policy and nice, passing over the threads again
// until none is left at another: a thread made during a pass is a copy of one that may not be set yet.
func setEveryThread(policy uint32, nice int32) error {
	for range 10 {
		tasks, err := os.ReadDir("/proc/self/task")
		if err != nil {
			return err
		}
		changed := false
		for _, task := range tasks {
			tid, err := strconv.Atoi(task.Name())
			if err != nil {
				continue
			}
			attr, err := unix.SchedGetAttr(tid, 0)
			if errors.Is(err, unix.ESRCH) || err == nil && attr.Policy == policy && attr.Nice == nice {
				continue // it ended, or it is set
			}
			err = unix.SchedSetAttr(tid, &unix.SchedAttr{Policy: policy, Nice: nice}, 0)
			if err != nil && !errors.Is(err, unix.ESRCH) {
				return fmt.Errorf("thread %d: %w", tid, err)
			}
			changed = true
		}
		if !changed {
			return nil
		}
	}
	return errors.New("threads kept appearing at another policy")
}

// peakResident is the most memory a finished child process held resident, in bytes.
func peakResident(ps *os.ProcessState) (int64, error) {
	ru, ok := ps.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0, errNoRusage
	}
	return ru.Maxrss << 10, nil // Linux counts it in KiB
}

var errNoRusage = errors.New("no resource usage for the process")
