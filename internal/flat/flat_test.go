package flat_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/iconlib/iconlib/internal/flat"
)

type pair struct {
	a int32
	b float32
}

// TestArraysAreReadWhereTheyLie: what Put wrote, Get reads back equal, as slices over the bytes
// themselves, in order, whatever the elements' size.
func TestArraysAreReadWhereTheyLie(t *testing.T) {
	var w flat.Writer
	flat.Put(&w, []int8{-1, 2, 3})
	flat.Put(&w, []float32{1.5, -2})
	flat.PutUint(&w, 42)
	flat.Put(&w, []pair{{1, 0.5}, {-7, 3}})
	flat.Put(&w, []int32(nil))
	flat.PutLists(&w, flat.ListsOf([][]uint32{{1, 2}, nil, {3}}))
	b := w.Bytes()
	if len(b)%8 != 0 {
		t.Fatalf("%d bytes, not a multiple of 8", len(b))
	}
	r := flat.NewReader(b)
	bytes := flat.Get[int8](r)
	floats := flat.Get[float32](r)
	n := flat.Uint(r)
	pairs := flat.Get[pair](r)
	empty := flat.Get[int32](r)
	lists := flat.GetLists[uint32](r)
	if err := r.Err(); err != nil || r.Len() != 0 {
		t.Fatalf("err %v, %d bytes left", err, r.Len())
	}
	if !slices.Equal(bytes, []int8{-1, 2, 3}) || !slices.Equal(floats, []float32{1.5, -2}) || n != 42 ||
		!slices.Equal(pairs, []pair{{1, 0.5}, {-7, 3}}) || len(empty) != 0 {
		t.Errorf("read back %v %v %v %v %v", bytes, floats, n, pairs, empty)
	}
	if lists.Len() != 3 || !slices.Equal(lists.At(0), []uint32{1, 2}) || len(lists.At(1)) != 0 || !slices.Equal(lists.At(2), []uint32{3}) {
		t.Errorf("lists read back as %v %v %v", lists.At(0), lists.At(1), lists.At(2))
	}
	b[8] = 99 // in place: the first array is the bytes
	if bytes[0] != 99 {
		t.Error("Get copied the array")
	}
}

// TestCutOrMisplacedArraysAreErrors: an array longer than the bytes left, or lists that do not cover
// their values in order, are errors, and every read after one returns nothing.
func TestCutOrMisplacedArraysAreErrors(t *testing.T) {
	var w flat.Writer
	flat.Put(&w, []float32{1, 2, 3})
	cut := flat.NewReader(w.Bytes()[:12])
	if s := flat.Get[float32](cut); s != nil || !errors.Is(cut.Err(), flat.ErrShort) {
		t.Errorf("a cut array read as %v, err %v", s, cut.Err())
	}
	if flat.Uint(cut) != 0 || cut.Err() == nil {
		t.Error("a read after an error gave something")
	}
	var lw flat.Writer
	flat.Put(&lw, []uint32{0, 3, 1}) // list 2 starts before list 1
	flat.Put(&lw, []int32{1})
	if r := flat.NewReader(lw.Bytes()); flat.GetLists[int32](r).Len() != 0 || r.Err() == nil {
		t.Error("lists out of order were read")
	}
}
