package search

import "golang.org/x/sys/cpu"

// hasVNNI is whether boundRowsVNNI can run: AVX-512 VNNI on 256-bit registers.
var hasVNNI = cpu.X86.HasAVX512VNNI && cpu.X86.HasAVX512VL

// hasBoundKernel is whether an int8 kernel for the bound tables runs here: VNNI's, or else AVX2's.
var hasBoundKernel = hasVNNI || cpu.X86.HasAVX2

// boundRowsVNNI is the bound table's kernel with VNNI; see bounds_amd64.s.
//
//go:noescape
func boundRowsVNNI(m []int8, q []uint8, bias []int32, scale []float32, out []float32, mul, add float32, stride int)

// boundRowsAVX2 is the bound table's kernel with AVX2 alone, for a query of seven-bit bytes
// (sevenBitLevels); see bounds_amd64.s. It reads each row as len(q) bytes, a multiple of 32, and 4 bytes
// more (and of the query past len(q)) when the stride is longer: see avx2Rows.
//
//go:noescape
func boundRowsAVX2(m []int8, q []uint8, bias []int32, scale []float32, out []float32, mul, add float32, stride int)

// sevenBitLevels is the largest magnitude of a query component for boundRowsAVX2: its products of pairs
// of a query byte and a row's must fit a word, so a query byte has seven bits.
const sevenBitLevels = 63

// queryLevels is the largest magnitude of a query component for the kernel boundRows takes.
var queryLevels = func() int {
	if !hasVNNI && hasBoundKernel {
		return sevenBitLevels
	}
	return byteLevels
}()

// boundRows takes the fastest kernel that runs here, Go where none does; the query's components are of
// at most queryLevels.
func boundRows(m []int8, q []uint8, bias []int32, scale []float32, out []float32, mul, add float32, stride int) {
	switch {
	case hasVNNI:
		boundRowsVNNI(m, q, bias, scale, out, mul, add, stride)
	case hasBoundKernel:
		avx2Rows(m, q, bias, scale, out, mul, add, stride)
	default:
		boundRowsGo(m, q, bias, scale, out, mul, add, stride, queryLevels)
	}
}

// avx2Rows is boundRowsAVX2 over the query q of a table's width: for a stride 4 bytes past a multiple of
// 32 (100 dimensions: 96 and 4), the last 4 bytes of four rows take one 128-bit step instead of 32 bytes
// a row (a quarter of the 256-bit steps, for the library's rows).
func avx2Rows(m []int8, q []uint8, bias []int32, scale []float32, out []float32, mul, add float32, stride int) {
	if stride%32 == 4 && stride > 32 {
		q = q[:stride-4]
	}
	boundRowsAVX2(m, q, bias, scale, out, mul, add, stride)
}

// boundRowsAtVNNI is boundRowsVNNI for the rows of m listed in rows, each written at its own index of out;
// see bounds_amd64.s. Every row must be one of the table's.
//
//go:noescape
func boundRowsAtVNNI(m []int8, q []uint8, bias []int32, scale []float32, out []float32, rows []int32, mul, add float32, stride int)

// hasGatherKernel is whether a kernel bounds rows one by one here (boundRowsAtVNNI), so the bounded scan
// may look first for the hits among the fused documents (fusedOnly).
var hasGatherKernel = hasVNNI

// boundRowsAt is boundRows for the rows of m listed in rows, each written at its own index of out: VNNI's
// kernel where it runs, else Go.
func boundRowsAt(m []int8, q []uint8, bias []int32, scale []float32, out []float32, rows []int32, mul, add float32, stride int) {
	if hasGatherKernel {
		boundRowsAtVNNI(m, q, bias, scale, out, rows, mul, add, stride)
		return
	}
	boundRowsAtGo(m, q, bias, scale, out, rows, mul, add, stride, queryLevels)
}
