//go:build !amd64

package search

func dotRowsKernel(m, v, out []float32) { dotRowsGo(m, v, out) }

func closestKernel(of, start []int32, vals, best []float32) { closestGo(of, start, vals, best) }
