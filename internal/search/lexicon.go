package search

import (
	"maps"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/iconlib/iconlib/internal/flat"
	"github.com/iconlib/iconlib/internal/stringindex"
	"github.com/iconlib/iconlib/internal/wordvec"
)

// Fields of a document, in the order of fieldWeight.
const (
	fieldName  = iota // id and name words
	fieldKeys         // keywords
	fieldGroup        // group id words
	fieldText         // free text
	numFields
)

// BM25F parameters: a field's term frequency counts fieldWeight times, normalised by the field's length
// relative to its average with strength fieldB; k1 saturates the sum.
var (
	fieldWeight = [numFields]float64{6, 2.5, 1, 0.8}
	fieldB      = [numFields]float64{0.6, 0.4, 0, 0.75}
)

const k1 = 1.2

// posting is one document holding a term, with the term's saturated BM25F weight in it (idf not applied).
type posting struct {
	doc int32
	tf  float32
}

// lexicon is the word-matching side of the index: stemmed terms with postings, and the surface words that
// typo correction, splitting and prefix matching work on. It is derived from the documents when an index is
// built, and read as it is from an index file (wordfile.go).
type lexicon struct {
	terms    *stringindex.Index  // stems, numbered by term id
	postings flat.Lists[posting] // by term id
	idf      []float32           // by term id
	words    []string            // surface words, sorted (vocab's strings)
	vocab    *stringindex.Index  // surface words, numbered by their place in words
	wordTerm []int32             // surface word → term id of its stem
	deletes  deletes
	byLen    flat.Lists[int32] // list n: the surface words of length n, for n up to maxWordLen (and an empty list after)
	masks    []uint32          // surface word → letterMask of it
	usual    []int32           // term → its usual surface word (index into words): see usualWords
}

// fields splits a document into the words of each field. Stop words are dropped except from the name.
func fields(d Doc) [numFields][]string {
	var f [numFields][]string
	f[fieldName] = wordvec.Tokenize(d.ID + " " + d.Name)
	f[fieldKeys] = dropStopWords(wordvec.Tokenize(strings.Join(d.Keywords, " ")))
	f[fieldGroup] = wordvec.Tokenize(d.Group)
	f[fieldText] = dropStopWords(wordvec.Tokenize(d.Text))
	return f
}

func dropStopWords(ws []string) []string {
	out := ws[:0]
	for _, w := range ws {
		if !wordvec.IsStopWord(w) {
			out = append(out, w)
		}
	}
	return out
}

func newLexicon(docs []Doc) *lexicon {
	lx := &lexicon{terms: stringindex.New(0, 0)}
	var postings [][]posting
	termOf := func(w string) int32 {
		id, added := lx.terms.Add(stem(w))
		if added {
			postings = append(postings, nil)
		}
		return id
	}
	surface := map[string]int{} // surface word → the documents it is in
	named := map[string]int{}   // surface word → how often ids and names write it
	all := make([][numFields][]string, len(docs))
	var total [numFields]float64
	for i, d := range docs {
		all[i] = fields(d)
		for f, ws := range all[i] {
			total[f] += float64(len(ws))
		}
	}
	// BM25F: per document and term, sum the length-normalised, weighted frequencies of every field, then saturate.
	var norm [numFields]float64
	tf := map[int32]float64{}
	for i, fs := range all {
		for f, ws := range fs {
			avg := max(total[f]/float64(max(len(docs), 1)), 1)
			norm[f] = 1 - fieldB[f] + fieldB[f]*float64(len(ws))/avg
		}
		clear(tf)
		var order []int32
		inDoc := map[string]bool{}
		for f, ws := range fs {
			for _, w := range ws {
				if !inDoc[w] {
					inDoc[w] = true
					surface[w]++
				}
				if f == fieldName {
					named[w]++
				}
				t := termOf(w)
				if _, ok := tf[t]; !ok {
					order = append(order, t)
				}
				tf[t] += fieldWeight[f] / norm[f]
			}
		}
		for _, t := range order {
			postings[t] = append(postings[t], posting{int32(i), float32(tf[t] * (k1 + 1) / (tf[t] + k1))})
		}
	}
	lx.postings = flat.ListsOf(postings)
	lx.idf = make([]float32, len(postings))
	for t, ps := range postings { // in document order, as built
		df := float64(len(ps))
		lx.idf[t] = float32(math.Log(1 + (float64(len(docs))-df+0.5)/(df+0.5)))
	}
	lx.addWords(slices.Sorted(maps.Keys(surface)))
	lx.usual = lx.usualWords(named, surface)
	return lx
}

// addWords gives the lexicon its surface words, sorted, and what is looked up by them.
func (lx *lexicon) addWords(words []string) {
	lx.vocab = stringindex.New(len(words), 0)
	lx.wordTerm = make([]int32, len(words))
	lx.masks = make([]uint32, len(words))
	byLen := make([][]int32, maxWordLen+2)
	for i, w := range words {
		lx.vocab.Add(w)
		lx.masks[i] = letterMask(w)
		lx.wordTerm[i], _ = lx.terms.Find(stem(w))
		if len(w) <= maxWordLen {
			byLen[len(w)] = append(byLen[len(w)], int32(i))
		}
	}
	lx.words = lx.vocab.Views()
	lx.byLen = flat.ListsOf(byLen)
	lx.deletes = newDeletes(lx.words)
}

// usualWords returns, by term, its surface word (an index into lx.words) that ids and names write most,
// among equals the one in the most documents: the icons' own word ("share" for sharing and shared,
// "delete" for deleting), which a query's other form is embedded as.
func (lx *lexicon) usualWords(named, surface map[string]int) []int32 {
	more := func(a, b string) bool { // a is more usual than b
		if named[a] != named[b] {
			return named[a] > named[b]
		}
		return surface[a] > surface[b]
	}
	usual := make([]int32, lx.postings.Len())
	for t := range usual {
		usual[t] = -1
	}
	for i, w := range lx.words {
		if t := lx.wordTerm[i]; usual[t] < 0 || more(w, lx.words[usual[t]]) {
			usual[t] = int32(i)
		}
	}
	return usual
}

// wordIDs writes into ids (as long as words) each word's index in words, -1 for a word outside the
// vocabulary, and returns it.
func (lx *lexicon) wordIDs(words []string, ids []int32) []int32 {
	for i, w := range words {
		ids[i] = -1
		if j, ok := lx.vocab.Find(w); ok {
			ids[i] = j
		}
	}
	return ids
}

// compound returns the vocabulary word that words[i] and words[i+1] written together are ("log out":
// logout), and whether there is one.
func (lx *lexicon) compound(words []string, i int) (int32, bool) {
	if i < 0 || i+1 >= len(words) {
		return -1, false
	}
	j, ok := lx.vocab.Find(words[i] + words[i+1])
	return j, ok
}

// prefixed returns the surface words that start with p and are longer than it, at most limit of them, the
// ones in the most documents first.
func (lx *lexicon) prefixed(p string, limit int) []int32 {
	lo := sort.SearchStrings(lx.words, p)
	var out []int32
	for i := lo; i < len(lx.words) && strings.HasPrefix(lx.words[i], p); i++ {
		if len(lx.words[i]) > len(p) {
			out = append(out, int32(i))
		}
	}
	sort.SliceStable(out, func(a, b int) bool {
		return lx.docCount(out[a]) > lx.docCount(out[b])
	})
	return out[:min(len(out), limit)]
}

// termSet returns the distinct term ids of words that are in the lexicon, sorted.
func (lx *lexicon) termSet(words []string) []int32 {
	var out []int32
	for _, w := range words {
		if t, ok := lx.terms.Find(stem(w)); ok && !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	slices.Sort(out)
	return out
}

// docCount is the number of documents holding the term of vocabulary word w.
func (lx *lexicon) docCount(w int32) int { return len(lx.postings.At(int(lx.wordTerm[w]))) }
