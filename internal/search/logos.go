package search

import (
	"math/bits"
	"slices"
	"strings"

	"github.com/iconlib/iconlib/internal/wordvec"
)

// Logos: a brand's logo (a document of the group "brand", such as brand-teams) is what a query means when
// the query names the brand ("teams", "spotify", or a typo of it: "spotfiy"). Matched only through other
// words, its description's or its tags' ("chat app" reaches brand-line and brand-badoo, tagged so; "book
// a hotel room" reaches brand-booking), it stands for the thing itself less than that thing's own icons
// do, and its fused score is scaled by unnamedLogo.

// logoGroup is the group of brands' logos.
const logoGroup = "brand"

// unnamedLogo scales the fused score of a logo the query does not name. (make eval at 0.8: both halves
// unchanged, the development set 0.769 → 0.774; at 0.7 the held-out half lost a query.)
const unnamedLogo = 0.8

// logos knows the brands' logos among the documents, and the words that name each.
type logos struct {
	of    []bool             // per document: whether it is a logo
	named map[string][]int32 // a word of a logo's id past "brand" ("teams") → the logos it names
	words []string           // the keys of named, sorted, for typos of them
	masks []uint32           // per word of words, its letterMask
}

// newLogos finds the logos among docs (group logoGroup) and the words of their ids that name them.
func newLogos(docs []Doc) logos {
	l := logos{of: make([]bool, len(docs)), named: map[string][]int32{}}
	for i, d := range docs {
		if d.Group != logoGroup {
			continue
		}
		l.of[i] = true
		for _, w := range wordvec.Tokenize(d.ID) {
			if w != logoGroup {
				l.named[w] = append(l.named[w], int32(i))
			}
		}
	}
	for w := range l.named {
		l.words = append(l.words, w)
	}
	slices.Sort(l.words)
	for _, w := range l.words {
		l.masks = append(l.masks, letterMask(w))
	}
	return l
}

// markNamed marks in marked the logos the query's words (words, as parse keeps them: every word, stop
// words too) name, by one of their words or by a typo of it (a word of no document, one edit from it),
// appends them to out and returns it, to unmark.
func (ix *Index) markNamed(words string, marked []bool, out []int32) []int32 {
	l := &ix.logos
	if len(l.words) == 0 {
		return out
	}
	mark := func(docs []int32) {
		for _, d := range docs {
			if !marked[d] {
				marked[d] = true
				out = append(out, d)
			}
		}
	}
	for w := range strings.FieldsSeq(words) {
		mark(l.named[w])
		if _, known := ix.lex.vocab.Find(w); known || len(w) < minLogoTypoLen || len(w) > maxWordLen {
			continue
		}
		m := letterMask(w)
		for k, name := range l.words {
			if bits.OnesCount32(m^l.masks[k]) > 2*logoTypoDistance { // letters too far apart (letterMask)
				continue
			}
			if osaDistance(w, name, logoTypoDistance) <= logoTypoDistance {
				mark(l.named[name])
			}
		}
	}
	return out
}

// A word of no document names a logo one edit from it ("spotfiy"; "figam"), from four letters on.
const (
	minLogoTypoLen   = 4
	logoTypoDistance = 1
)
