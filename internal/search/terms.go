package search

import (
	"encoding/binary"
	"math/bits"

	"github.com/iconlib/iconlib/internal/flat"
)

// termTable holds, for one query, the weight with which each query word (slot) matches each term the
// query may stand for, so scoring a document's name and keywords costs one array lookup per term instead
// of a search through the query's alternatives. A term matches one or two of a query's words, so each row
// also lists only its slots that match (of, from first), and a coverage touches only those.
type termTable struct {
	row     []int32   // by term id: 1 + the term's row, 0 for a term the query does not match
	weights []float32 // per row, one weight per slot (0: the slot does not match the term)
	best    []float32 // per row, its highest weight
	terms   []int32   // the rows' terms, to reset row
	slots   int
	first   []int32     // row r's matching slots are of[first[r]:first[r+1]]
	of      []slotMatch // in slot order
	slotMax []float32   // per slot, the running maximum of a coverage; 0 between coverages
	raised  []int32     // the slots slotMax holds a maximum of
	rowSum  []float32   // per row, sumSlotMax of that row alone: what a coverage by one row sums
}

// slotMatch is a slot a row's term matches, and the weight.
type slotMatch struct {
	slot   int32
	weight float32
}

func newTermTable(vocabulary int) *termTable {
	return &termTable{row: make([]int32, vocabulary)}
}

// fill sets the table for a query's slots; reset must follow before the next fill.
func (tt *termTable) fill(slots [][]alt) {
	tt.slots = len(slots)
	tt.weights, tt.best, tt.terms = tt.weights[:0], tt.best[:0], tt.terms[:0]
	for s, slot := range slots {
		for _, a := range slot {
			r := tt.row[a.term] - 1
			if r < 0 {
				r = int32(len(tt.terms))
				tt.row[a.term] = r + 1
				tt.terms = append(tt.terms, a.term)
				tt.best = append(tt.best, 0)
				tt.weights = append(tt.weights, make([]float32, len(slots))...)
			}
			w := &tt.weights[int(r)*len(slots)+s]
			*w = max(*w, a.weight)
			tt.best[r] = max(tt.best[r], a.weight)
		}
	}
	tt.first, tt.of = append(tt.first[:0], 0), tt.of[:0]
	for r := range tt.terms {
		for s, w := range tt.weights[r*len(slots) : (r+1)*len(slots)] {
			if w > 0 {
				tt.of = append(tt.of, slotMatch{int32(s), w})
			}
		}
		tt.first = append(tt.first, int32(len(tt.of)))
	}
	tt.slotMax = append(tt.slotMax[:0], make([]float32, len(slots))...)
	tt.rowSum = tt.rowSum[:0]
	for r := range tt.terms {
		tt.maxInto(r)
		tt.rowSum = append(tt.rowSum, tt.sumSlotMax())
	}
}

// reset clears what fill set.
func (tt *termTable) reset() {
	for _, t := range tt.terms {
		tt.row[t] = 0
	}
}

// nameCoverage scores how well the query words and a name's terms cover each other: the share of the
// name's terms the query matches times the share of query words the name matches, each match counted at
// its weight.
func (tt *termTable) nameCoverage(terms []int32) float32 {
	if len(terms) == 0 || tt.slots == 0 {
		return 0
	}
	// Most names a query reaches (through another field) share no term with it: they cost one look-up
	// per term, and no pass over the slots.
	var nameSum float32
	one, rows := int32(0), 0 // the last matching row (1 + its index), and how often that changed: 1 when one row matches
	for _, t := range terms {
		if r := tt.row[t]; r > 0 {
			nameSum += tt.best[r-1]
			if r != one {
				one, rows = r, rows+1
			}
		}
	}
	if nameSum == 0 {
		return 0
	}
	if rows == 1 { // most names a query matches match one of its terms
		return nameSum / float32(len(terms)) * tt.rowSum[one-1] / float32(tt.slots)
	}
	for _, t := range terms {
		if r := int(tt.row[t]) - 1; r >= 0 {
			tt.maxInto(r)
		}
	}
	return nameSum / float32(len(terms)) * tt.sumSlotMax() / float32(tt.slots)
}

// tagCoverage is the share of query words that match, at their weight, a keyword whose every term the
// query matches ("trash can" matches the keyword "trash-can", "can" alone does not). A document's keywords
// the query matches must all be among alone, the rows of the table whose term is a keyword by itself (bit
// r for row r), and sets (a tagSets), whose keywords it checks.
func (tt *termTable) tagCoverage(terms, bounds []int32, sets tagSets, alone uint64) float32 {
	if tt.slots == 0 {
		return 0
	}
	if sets == 0 && alone&(alone-1) == 0 && alone != 0 { // one keyword of one term: most documents
		return tt.rowSum[bits.TrailingZeros64(alone)] / float32(tt.slots)
	}
	matched := alone != 0
	for ; alone != 0; alone &= alone - 1 {
		tt.maxInto(bits.TrailingZeros64(alone))
	}
	n := len(bounds) - 1
	for ; sets != 0; sets &= sets - 1 {
		k := bits.TrailingZeros64(uint64(sets))
		last := k + 1
		if k == lastTagBit {
			last = n
		}
		for ; k < min(last, n); k++ {
			tag := terms[bounds[k]:bounds[k+1]]
			if !tt.matchesAll(tag) {
				continue
			}
			matched = true
			for _, t := range tag {
				tt.maxInto(int(tt.row[t]) - 1)
			}
		}
	}
	if !matched {
		return 0
	}
	return tt.sumSlotMax() / float32(tt.slots)
}

// maxAloneRows is the number of term table rows a document's alone mask holds (see tagCoverage); the
// keywords of later rows' terms go through tagSets.
const maxAloneRows = 64

// tagSets is a set of one document's keywords by their place among its keywords: bit k for keyword k, the
// last bit for keyword lastTagBit and every one after it.
type tagSets uint64

// lastTagBit is tagSets' last bit.
const lastTagBit = 63

// allTags holds every keyword of a document.
const allTags = ^tagSets(0)

// tagRef is a document's keyword: the document's number times 64, plus its bit in tagSets.
type tagRef uint32

func newTagRef(doc int32, k int) tagRef {
	return tagRef(doc)<<6 | tagRef(min(k, lastTagBit))
}

func (r tagRef) doc() int32 { return int32(r >> 6) }

func (r tagRef) set() tagSets { return 1 << (r & 63) }

// multiTags holds each distinct keyword of two or more terms once, with the documents' keywords that are
// it, so a query checks whether it matches a keyword's every term once, not once per document tagged so.
type multiTags struct {
	terms  []int32            // keyword k's terms are terms[bounds[k]:bounds[k+1]]
	bounds []int32            // starts with 0
	refs   flat.Lists[tagRef] // per keyword, the documents' keywords that are it
}

// of is keyword k's terms.
func (mt *multiTags) of(k int32) []int32 {
	return mt.terms[mt.bounds[k]:mt.bounds[k+1]]
}

// multiTagsBuilder gives each distinct keyword of two or more terms its number in multiTags.
type multiTagsBuilder struct {
	tags   multiTags
	refs   [][]tagRef       // per keyword, until done
	number map[string]int32 // by the keyword's terms as bytes
}

func newMultiTagsBuilder() *multiTagsBuilder {
	return &multiTagsBuilder{tags: multiTags{bounds: []int32{0}}, number: map[string]int32{}}
}

// done returns the keywords added.
func (b *multiTagsBuilder) done() multiTags {
	b.tags.refs = flat.ListsOf(b.refs)
	return b.tags
}

// add records ref as the keyword of terms and returns the keyword's number, and whether it is new.
func (b *multiTagsBuilder) add(terms []int32, ref tagRef) (int32, bool) {
	key := make([]byte, 0, 4*len(terms))
	for _, t := range terms {
		key = binary.LittleEndian.AppendUint32(key, uint32(t))
	}
	k, found := b.number[string(key)]
	if !found {
		k = int32(len(b.refs))
		b.number[string(key)] = k
		b.tags.terms = append(b.tags.terms, terms...)
		b.tags.bounds = append(b.tags.bounds, int32(len(b.tags.terms)))
		b.refs = append(b.refs, nil)
	}
	b.refs[k] = append(b.refs[k], ref)
	return k, !found
}

func (tt *termTable) matchesAll(terms []int32) bool {
	for _, t := range terms {
		if tt.row[t] == 0 {
			return false
		}
	}
	return len(terms) > 0
}

// maxInto raises each slot's running maximum to the row's weight in it (only the slots the row matches).
func (tt *termTable) maxInto(r int) {
	for _, m := range tt.of[tt.first[r]:tt.first[r+1]] {
		if prev := tt.slotMax[m.slot]; m.weight > prev {
			if prev == 0 {
				tt.raised = append(tt.raised, m.slot)
			}
			tt.slotMax[m.slot] = m.weight
		}
	}
}

// sumSlotMax is the sum of the slots' running maxima, which it sets back to 0. It adds them in slot order,
// the zeros left out: the bits of summing every slot in order.
func (tt *termTable) sumSlotMax() float32 {
	raised := tt.raised
	for i := 1; i < len(raised); i++ { // a few slots: insertion sort
		for j := i; j > 0 && raised[j] < raised[j-1]; j-- {
			raised[j], raised[j-1] = raised[j-1], raised[j]
		}
	}
	var sum float32
	for _, s := range raised {
		sum += tt.slotMax[s]
		tt.slotMax[s] = 0
	}
	tt.raised = raised[:0]
	return sum
}

// termSets holds, per document, a list of term sets (its names', its keywords') in three flat arrays, so a
// query reads a document's sets from contiguous memory instead of following a slice header per set:
// document d's sets are k in first[d]:first[d+1], set k is terms[bounds[k]:bounds[k+1]].
type termSets struct {
	terms  []int32
	bounds []int32
	first  []int32
}

func newTermSets(perDoc [][][]int32) termSets {
	ts := termSets{bounds: []int32{0}, first: make([]int32, 0, len(perDoc)+1)}
	for _, sets := range perDoc {
		ts.first = append(ts.first, int32(len(ts.bounds)-1))
		for _, s := range sets {
			ts.terms = append(ts.terms, s...)
			ts.bounds = append(ts.bounds, int32(len(ts.terms)))
		}
	}
	ts.first = append(ts.first, int32(len(ts.bounds)-1))
	return ts
}

// of returns document d's sets: set k of it is terms[bounds[k]:bounds[k+1]], for k < len(bounds)-1.
func (ts *termSets) of(d int32) (terms []int32, bounds []int32) {
	return ts.terms, ts.bounds[ts.first[d] : ts.first[d+1]+1]
}

// firstLen is the number of terms of document d's first set, 0 when it has none.
func (ts *termSets) firstLen(d int32) int {
	if ts.first[d+1] == ts.first[d] {
		return 0
	}
	k := ts.first[d]
	return int(ts.bounds[k+1] - ts.bounds[k])
}
