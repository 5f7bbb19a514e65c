package search

import (
	"math"
	"sort"
	"strings"
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
