package search

import (
	"slices"
	"strings"

	"github.com/iconlib/iconlib/internal/flat"
	"github.com/iconlib/iconlib/internal/wordvec"
)

// termIndexer collects, as the build indexes the documents' names and keywords, the tables an index
// holds of them, as lists it flattens when done.
type termIndexer struct {
	ix                       *Index
	exact                    map[string][]int32
	named, labelled, tagging [][]int32 // per term; tagging: the keywords of two or more terms that hold it
	taggedAlone              [][]tagRef
	multi                    *multiTagsBuilder
}

// indexTerms builds each document's term sets of its names and keywords, the term → document indexes
// (named, labelled), the term → keyword indexes (taggedAlone, taggedIn) over them, and the exact names.
func (ix *Index) indexTerms(docs []Doc) {
	terms := ix.lex.postings.Len()
	b := &termIndexer{ix: ix, exact: exactNames(docs), named: make([][]int32, terms), labelled: make([][]int32, terms),
		tagging: make([][]int32, terms), taggedAlone: make([][]tagRef, terms), multi: newMultiTagsBuilder()}
	names, tags := make([][][]int32, len(docs)), make([][][]int32, len(docs))
	markers := groupMarkers(docs)
	for i, d := range docs {
		tags[i] = b.indexKeywords(int32(i), d.Keywords)
		names[i] = b.nameSets(int32(i), d, markers[d.Group])
		for _, ts := range names[i] {
			for _, t := range ts {
				b.named[t] = appendNew(b.named[t], int32(i))
			}
		}
		for _, ts := range slices.Concat(names[i], tags[i]) {
			for _, t := range ts {
				b.labelled[t] = appendNew(b.labelled[t], int32(i))
			}
		}
	}
	ix.names, ix.tags = newTermSets(names), newTermSets(tags)
	ix.multiTags = b.multi.done()
	ix.named, ix.labelled = flat.ListsOf(b.named), flat.ListsOf(b.labelled)
	ix.taggedAlone, ix.taggedIn = flat.ListsOf(b.taggedAlone), flat.ListsOf(b.tagging)
	ix.exact = newWordLists(b.exact)
}

// exactNames maps each document's id and name, as words, to the documents named so.
func exactNames(docs []Doc) map[string][]int32 {
	exact := map[string][]int32{}
	for i, d := range docs {
		for _, key := range []string{strings.Join(wordvec.Tokenize(d.ID), " "), strings.Join(wordvec.Tokenize(d.Name), " ")} {
			if !slices.Contains(exact[key], int32(i)) {
				exact[key] = append(exact[key], int32(i))
			}
		}
	}
	return exact
}

// indexKeywords returns the term sets of document d's keywords, indexing each: a keyword of one term under
// taggedAlone, one of more terms in multi and under taggedIn for each of its terms.
func (b *termIndexer) indexKeywords(d int32, keywords []string) [][]int32 {
	var tags [][]int32
	for _, k := range keywords {
		t := b.ix.lex.termSet(wordvec.Tokenize(k))
		if len(t) == 0 {
			continue
		}
		ref := newTagRef(d, len(tags))
		tags = append(tags, t)
		if len(t) == 1 {
			b.taggedAlone[t[0]] = appendNew(b.taggedAlone[t[0]], ref)
		} else if k, added := b.multi.add(t, ref); added {
			for _, term := range t {
				b.tagging[term] = appendNew(b.tagging[term], k)
			}
		}
	}
	return tags
}

// nameSets returns the term sets document d (at i) is named by: its id's, its name's when different, and, in a
// group that marks its kind (groupMarkers), the rest of its id when that holds a proper name, which also
// becomes an exact name of d unless another document is named so.
func (b *termIndexer) nameSets(i int32, d Doc, marked bool) [][]int32 {
	lx := b.ix.lex
	names := [][]int32{lx.termSet(wordvec.Tokenize(d.ID))}
	if n := lx.termSet(wordvec.Tokenize(d.Name)); len(n) > 0 && !slices.Equal(n, names[0]) {
		names = append(names, n)
	}
	if rest, ok := strings.CutPrefix(d.ID, d.Group+"-"); ok && marked && b.ix.th.hasProperName(rest) {
		words := wordvec.Tokenize(rest)
		names = append(names, lx.termSet(words))
		if key := strings.Join(words, " "); len(b.exact[key]) == 0 {
			b.exact[key] = []int32{i}
		}
	}
	return names
}

// appendNew appends v to s unless s already ends with it (s is built in order, so a repeat is its last).
func appendNew[T comparable](s []T, v T) []T {
	if len(s) > 0 && s[len(s)-1] == v {
		return s
	}
	return append(s, v)
}

// groupMarkers returns the groups whose every document's id starts with the group's id ("brand-spotify",
// "mood-happy", "zodiac-aries"): there the group's word marks the kind of icon. When the rest of the id holds
// a proper name (Thesaurus.hasProperName), the rest alone names the icon: "spotify" is also an exact name of
// brand-spotify (unless another document is named so) and a name the query covers; "windy" stays the
// weather's word, and "cog" is no name of mood-cog.
func groupMarkers(docs []Doc) map[string]bool {
	count, prefixed := map[string]int{}, map[string]int{}
	for _, d := range docs {
		count[d.Group]++
		if d.Group != "" && strings.HasPrefix(d.ID, d.Group+"-") {
			prefixed[d.Group]++
		}
	}
	out := map[string]bool{}
	for g, n := range prefixed {
		if n >= 2 && n == count[g] {
			out[g] = true
		}
	}
	return out
}
