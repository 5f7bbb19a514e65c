package wordvec

import "hash/maphash"

// vocabulary is a table's words in order, and an index from a word to its number. The words are one
// byte slice and their ends; the index is an open-addressing hash table of word numbers. None of it
// holds a pointer but the three slices themselves: as a []string and a map[string]int32, the 98,000
// words of the library's table were 200,000 pointers that every garbage collection followed, about 2 ms
// of marking CPU a cycle.
type vocabulary struct {
	text  []byte   // every word, one after another
	ends  []uint32 // word i ends at text[ends[i]] and starts where word i−1 ends
	slots []int32  // by hash: 1 + the number of the word there, 0 for none; a power of two, at most half full
	seed  maphash.Seed
}

// newVocabulary returns an empty vocabulary with room for words words of textBytes bytes in all.
func newVocabulary(words, textBytes int) vocabulary {
	return vocabulary{text: make([]byte, 0, textBytes), ends: make([]uint32, 0, words),
		slots: make([]int32, slotsFor(words)), seed: maphash.MakeSeed()}
}

// slotsFor is the number of slots for n words: the least power of two at least twice n (and 8).
func slotsFor(n int) int {
	s := 8
	for s < 2*n {
		s *= 2
	}
	return s
}

// len is the number of words.
func (v *vocabulary) len() int { return len(v.ends) }

// word returns word i.
func (v *vocabulary) word(i int) string { return string(v.bytes(i)) }

func (v *vocabulary) bytes(i int) []byte {
	start := uint32(0)
	if i > 0 {
		start = v.ends[i-1]
	}
	return v.text[start:v.ends[i]]
}

// find returns w's number and whether v has w.
func (v *vocabulary) find(w string) (int32, bool) {
	mask := uint64(len(v.slots) - 1)
	for h := maphash.String(v.seed, w) & mask; ; h = (h + 1) & mask {
		s := v.slots[h]
		if s == 0 {
			return 0, false
		}
		if string(v.bytes(int(s-1))) == w {
			return s - 1, true
		}
	}
}

// add appends w as the next word, unless v already has w: it reports whether it did.
func (v *vocabulary) add(w string) bool {
	if _, dup := v.find(w); dup {
		return false
	}
	i := int32(len(v.ends))
	v.text = append(v.text, w...)
	v.ends = append(v.ends, uint32(len(v.text)))
	if len(v.slots) < slotsFor(len(v.ends)) {
		v.slots = make([]int32, slotsFor(len(v.ends)))
		for j := range i {
			v.place(j)
		}
	}
	v.place(i)
	return true
}

// place puts word i in the first free slot from its hash on.
func (v *vocabulary) place(i int32) {
	mask := uint64(len(v.slots) - 1)
	h := maphash.Bytes(v.seed, v.bytes(int(i))) & mask
	for v.slots[h] != 0 {
		h = (h + 1) & mask
	}
	v.slots[h] = i + 1
}

// clone is a copy of v that add can extend without changing v.
func (v *vocabulary) clone() vocabulary {
	return vocabulary{text: append([]byte(nil), v.text...), ends: append([]uint32(nil), v.ends...),
		slots: append([]int32(nil), v.slots...), seed: v.seed}
}
