package edge

import (
	"net"

	"golang.org/x/net/netutil"
)

// reservedFDs are the descriptors the edge keeps for other things than client connections: the file
// cache's kept descriptors of large files (64 files, 4 idle descriptors each), the files requests open
// for a moment (records, pages: 128 at once is far more than two cores serve), and listeners, the log,
// the shared store's connection pool and the snapshot files a reload opens (64).
const reservedFDs = 64*4 + 128 + 64

// connectionCap is how many client connections the edge holds at once under an open-file limit of
// fdLimit: what the reserve leaves, and at least a quarter of the limit. Without a cap, a flood of
// connections took every descriptor: accept then failed with EMFILE and net/http's server slept up to a
// second between tries, so everyone, not only the flood, waited, and requests that open a file failed.
// At the cap the listener stops accepting and new connections wait in the kernel's queue until one ends.
// At 1,024 descriptors the cap is 576, room for the 256 legacy streams an edge holds at most
// (mcp.DefaultStreamLimits) and 320 other connections.
func connectionCap(fdLimit uint64) int {
	return int(min(max(fdLimit-min(fdLimit, reservedFDs), fdLimit/4), 1<<30))
}

// capConnections wraps ln so it holds at most connectionCap connections of this process's open-file
// limit, and returns that cap (0: not capped, the limit unknown).
func capConnections(ln net.Listener) (net.Listener, int) {
	limit := openFileLimit()
	if limit == 0 {
		return ln, 0
	}
	n := connectionCap(limit)
	return netutil.LimitListener(ln, n), n
}
