package answers

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
)

func TestGetLoadsOnceAndKeeps(t *testing.T) {
	c := New(1 << 20)
	var loads atomic.Int32
	load := func() (string, int, error) { loads.Add(1); return "answer", 6, nil }
	var wg sync.WaitGroup
	for range 32 {
		wg.Go(func() {
			if v, err := Get(c, "q", load); err != nil || v != "answer" {
				t.Errorf("Get = %q, %v", v, err)
			}
		})
	}
	wg.Wait()
	if n := loads.Load(); n != 1 {
		t.Errorf("loaded %d times, want once", n)
	}
}

func TestGetCachesNoError(t *testing.T) {
	c := New(1 << 20)
	fail := errors.New("index unavailable")
	if _, err := Get(c, "q", func() (int, int, error) { return 0, 0, fail }); !errors.Is(err, fail) {
		t.Fatalf("err = %v, want the loader's", err)
	}
	v, err := Get(c, "q", func() (int, int, error) { return 7, 8, nil })
	if err != nil || v != 7 {
		t.Errorf("after a failed load: %d, %v; want the new load's 7", v, err)
	}
}

// TestSizeIsBounded: a cache of 64 KiB keeps about that much, however many answers pass through it.
func TestSizeIsBounded(t *testing.T) {
	c := New(64 << 10)
	for i := range 1000 {
		Get(c, fmt.Sprint(i), func() ([]byte, int, error) { return make([]byte, 1024), 1024, nil })
	}
	c.c.CleanUp() // eviction may lag behind a write
	if w := c.c.WeightedSize(); w > 64<<10 {
		t.Errorf("holds %d bytes, want at most %d", w, 64<<10)
	}
	kept := 0
	for i := range 1000 {
		if _, ok := c.c.GetIfPresent(fmt.Sprint(i)); ok {
			kept++
		}
	}
	if kept == 0 || kept > 64 {
		t.Errorf("kept %d answers of 1 KiB in 64 KiB", kept)
	}
}

func TestNilCacheAlwaysLoads(t *testing.T) {
	var loads int
	c := New(0)
	for range 3 {
		Get(c, "q", func() (int, int, error) { loads++; return 1, 8, nil })
	}
	if c != nil || loads != 3 {
		t.Errorf("New(0) = %v and loaded %d times; want nil and every time", c, loads)
	}
}
