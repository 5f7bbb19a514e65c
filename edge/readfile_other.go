//go:build !linux

package edge

import "path/filepath"

// readFile reads f whole for the file cache, inside the snapshot's root.
func (idx *fileIndex) readFile(f *file) ([]byte, error) {
	return idx.root.ReadFile(filepath.FromSlash(idx.rel(f)))
}
