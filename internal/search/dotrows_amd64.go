package search

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
