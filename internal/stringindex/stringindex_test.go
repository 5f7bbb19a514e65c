package stringindex

import (
	"fmt"
	"testing"
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
