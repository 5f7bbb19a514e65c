package edge

import (
	"fmt"
	"math"
	"os"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
)

// MemoryLimit is the edge process's soft memory limit (Go's debug.SetMemoryLimit): near it the collector
// works harder, so the heap does not grow to twice what is live under load (iconlib serve
// --memory-limit-mb). A fixed limit that suits one library is a cliff for a larger one: the collector
// runs without end once the live heap nears it. Auto derives the limit from each snapshot as it loads.
// GOMEMLIMIT, when set, overrides every MemoryLimit.
type MemoryLimit struct {
	// Auto sets the limit, at every snapshot loaded, to twice the live heap after loading plus the
	// answer cache's budget (the headroom the collector's default pacing gives, never below what is
	// live) plus connectionHeap for each client connection the edge may hold (Connections).
	Auto bool
	MB   int // a fixed limit in MiB, when not Auto; 0 none
	// Connections is the most client connections the edge holds at once (Serve's cap; 0 for an edge
	// not serving its own listener). Without room for them, a flood of 5,000 connection attempts held
	// the heap at the limit: the collector ran 61 times in the burst, not 7, and took most of the CPU
	// the edge's other clients needed (their p99 170–310 ms, against 5–85 ms with room).
	Connections int
}

// connectionHeap is the heap a client connection may take while the edge serves it: its goroutine's
// stack, net/http's buffers and request, the answer being made (a flood of 576 at once took 80 MB
// above the idle heap's pacing), counted for at most maxCountedConnections.
const (
	connectionHeap        = 128 << 10
	maxCountedConnections = 1024
)

// DefaultMemoryLimit is --memory-limit-mb's default.
const DefaultMemoryLimit = "auto"

// ParseMemoryLimit reads --memory-limit-mb: auto, or a number of MiB (0: none).
func ParseMemoryLimit(s string) (MemoryLimit, error) {
	if s == "auto" {
		return MemoryLimit{Auto: true}, nil
	}
	mb, err := strconv.Atoi(s)
	if err != nil || mb < 0 || mb > math.MaxInt32 {
		return MemoryLimit{}, fmt.Errorf("want auto, or 0 (none) or more MiB, not %q", s)
	}
	return MemoryLimit{MB: mb}, nil
}

// String is the limit as --memory-limit-mb takes it.
func (m MemoryLimit) String() string {
	if m.Auto {
		return "auto"
	}
	return strconv.Itoa(m.MB)
}

// apply sets the process's limit for a snapshot just loaded, whose live heap is live bytes, with an
// answer cache of cacheBytes; it leaves the limit alone when GOMEMLIMIT is set or m sets none. It returns
// the limit in effect.
func (m MemoryLimit) apply(live, cacheBytes uint64) int64 {
	if os.Getenv("GOMEMLIMIT") == "" { // as the runtime reads it: empty is unset
		switch {
		case m.Auto:
			conns := uint64(min(max(m.Connections, 0), maxCountedConnections))
			debug.SetMemoryLimit(int64(2*live + cacheBytes + conns*connectionHeap))
		case m.MB > 0:
			debug.SetMemoryLimit(int64(m.MB) << 20)
		}
	}
	return debug.SetMemoryLimit(-1)
}

// liveHeap is the heap the last collection found live, in bytes.
func liveHeap() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}
