//go:build unix

package wordvec

import (
	"fmt"
	"os"
	"syscall"
)

// mapFile maps path read-only and returns its bytes and the function that unmaps them.
func mapFile(path string) ([]byte, func(), error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close() // the mapping outlives the descriptor
	info, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	if info.Size() == 0 || int64(int(info.Size())) != info.Size() {
		return nil, nil, fmt.Errorf("%s: %w: %d bytes", path, ErrCorrupt, info.Size())
	}
	b, err := syscall.Mmap(int(f.Fd()), 0, int(info.Size()), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	return b, func() { syscall.Munmap(b) }, nil
}
