//go:build !linux

package search_test

import "time"

// threadCPU cannot be read here.
func threadCPU() (time.Duration, bool) { return 0, false }
