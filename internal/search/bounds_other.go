//go:build !amd64

package search

// hasBoundKernel is false: the scan bounds cosines only where an int8 kernel runs.
const hasBoundKernel = false

// queryLevels is the largest magnitude of a query component for boundRows.
const queryLevels = byteLevels

func boundRows(m []int8, q []uint8, bias []int32, scale []float32, out []float32, mul, add float32, stride int) {
	boundRowsGo(m, q, bias, scale, out, mul, add, stride, queryLevels)
}

// hasGatherKernel is false: no kernel bounds rows one by one.
const hasGatherKernel = false

// boundRowsAt is boundRowsAtGo.
func boundRowsAt(m []int8, q []uint8, bias []int32, scale []float32, out []float32, rows []int32, mul, add float32, stride int) {
	boundRowsAtGo(m, q, bias, scale, out, rows, mul, add, stride, queryLevels)
}
