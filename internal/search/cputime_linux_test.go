package search_test

import (
	"syscall"
	"time"
	"unsafe"
)

// threadCPU is the CPU time the calling OS thread has used (CLOCK_THREAD_CPUTIME_ID), so a measurement is
// not inflated by other processes on a busy machine; ok is false where it cannot be read.
func threadCPU() (d time.Duration, ok bool) {
	const clockThreadCPUTime = 3
	var ts syscall.Timespec
	_, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0)
	return time.Duration(ts.Nano()), errno == 0
}
