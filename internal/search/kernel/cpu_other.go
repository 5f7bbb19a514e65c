//go:build !amd64

package kernel

func dotRowsKernel(m []float32, at []int32, v, out []float32) { dotRowsGo(m, at, v, out) }

func closestKernel(of, start []int32, vals, best []float32) { closestGo(of, start, vals, best) }

func runMaxKernel(vals, maxima []float32) { runMaxGo(vals, maxima) }

// HasBoundKernel is false: the scan bounds cosines only where an int8 kernel runs.
const HasBoundKernel = false

// queryLevels is the largest magnitude of a query component for boundRows.
const queryLevels = byteLevels

func boundRows(m []int8, q []uint8, bias []int32, scale []float32, out []float32, mul, add float32, stride int) {
	boundRowsGo(m, q, bias, scale, out, mul, add, stride, queryLevels)
}

// HasGatherKernel is false: no kernel bounds rows one by one.
const HasGatherKernel = false

// boundRowsAt is boundRowsAtGo.
func boundRowsAt(m []int8, q []uint8, bias []int32, scale []float32, out []float32, rows []int32, mul, add float32, stride int) {
	boundRowsAtGo(m, q, bias, scale, out, rows, mul, add, stride, queryLevels)
}
