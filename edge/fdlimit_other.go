//go:build !unix

package edge

// openFileLimit is 0, unknown: where there is no descriptor limit to read, connections are not capped.
func openFileLimit() uint64 { return 0 }
