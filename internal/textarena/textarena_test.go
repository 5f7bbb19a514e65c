package textarena_test

import (
	"testing"
	"unsafe"

	"github.com/iconlib/iconlib/internal/textarena"
)

// TestStringsShareOneAllocation: strings added within the size given are copies, one after the other in
// one buffer, and adding more keeps those already made intact.
func TestStringsShareOneAllocation(t *testing.T) {
	src := []byte("bell")
	a := textarena.New(12)
	bell := a.Add(string(src))
	ring := a.Add("ri", "ng")
	cake := a.Add("cake")
	if bell != "bell" || ring != "ring" || cake != "cake" {
		t.Fatalf("got %q %q %q", bell, ring, cake)
	}
	if unsafe.StringData(ring) != (*byte)(unsafe.Add(unsafe.Pointer(unsafe.StringData(bell)), 4)) {
		t.Error("the second string is not right after the first in one buffer")
	}
	if allocs := testing.AllocsPerRun(10, func() {
		b := textarena.New(400)
		for range 100 {
			b.Add("ab", "cd")
		}
	}); allocs > 2 {
		t.Errorf("100 strings took %.0f allocations, want one buffer", allocs)
	}
	more := a.Add("and more than the arena was made for")
	if bell != "bell" || ring != "ring" || cake != "cake" || more != "and more than the arena was made for" {
		t.Errorf("after growing: %q %q %q %q", bell, ring, cake, more)
	}
}
