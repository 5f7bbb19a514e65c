package search

import (
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/iconlib/iconlib/internal/wordvec"
)

// Generic-first: when a query names a concept with a base icon and many compound or variant icons built on
// it ("trash" and "trash-x", "settings" and its 26 "settings-*"), the base icon is what most people mean, so
// it ranks first among the documents the query matches. How likely a document is meant is learnt from the
// data: how many other documents are built on its id (their ids start with it), and the curated usage
// prior of the popular list (Doc.Prior).

// Shape of the prior: a document with familyFull variants or more gets familyWeight; the popular list counts
// up to 1.
const (
	familyFull   = 16
	familyWeight = 0.6
	familyCover  = 0.5 // the name coverage of a two-word member ("arrow" of arrow-left)
)

// priors returns, per document, max(Doc.Prior, familyWeight × log(1+variants)/log(1+familyFull)).
func priors(docs []Doc) []float32 {
	ids := make([]string, len(docs))
	for i, d := range docs {
		ids[i] = d.ID
	}
	sort.Strings(ids)
	out := make([]float32, len(docs))
	for i, d := range docs {
		p := d.ID + "-"
		lo := sort.SearchStrings(ids, p)
		hi := lo
		for hi < len(ids) && strings.HasPrefix(ids[hi], p) {
			hi++
		}
		v := float64(hi - lo)
		family := familyWeight * min(1, math.Log1p(v)/math.Log1p(familyFull))
		out[i] = max(min(max(d.Prior, 0), 1), float32(family))
	}
	return out
}

// heads returns, per document, the term of the first word of its id when at least familyFull documents'
// ids start with that word (a concept with many variants, such as "arrow"), else -1: a query naming the
// concept prefers its family to documents that only mention it ("arrow" → arrow-*, not bow).
func heads(docs []Doc, lx *lexicon) []int32 {
	first := make([]int32, len(docs))
	count := map[int32]int{}
	for i, d := range docs {
		first[i] = -1
		if ws := wordvec.Tokenize(d.ID); len(ws) > 1 {
			if t, ok := lx.terms.Find(stem(ws[0])); ok {
				first[i] = t
				count[t]++
			}
		}
	}
	for i, t := range first {
		if t >= 0 && count[t] < familyFull {
			first[i] = -1
		}
	}
	return first
}

// family is the term of the concept a one-word query names when no document is named exactly by it and at
// least familyFull documents' ids build on it ("arrow": there is no icon "arrow", but 149 arrow-*), else -1.
// Such a query names the family: a document whose id or name lacks the word covers the query at most
// familyCover, as a two-word member does, so the members come before the documents that only carry the word
// as a keyword ("arrow" → arrow-*, not upload or pointer).
func (ix *Index) family(qu query) int32 {
	if len(qu.slots) != 1 || len(ix.exact.of(qu.words)) > 0 {
		return -1
	}
	for _, a := range qu.slots[0] {
		if a.weight == weightExact && ix.families[a.term] {
			return a.term
		}
	}
	return -1
}

// isNamed reports whether document d's id or name holds term t.
func (ix *Index) isNamed(d, t int32) bool {
	_, ok := slices.BinarySearch(ix.named.At(int(t)), d)
	return ok
}
