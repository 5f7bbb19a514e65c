package search

import (
	"math/bits"
	"slices"

	"github.com/iconlib/iconlib/internal/flat"
	"github.com/iconlib/iconlib/internal/stringindex"
	"github.com/iconlib/iconlib/internal/wordvec"
)

// maxWordLen bounds the words the typo path looks at; longer ones are left as they are.
const maxWordLen = 32

// deletes indexes every vocabulary word under itself with one character removed (a symmetric delete index):
// a query word within Damerau distance 1 of a vocabulary word shares a key with it once at most one
// character is removed from each. Its 38,741 keys and their lists hold no pointers: as a map of keys to
// lists they were two pointers a key for the garbage collector to follow on every cycle.
type deletes struct {
	keys  *stringindex.Index
	words flat.Lists[int32] // by key
}

// of returns the words indexed under key, which the caller must not change.
func (d deletes) of(key string) []int32 {
	k, ok := d.keys.Find(key)
	if !ok {
		return nil
	}
	return d.words.At(int(k))
}

// newDeletes indexes words.
func newDeletes(words []string) deletes {
	d := deletes{keys: stringindex.New(0, 0)}
	var lists [][]int32 // by key
	for i, w := range words {
		if len(w) >= 3 && len(w) <= maxWordLen {
			eachDeleted(w, func(key []byte) {
				k, added := d.keys.Add(string(key))
				if added {
					lists = append(lists, nil)
				}
				lists[k] = append(lists[k], int32(i))
			})
		}
	}
	d.words = flat.ListsOf(lists)
	return d
}

// eachDeleted calls f with each distinct string made by removing one byte of w, in a buffer f must not
// keep (a map look-up of string(key) copies nothing).
func eachDeleted(w string, f func(key []byte)) {
	var buf [maxWordLen]byte
	for k := range len(w) {
		if k > 0 && w[k] == w[k-1] {
			continue // removing either of two equal neighbours gives the same string
		}
		n := copy(buf[:], w[:k])
		n += copy(buf[n:], w[k+1:])
		f(buf[:n])
	}
}

// letterMask is the set of the bytes of w, each byte as bit b%32. One edit changes the set of a word's
// letters by at most two (a substitution takes one letter out and puts another in), so words whose masks
// differ in more than 2d bits are more than d edits apart; two bytes sharing a bit only make the test
// looser, never wrong.
func letterMask(w string) uint32 {
	var m uint32
	for k := range len(w) {
		m |= 1 << (w[k] % 32)
	}
	return m
}

// typoCandidate is a vocabulary word close to a query word.
type typoCandidate struct {
	word     int32 // index into the vocabulary
	dist     int
	doubling bool // a doubling slip (see doublingSlip)
}

// candidates returns the vocabulary words at Damerau distance 1 from q (found through the delete index),
// or, with far, at distance 2 for words of five letters or more (found by comparing q with every vocabulary
// word of a length within 2). They are sorted by word index.
func (lx *lexicon) candidates(q string, far bool) []typoCandidate {
	if len(q) < 3 || len(q) > maxWordLen {
		return nil
	}
	var out []typoCandidate
	add := func(i int32, limit int) {
		if d := osaDistance(q, lx.words[i], limit); d <= limit && !slices.ContainsFunc(out, func(c typoCandidate) bool { return c.word == i }) {
			out = append(out, typoCandidate{word: i, dist: d})
		}
	}
	if !far {
		near := func(key []byte) {
			if i, ok := lx.vocab.Find(string(key)); ok {
				add(i, 1)
			}
			for _, i := range lx.deletes.of(string(key)) {
				add(i, 1)
			}
		}
		eachDeleted(q, near)
		near([]byte(q))
		eachMovedDoubling(q, func(key []byte) {
			if i, ok := lx.vocab.Find(string(key)); ok && !slices.ContainsFunc(out, func(c typoCandidate) bool { return c.word == i }) {
				out = append(out, typoCandidate{word: i, dist: 1, doubling: true})
			}
		})
		for k, c := range out {
			out[k].doubling = c.doubling || doublingSlip(q, lx.words[c.word])
		}
	} else if len(q) >= 5 {
		qm := letterMask(q)
		for n := len(q) - 2; n <= len(q)+2; n++ {
			for _, i := range lx.byLen.At(min(n, maxWordLen+1)) {
				if bits.OnesCount32(qm^lx.masks[i]) <= 2*2 { // else more than two edits apart
					add(i, 2)
				}
			}
		}
	}
	slices.SortFunc(out, func(a, b typoCandidate) int { return int(a.word - b.word) })
	return out
}

// Doubling slips are the commonest misspellings: a letter typed twice ("paypall"), a double typed once
// ("adress"), or the wrong letter doubled ("pallete" for palette, "ocurr" for occur). Each counts as one
// edit, and a reading that undoes one ranks above other one-edit readings ("paypall" is one edit from
// paywall too).

// doublingSlip reports whether a and b differ by one letter typed twice instead of once or once instead of
// twice.
func doublingSlip(a, b string) bool {
	if len(a) < len(b) {
		a, b = b, a
	}
	if len(a) != len(b)+1 {
		return false
	}
	for k := 0; k+1 < len(a); k++ {
		if a[k] == a[k+1] && a[:k]+a[k+1:] == b {
			return true
		}
	}
	return false
}

// eachMovedDoubling calls f with each string made from w by typing one of its doubled letters once and
// another letter twice, in a buffer f must not keep.
func eachMovedDoubling(w string, f func(key []byte)) {
	var buf [maxWordLen + 1]byte
	for k := 0; k+1 < len(w); k++ {
		if w[k] != w[k+1] || (k > 0 && w[k-1] == w[k]) {
			continue
		}
		single := w[:k] + w[k+1:] // not kept: f gets buf
		for j := range len(single) {
			if j == k || (j+1 < len(single) && single[j] == single[j+1]) || (j > 0 && single[j-1] == single[j]) {
				continue // doubling the letter just undoubled, or one already doubled
			}
			n := copy(buf[:], single[:j+1])
			buf[n] = single[j]
			n++
			n += copy(buf[n:], single[j+1:])
			f(buf[:n])
		}
	}
}

// EditDistance is the optimal string alignment distance between a and b (osaDistance), for names that
// are not the index's words (a guide's slug, a category's id); past limit, or for a string longer than a
// word (maxWordLen bytes), it is limit+1.
func EditDistance(a, b string, limit int) int {
	if len(a) > maxWordLen || len(b) > maxWordLen {
		return limit + 1
	}
	return osaDistance(a, b, limit)
}

// osaDistance is the optimal string alignment (restricted Damerau–Levenshtein) distance between a and b,
// counting a transposition of neighbours as one edit; past limit it returns limit+1.
func osaDistance(a, b string, limit int) int {
	if d := len(a) - len(b); d > limit || -d > limit {
		return limit + 1
	}
	var rows [3][maxWordLen + 1]int
	prev2, prev, cur := &rows[0], &rows[1], &rows[2]
	for j := 0; j <= len(b); j++ {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
			rowMin = min(rowMin, v)
		}
		if rowMin > limit {
			return limit + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return min(prev[len(b)], limit+1)
}

// split finds the best way to read q as two words run together ("shoppingbag" → "shopping bag"). Both
// parts have at least three letters and are vocabulary words, or one of them is a stop word ("trashcan" →
// "trash can"). Splits whose parts occur together in a document come first, then the one whose shorter part
// is longest; together says whether the split found is of the first kind.
func (lx *lexicon) split(q string) (left, right string, ok, together bool) {
	bestMin := 0
	for k := 3; k <= len(q)-3; k++ {
		l, r := q[:k], q[k:]
		li, okLeft := lx.vocab.Find(l)
		ri, okRight := lx.vocab.Find(r)
		stop := (okLeft && wordvec.IsStopWord(r)) || (okRight && wordvec.IsStopWord(l))
		if !(okLeft && okRight) && !stop {
			continue
		}
		tog := stop || lx.cooccur(lx.wordTerm[li], lx.wordTerm[ri])
		if m := min(len(l), len(r)); (tog && !together) || (tog == together && m > bestMin) {
			left, right, ok, together, bestMin = l, r, true, tog, m
		}
	}
	return left, right, ok, together
}

// cooccur reports whether some document holds both terms.
func (lx *lexicon) cooccur(a, b int32) bool {
	return meet(lx.postings.At(int(a)), lx.postings.At(int(b)), func(p posting) int32 { return p.doc })
}

// meet reports whether two lists sorted by document (doc reads an element's) share a document.
func meet[T any](a, b []T, doc func(T) int32) bool {
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch da, db := doc(a[i]), doc(b[j]); {
		case da == db:
			return true
		case da < db:
			i++
		default:
			j++
		}
	}
	return false
}
