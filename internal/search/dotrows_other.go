//go:build !amd64

package search

func dotRowsKernel(m []float32, at []int32, v, out []float32) { dotRowsGo(m, at, v, out) }

func closestKernel(of, start []int32, vals, best []float32) { closestGo(of, start, vals, best) }

func runMaxKernel(vals, maxima []float32) { runMaxGo(vals, maxima) }
