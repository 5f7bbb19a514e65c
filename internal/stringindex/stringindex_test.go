package stringindex

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/iconlib/iconlib/internal/flat"
)

// TestStringsKeepTheirNumbers: 5,000 strings added one by one (the index grows as they come) keep the
// numbers of the order they came in, a string added again keeps its first, a clone extended leaves its
// original as it was, and strings never added (a prefix, a longer string, one differing in a byte, the
// empty string) are not found.
func TestStringsKeepTheirNumbers(t *testing.T) {
	key := func(i int) string { return fmt.Sprintf("k%dx", i) }
	x := New(0, 0)
	for i := range 5000 {
		if n, added := x.Add(key(i)); !added || n != int32(i) {
			t.Fatalf("Add(%s) = %d, %v; want %d, true", key(i), n, added, i)
		}
	}
	if n, added := x.Add(key(17)); added || n != 17 {
		t.Errorf("Add(%s) again = %d, %v; want 17, false", key(17), n, added)
	}
	c := x.Clone()
	c.Add("more")
	if x.Len() != 5000 || c.Len() != 5001 {
		t.Errorf("lengths %d and, cloned and extended, %d; want 5000 and 5001", x.Len(), c.Len())
	}
	if _, ok := x.Find("more"); ok {
		t.Error("the original finds what only its clone was given")
	}
	for i := range 5000 {
		if n, ok := x.Find(key(i)); !ok || n != int32(i) || x.String(i) != key(i) || string(x.Bytes(i)) != key(i) {
			t.Fatalf("Find(%s) = %d, %v; String(%d) = %q", key(i), n, ok, i, x.String(i))
		}
	}
	for _, absent := range []string{"k1", "k1xx", "k12y", "", "x1x", "k5000x"} {
		if _, ok := x.Find(absent); ok {
			t.Errorf("%q found", absent)
		}
	}
}

// TestEmptyStringIsAString: the empty string can be added and found like any other.
func TestEmptyStringIsAString(t *testing.T) {
	x := New(2, 1)
	x.Add("a")
	if n, added := x.Add(""); !added || n != 1 {
		t.Errorf("Add(\"\") = %d, %v", n, added)
	}
	if n, ok := x.Find(""); !ok || n != 1 || x.String(1) != "" {
		t.Errorf("Find(\"\") = %d, %v", n, ok)
	}
}

// TestAnIndexWrittenIsFoundWhereItLies: an index Put and read back with Get finds every string under its
// number and nothing else, from the same bytes wherever it is made; bytes that would send Find astray
// are refused.
func TestAnIndexWrittenIsFoundWhereItLies(t *testing.T) {
	x := New(0, 0)
	for i := range 1000 {
		x.Add(fmt.Sprintf("w%d", i))
	}
	var w, again flat.Writer
	x.Put(&w)
	x.Clone().Put(&again)
	if !bytes.Equal(w.Bytes(), again.Bytes()) {
		t.Error("two indexes of the same strings are different bytes")
	}
	got, err := Get(flat.NewReader(w.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	views := got.Views()
	for i := range 1000 {
		if n, ok := got.Find(fmt.Sprintf("w%d", i)); !ok || n != int32(i) || views[i] != x.String(i) {
			t.Fatalf("string %d: Find gives %d, %v; view %q", i, n, ok, views[i])
		}
	}
	if _, ok := got.Find("w1000"); ok {
		t.Error("a string never added is found")
	}
	for name, damage := range map[string]func(x *Index){
		"full":       func(x *Index) { x.slots = []int32{1, 1, 1, 1, 1, 1, 1, 1} },
		"stray slot": func(x *Index) { x.slots[0] = int32(len(x.ends) + 1) },
		"cut text":   func(x *Index) { x.text = x.text[:len(x.text)-1] },
	} {
		bad := x.Clone()
		damage(bad)
		var w flat.Writer
		bad.Put(&w)
		if _, err := Get(flat.NewReader(w.Bytes())); err == nil {
			t.Errorf("%s: read without an error", name)
		}
	}
}
