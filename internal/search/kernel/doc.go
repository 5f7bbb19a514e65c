// Package kernel holds the search's scan kernels: the float dot products of a query with rows of a table
// (DotRows, DotRowsAt), the int8 bounds of those products from above (BoundTable), the highest of groups of
// values (Closest) and of runs of them (RunMax). On amd64 each runs in AVX2 or AVX-512 VNNI assembly where
// the CPU has it (cpu_amd64.go picks), and everywhere else in Go: the Go reference of each is what its
// tests compare the assembly with, bit for bit where the kernels promise it.
package kernel
