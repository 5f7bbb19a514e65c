//go:build unix

package edge

import "syscall"

// openFileLimit is the process's limit on open descriptors (Go raises the soft limit to the hard one at
// start), or 0 when it cannot be read.
func openFileLimit() uint64 {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &rl); err != nil {
		return 0
	}
	return rl.Cur
}
