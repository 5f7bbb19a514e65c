package search

import "golang.org/x/sys/cpu"

// hasVNNI is whether boundRowsVNNI can run: AVX-512 VNNI on 256-bit registers.
var hasVNNI = cpu.X86.HasAVX512VNNI && cpu.X86.HasAVX512VL

// boundRowsVNNI is the bound table's kernel; see bounds_amd64.s.
//
//go:noescape
func boundRowsVNNI(m []int8, q []uint8, bias []int32, scale []float32, out, kw []float32, mul, add, kwScale float32, stride int)

// boundRows takes the kernel where it can run, Go elsewhere.
func boundRows(m []int8, q []uint8, bias []int32, scale []float32, out, kw []float32, mul, add, kwScale float32, stride int) {
	if hasVNNI {
		boundRowsVNNI(m, q, bias, scale, out, kw, mul, add, kwScale, stride)
		return
	}
	boundRowsGo(m, q, bias, scale, out, kw, mul, add, kwScale, stride)
}
