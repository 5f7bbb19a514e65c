package kernel

import "golang.org/x/sys/cpu"

// hasAVX2FMA is whether the vectorised kernel can run.
var hasAVX2FMA = cpu.X86.HasAVX2 && cpu.X86.HasFMA

// dotRowsKernel takes the vectorised kernel for rows whose length is a multiple of four, Go otherwise.
func dotRowsKernel(m []float32, at []int32, v, out []float32) {
	if hasAVX2FMA && len(v)%4 == 0 {
		dotRowsAVX2(m, at, v, out)
		return
	}
	dotRowsGo(m, at, v, out)
}

// dotRowsAVX2 is dotRowsAt (dotRows for an empty at) for len(v) a multiple of 4, four rows at a time (the
// query's eight floats loaded once for four rows), with fused multiply-adds.
//
//go:noescape
func dotRowsAVX2(m []float32, at []int32, v, out []float32)

// closestKernel takes maxGatherAVX where the vectorised kernels run.
func closestKernel(of, start []int32, vals, best []float32) {
	if hasAVX2FMA {
		maxGatherAVX(of, start, vals, best)
		return
	}
	closestGo(of, start, vals, best)
}

// maxGatherAVX is closestAll with one VMAXSS per phrase: no branch on the comparison, and no care for
// NaNs (a cosine is never one) or the sign of a zero (which no ranking sees).
//
//go:noescape
func maxGatherAVX(of, start []int32, vals, best []float32)

// runMaxKernel takes runMaxAVX where the vectorised kernels run.
func runMaxKernel(vals, maxima []float32) {
	if hasAVX2FMA {
		runMaxAVX(vals, maxima)
		return
	}
	runMaxGo(vals, maxima)
}

// runMaxAVX is runMaxGo eight lanes at a time, with no care for NaNs or the sign of a zero (no bound is
// either).
//
//go:noescape
func runMaxAVX(vals, maxima []float32)

// hasVNNI is whether boundRowsVNNI can run: AVX-512 VNNI on 256-bit registers.
var hasVNNI = cpu.X86.HasAVX512VNNI && cpu.X86.HasAVX512VL

// HasBoundKernel is whether an int8 kernel for the bound tables runs here: VNNI's, or else AVX2's.
var HasBoundKernel = hasVNNI || cpu.X86.HasAVX2

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
	if !hasVNNI && HasBoundKernel {
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
	case HasBoundKernel:
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

// HasGatherKernel is whether a kernel bounds rows one by one here (boundRowsAtVNNI), so the bounded scan
// may look first for the hits among the fused documents (fusedOnly).
var HasGatherKernel = hasVNNI

// boundRowsAt is boundRows for the rows of m listed in rows, each written at its own index of out: VNNI's
// kernel where it runs, else Go.
func boundRowsAt(m []int8, q []uint8, bias []int32, scale []float32, out []float32, rows []int32, mul, add float32, stride int) {
	if HasGatherKernel {
		boundRowsAtVNNI(m, q, bias, scale, out, rows, mul, add, stride)
		return
	}
	boundRowsAtGo(m, q, bias, scale, out, rows, mul, add, stride, queryLevels)
}
