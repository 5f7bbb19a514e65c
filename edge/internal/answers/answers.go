// Package answers keeps finished answers in memory, bounded by their size: within one snapshot of public/
// the same question always has the same answer, and real traffic asks a few thousand questions again and
// again. A cache belongs to one snapshot; a new snapshot starts with an empty one.
package answers

import (
	"context"

	"github.com/maypok86/otter/v2"
)

// Cache holds answers of any type by key, up to a total size in bytes. A nil *Cache holds nothing: every
// Get loads.
type Cache struct {
	c *otter.Cache[string, sized]
}

// sized is an answer with the bytes it is counted as.
type sized struct {
	v    any
	size int
}

// New returns a cache of at most maxBytes of answers, or nil (no cache) when maxBytes is zero or less.
func New(maxBytes int) *Cache {
	if maxBytes <= 0 {
		return nil
	}
	c := otter.Must(&otter.Options[string, sized]{
		MaximumWeight: uint64(maxBytes),
		Weigher:       func(key string, v sized) uint32 { return uint32(min(len(key)+v.size, 1<<31)) },
	})
	return &Cache{c: c}
}

// Get returns the answer cached under key, or loads it, caches it and returns it. load returns the answer
// and the bytes it holds; an error is returned and nothing is cached. Concurrent Gets of one missing key
// load it once. Callers must not change an answer they get: others share it.
func Get[V any](c *Cache, key string, load func() (V, int, error)) (V, error) {
	if c == nil {
		v, _, err := load()
		return v, err
	}
	s, err := c.c.Get(context.Background(), key, otter.LoaderFunc[string, sized](
		func(context.Context, string) (sized, error) {
			v, size, err := load()
			return sized{v, size}, err
		}))
	if err != nil {
		var zero V
		return zero, err
	}
	return s.v.(V), nil
}
