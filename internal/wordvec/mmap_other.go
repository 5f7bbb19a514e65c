//go:build !unix

package wordvec

import (
	"fmt"
	"os"
)

// mapFile reads path whole where files cannot be mapped (into memory aligned for package flat).
func mapFile(path string) ([]byte, func(), error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	if len(b) == 0 {
		return nil, nil, fmt.Errorf("%s: %w: empty", path, ErrCorrupt)
	}
	return b, func() {}, nil
}
