// Package stringindex numbers a set of strings in the order they are added, and finds a string's number:
// an open-addressing hash index over the strings' bytes, kept in one byte slice. It holds no pointer but
// its three slices', so a large index the edge keeps for its life costs the garbage collector nothing on
// every cycle, where a map[string]int32 or a []string of the same strings costs a pointer each. It is
// read-only, and safe for concurrent use, once the last string is added.
//
// Its hash is fixed (no random seed), so an index is the same bytes wherever it is made: the build writes the
// edge's indexes whole (Put) and the edge uses them where they lie (Get). Only strings the index was
// made of are in its slots, so a query cannot lengthen a probe past the longest run the build made.
package stringindex

import (
	"errors"
	"fmt"
	"math/bits"
	"unsafe"

	"github.com/iconlib/iconlib/internal/flat"
)

// Index is a numbered set of strings. Make one with New.
type Index struct {
	text  []byte   // every string, one after another
	ends  []uint32 // string i ends at text[ends[i]] and starts where string i−1 ends
	slots []int32  // by hash: 1 + the number of the string there, 0 for none; a power of two, at most half full
}

// New returns an empty index with room for n strings of size bytes in all (more may be added).
func New(n, size int) *Index {
	return &Index{text: make([]byte, 0, size), ends: make([]uint32, 0, n), slots: make([]int32, slotsFor(n))}
}

// slotsFor is the number of slots for n strings: the least power of two at least twice n (and 8).
func slotsFor(n int) int {
	s := 8
	for s < 2*n {
		s *= 2
	}
	return s
}

// Len is the number of strings.
func (x *Index) Len() int { return len(x.ends) }

// String returns string i.
func (x *Index) String(i int) string { return string(x.Bytes(i)) }

// Bytes returns string i's bytes, which the caller must not change.
func (x *Index) Bytes(i int) []byte {
	start := uint32(0)
	if i > 0 {
		start = x.ends[i-1]
	}
	return x.text[start:x.ends[i]:x.ends[i]]
}

// Find returns s's number and whether x has s.
func (x *Index) Find(s string) (int32, bool) {
	mask := uint64(len(x.slots) - 1)
	for h := hash(s) & mask; ; h = (h + 1) & mask {
		slot := x.slots[h]
		if slot == 0 {
			return 0, false
		}
		if string(x.Bytes(int(slot-1))) == s {
			return slot - 1, true
		}
	}
}

// Add numbers s as the next string, unless x has it: it returns s's number, and whether s is new.
func (x *Index) Add(s string) (int32, bool) {
	if i, ok := x.Find(s); ok {
		return i, false
	}
	i := int32(len(x.ends))
	x.text = append(x.text, s...)
	x.ends = append(x.ends, uint32(len(x.text)))
	if len(x.slots) < slotsFor(len(x.ends)) {
		x.slots = make([]int32, slotsFor(len(x.ends)))
		for j := range i {
			x.place(j)
		}
	}
	x.place(i)
	return i, true
}

// place puts string i in the first free slot from its hash on.
func (x *Index) place(i int32) {
	mask := uint64(len(x.slots) - 1)
	h := hash(x.Bytes(int(i))) & mask
	for x.slots[h] != 0 {
		h = (h + 1) & mask
	}
	x.slots[h] = i + 1
}

// Clone returns a copy of x that Add can extend without changing x.
func (x *Index) Clone() *Index {
	return &Index{text: append([]byte(nil), x.text...), ends: append([]uint32(nil), x.ends...),
		slots: append([]int32(nil), x.slots...)}
}

// hash mixes s eight bytes at a time (as little-endian words), then finishes with MurmurHash3's fmix64,
// so the low bits the slots are chosen by depend on every byte.
func hash[S string | []byte](s S) uint64 {
	h := uint64(len(s)) * 0x9e3779b97f4a7c15
	for len(s) >= 8 {
		w := uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
			uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
		h = bits.RotateLeft64((h^w)*0x87c37b91114253d5, 31) * 0x4cf5ad432745937f
		s = s[8:]
	}
	var w uint64
	for i := range len(s) {
		w |= uint64(s[i]) << (8 * i)
	}
	h = (h ^ w) * 0x87c37b91114253d5
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
	return h ^ h>>33
}

// Views returns every string, in order, as strings over the index's bytes: no copy, and no more memory
// than their headers. They are valid as long as the bytes are (always, for an index in the Go heap).
func (x *Index) Views() []string {
	out := make([]string, x.Len())
	for i := range out {
		b := x.Bytes(i)
		if len(b) > 0 {
			out[i] = unsafe.String(&b[0], len(b))
		}
	}
	return out
}

// Put appends the index to w as it is held, for Get to use where it lies.
func (x *Index) Put(w *flat.Writer) {
	flat.Put(w, x.text)
	flat.Put(w, x.ends)
	flat.Put(w, x.slots)
}

// Get reads an index Put wrote, over the reader's bytes: Find, Bytes and the rest use it where it lies;
// Add must not be called on it (Clone it first). Get checks what Find relies on: strings within the text
// in order, slots a power of two in number, at most half of them full, each naming a string.
func Get(r *flat.Reader) (*Index, error) {
	x := &Index{text: flat.Get[byte](r), ends: flat.Get[uint32](r), slots: flat.Get[int32](r)}
	if err := r.Err(); err != nil {
		return nil, err
	}
	if err := x.check(); err != nil {
		return nil, fmt.Errorf("string index: %w", err)
	}
	return x, nil
}

// check reports what is wrong with an index read from bytes.
func (x *Index) check() error {
	prev := uint32(0)
	for _, e := range x.ends {
		if e < prev {
			return errors.New("strings out of order")
		}
		prev = e
	}
	if int(prev) != len(x.text) {
		return errors.New("strings do not end where the text does")
	}
	n := len(x.slots)
	if n < 8 || n&(n-1) != 0 {
		return fmt.Errorf("%d slots, not a power of two of at least 8", n)
	}
	full := 0
	for _, s := range x.slots {
		if s < 0 || int(s) > len(x.ends) {
			return fmt.Errorf("a slot names string %d of %d", s-1, len(x.ends))
		}
		if s != 0 {
			full++
		}
	}
	if full > n/2 {
		return fmt.Errorf("%d of %d slots full", full, n)
	}
	return nil
}
