// Package stringindex numbers a set of strings in the order they are added, and finds a string's number:
// an open-addressing hash index over the strings' bytes, kept in one byte slice. It holds no pointer but
// its three slices', so a large index the edge keeps for its life costs the garbage collector nothing on
// every cycle, where a map[string]int32 or a []string of the same strings costs a pointer each. It is
// read-only, and safe for concurrent use, once the last string is added.
package stringindex

import "hash/maphash"

// Index is a numbered set of strings. Make one with New.
type Index struct {
	text  []byte   // every string, one after another
	ends  []uint32 // string i ends at text[ends[i]] and starts where string i−1 ends
	slots []int32  // by hash: 1 + the number of the string there, 0 for none; a power of two, at most half full
	seed  maphash.Seed
}

// New returns an empty index with room for n strings of size bytes in all (more may be added).
func New(n, size int) *Index {
	return &Index{text: make([]byte, 0, size), ends: make([]uint32, 0, n), slots: make([]int32, slotsFor(n)),
		seed: maphash.MakeSeed()}
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
	for h := maphash.String(x.seed, s) & mask; ; h = (h + 1) & mask {
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
	h := maphash.Bytes(x.seed, x.Bytes(int(i))) & mask
	for x.slots[h] != 0 {
		h = (h + 1) & mask
	}
	x.slots[h] = i + 1
}

// Clone returns a copy of x that Add can extend without changing x.
func (x *Index) Clone() *Index {
	return &Index{text: append([]byte(nil), x.text...), ends: append([]uint32(nil), x.ends...),
		slots: append([]int32(nil), x.slots...), seed: x.seed}
}
