package search

import (
	"slices"
	"sort"
	"strings"

	"github.com/iconlib/iconlib/internal/flat"
	"github.com/iconlib/iconlib/internal/wordvec"
)

// Real-word typos in context: a typo that is itself a word ("sing in", "bar cart", "heart rat") passes every
// check of a single word, and a frequent one ("sing", "cart") is no rare word either (see realWordTypos).
// Its neighbour gives it away: the icons' ids, names and keywords hold "sign in", "bar chart" and "heart
// rate", but never "sing in". So a query word that forms no such pair with a neighbour is also read as each
// vocabulary word one edit from it, with its first letter, that does form one with that neighbour, and
// its embedding is that word's.

// weightContext is what a match through a correction in context counts: a one-edit typo's weight.
const weightContext = weightTypo1

// minContextLen is the shortest query word read as a typo in context: a word of two letters is one edit
// from too many.
const minContextLen = 3

// wordPairs holds, per vocabulary word, the words that follow it and the words that precede it in some
// document's id, name or keyword, each list sorted by word index; and, the vocabulary being sorted, where
// the words of each first byte start (those of byte b are the indexes initial[b]:initial[b+1]).
type wordPairs struct {
	next, prev flat.Lists[int32]
	initial    []int32 // 257 of them
}

// newWordPairs collects the pairs of neighbouring words in docs' ids, names and keywords.
func newWordPairs(docs []Doc, lx *lexicon) wordPairs {
	next, prev := make([][]int32, len(lx.words)), make([][]int32, len(lx.words))
	for _, d := range docs {
		for _, label := range append([]string{d.ID, d.Name}, d.Keywords...) {
			ws := wordvec.Tokenize(label)
			for k := 1; k < len(ws); k++ {
				a, okA := lx.vocab.Find(ws[k-1])
				b, okB := lx.vocab.Find(ws[k])
				if okA && okB {
					next[a] = insertSorted(next[a], b)
					prev[b] = insertSorted(prev[b], a)
				}
			}
		}
	}
	p := wordPairs{next: flat.ListsOf(next), prev: flat.ListsOf(prev), initial: make([]int32, 257)}
	for b := range 256 {
		p.initial[b] = int32(sort.SearchStrings(lx.words, string([]byte{byte(b)})))
	}
	p.initial[256] = int32(len(lx.words))
	return p
}

// follows reports whether word b follows word a in some id, name or keyword.
func (p *wordPairs) follows(a, b int32) bool {
	_, found := slices.BinarySearch(p.next.At(int(a)), b)
	return found
}

// insertSorted adds w to the sorted list s unless s holds it.
func insertSorted(s []int32, w int32) []int32 {
	if k, found := slices.BinarySearch(s, w); !found {
		s = slices.Insert(s, k, w)
	}
	return s
}

// contextTypos returns the readings of words[i] (ids: each word's index in the vocabulary, -1 for none)
// as a typo of a word that forms a known pair with a neighbour: none when the word forms one with a
// neighbour as it is, or when some document is labelled with both ("pay by card" stays pay: there is
// credit-card-pay, though "play card" is a pair of the icons').
func (ix *Index) contextTypos(words []string, ids []int32, i int) []realWordTypo {
	w, j := words[i], ids[i]
	if len(w) < minContextLen || !isASCIILetters(w) || j < 0 && ix.embedWord(w) == nil {
		return nil // no real word: a typo the word's own reading corrects
	}
	lx := ix.lex
	lo, hi := ix.pairs.initial[w[0]], ix.pairs.initial[int(w[0])+1] // the words with w's first letter
	var out []realWordTypo
	for _, k := range [2]int{i + 1, i - 1} {
		if k < 0 || k >= len(words) || ids[k] < 0 {
			continue
		}
		n := ids[k]
		pairs := ix.pairs.prev.At(int(n)) // the words before the right neighbour
		if k < i {
			pairs = ix.pairs.next.At(int(n))
		}
		if _, paired := slices.BinarySearch(pairs, j); j >= 0 && paired {
			return nil
		}
		found := len(out)
		from, _ := slices.BinarySearch(pairs, lo)
		for _, c := range pairs[from:] {
			if c >= hi {
				break
			}
			if cw := lx.words[c]; osaDistance(w, cw, 1) == 1 && stem(cw) != stem(w) &&
				!slices.ContainsFunc(out, func(t realWordTypo) bool { return t.word == c }) {
				out = append(out, realWordTypo{c, weightContext})
			}
		}
		if len(out) > found && j >= 0 && ix.coLabelled(lx.wordTerm[j], lx.wordTerm[n]) {
			return nil
		}
	}
	return out
}

// coLabelled reports whether some document's id, name or keywords hold both terms.
func (ix *Index) coLabelled(a, b int32) bool {
	return meet(ix.labelled.At(int(a)), ix.labelled.At(int(b)), func(d int32) int32 { return d })
}

// trailingTypo returns the word the query's last word means when that word is a stop word whose last letter
// is missing from a word that follows the word before it in the icons' labels ("bell of": off, as in
// bell-off; "wifi of"; "drag an": and, as in drag-and-drop), and "" otherwise. A stop word says nothing at
// the end of a query, and would be dropped; read as the word it is the start of, as any other last word
// still being typed is, it says what the query asks. Not after a determiner's noun ("a picture of": a
// phrase still being typed). words are the query's words, stop words included.
func (ix *Index) trailingTypo(words []string) string {
	n := len(words)
	if n < 2 || !wordvec.IsStopWord(words[n-1]) || wordvec.IsStopWord(words[n-2]) || n > 2 && determiners[words[n-3]] {
		return ""
	}
	lx := ix.lex
	p, ok := lx.vocab.Find(words[n-2])
	if !ok {
		return ""
	}
	if s, ok := lx.vocab.Find(words[n-1]); ok && ix.pairs.follows(p, s) {
		return "" // "logic and": the pair as it is
	}
	best := int32(-1)
	for _, c := range lx.deletes.of(words[n-1]) {
		if !strings.HasPrefix(lx.words[c], words[n-1]) {
			continue // "card and" is no "card hand": only the last letter can be missing
		}
		if ix.pairs.follows(p, c) && (best < 0 || lx.docCount(c) > lx.docCount(best)) {
			best = c
		}
	}
	if best < 0 {
		return ""
	}
	return lx.words[best]
}

// determiners begin a noun phrase that a trailing "of" is still to complete ("a picture of", "the map of"):
// there the stop word is a preposition, not a typo.
var determiners = map[string]bool{"a": true, "an": true, "the": true, "this": true, "that": true, "these": true,
	"those": true, "my": true, "your": true, "our": true, "their": true, "his": true, "her": true, "its": true,
	"some": true, "any": true, "each": true, "every": true}
