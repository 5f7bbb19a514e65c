//go:build !amd64

package search

func dotRowsKernel(m, v, out []float32) { dotRowsGo(m, v, out) }
