package search

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/iconlib/iconlib/internal/keyed"
	"github.com/iconlib/iconlib/internal/wordvec"
)

// Thesaurus is what the index knows about words beyond the documents: words a query word may stand for
// (synonyms: the hand-written table of UI vocabulary and WordNet's), and words of opposite meaning
// (antonyms). The build reads it from content/ and stores it in the index, so the edge needs no other file.
type Thesaurus struct {
	// Synonyms maps a query word to the words (or phrases of words) it may stand for, each with how much a
	// match through it counts, in (0, 1].
	Synonyms map[string][]Synonym
	// Antonyms maps a word to words of opposite meaning.
	Antonyms map[string][]string
}

// Synonym is one word or phrase a query word may stand for.
type Synonym struct {
	Words  string  // one word, or words separated by spaces
	Weight float32 // how much a match through it counts, in (0, 1]
}

// hasProperName reports whether a word of text is unknown to the thesaurus, as the name of a brand or a
// product is ("spotify", "google drive"), while English words ("windy", "cog") have synonyms or antonyms.
func (th Thesaurus) hasProperName(text string) bool {
	for _, w := range wordvec.Tokenize(text) {
		if len(th.Synonyms[w]) == 0 && len(th.Antonyms[w]) == 0 {
			return true
		}
	}
	return false
}

// Add records that word may stand for words at weight, keeping the higher weight of a pair given twice.
func (th *Thesaurus) Add(word, words string, weight float32) {
	word, words = strings.Join(wordvec.Tokenize(word), " "), strings.Join(wordvec.Tokenize(words), " ")
	if word == "" || words == "" || word == words || weight <= 0 {
		return
	}
	if th.Synonyms == nil {
		th.Synonyms = map[string][]Synonym{}
	}
	weight = quantizePrior(weight) // as the index file stores it
	syns := th.Synonyms[word]
	if i := slices.IndexFunc(syns, func(s Synonym) bool { return s.Words == words }); i >= 0 {
		syns[i].Weight = max(syns[i].Weight, min(weight, 1))
		return
	}
	th.Synonyms[word] = append(syns, Synonym{words, min(weight, 1)})
}

// AddAntonyms records that a and b mean the opposite of each other.
func (th *Thesaurus) AddAntonyms(a, b string) {
	a, b = strings.Join(wordvec.Tokenize(a), " "), strings.Join(wordvec.Tokenize(b), " ")
	if a == "" || b == "" || a == b {
		return
	}
	if th.Antonyms == nil {
		th.Antonyms = map[string][]string{}
	}
	for _, p := range [][2]string{{a, b}, {b, a}} {
		as := th.Antonyms[p[0]]
		if i, found := slices.BinarySearch(as, p[1]); !found { // sorted, so the index file does not depend on the order of calls
			th.Antonyms[p[0]] = slices.Insert(as, i, p[1])
		}
	}
}

// ReadSynonyms reads a synonym table into th: one entry a line, "word: synonym, synonym phrase, …", each
// synonym optionally followed by "=weight" (default weight); "#" starts a comment, blank lines are skipped.
// The word may be an idiom of up to maxIdiomWords words ("try again: refresh"), which a query's
// consecutive words match as one.
func (th *Thesaurus) ReadSynonyms(r io.Reader, weight float32) error {
	return readTable(r, "synonym", maxIdiomWords, func(line int, word string, list []string) error {
		for _, s := range list {
			s, w := strings.TrimSpace(s), weight
			if phrase, ws, ok := strings.Cut(s, "="); ok {
				f, err := strconv.ParseFloat(strings.TrimSpace(ws), 32)
				if err != nil || f <= 0 || f > 1 {
					return fmt.Errorf("line %d: weight %q: want a number in (0, 1]", line, ws)
				}
				s, w = strings.TrimSpace(phrase), float32(f)
			}
			if len(wordvec.Tokenize(s)) == 0 {
				return fmt.Errorf("line %d: an empty synonym", line)
			}
			th.Add(word, s, w)
		}
		return nil
	})
}

// readTable reads a word table: one entry a line, "word: item, item, …", calling entry with the line's
// number, its word (of at most keyWords words) and its items as written (see readKeyed). what names the
// items in the error of a line without such a word before a colon.
func readTable(r io.Reader, what string, keyWords int, entry func(line int, word string, list []string) error) error {
	want := fmt.Sprintf("\"word: %s, …\"", what)
	if keyWords > 1 {
		want = fmt.Sprintf("\"word: %s, …\" (the word may be up to %d words)", what, keyWords)
	}
	return keyed.Read(r, want, func(line int, word, list string) error {
		if n := len(wordvec.Tokenize(word)); n == 0 || n > keyWords {
			return fmt.Errorf("line %d: want %s", line, want)
		}
		return entry(line, word, strings.Split(list, ","))
	})
}

// sortedKeys returns m's keys in order, so the index file is the same for the same thesaurus.
func sortedKeys[V any](m map[string]V) []string {
	return slices.Sorted(maps.Keys(m))
}

// synonym is a Synonym read against the lexicon: the terms of its words, at its weight.
type synonym struct {
	Synonym
	alts []alt
	key  string // the word or idiom of the table it is a synonym of
}

// readSynonyms returns, by the stem of a query word or idiom (stemWords), its synonyms with the terms of
// their words that the lexicon has (a synonym of no known word is dropped).
func readSynonyms(th Thesaurus, lx *lexicon) map[string][]synonym {
	out := map[string][]synonym{}
	for _, w := range sortedKeys(th.Synonyms) {
		if len(strings.Fields(w)) > maxIdiomWords {
			continue
		}
		key := stemWords(w)
		for _, s := range th.Synonyms[w] {
			var alts []alt
			for _, t := range lx.termSet(strings.Fields(s.Words)) {
				alts = append(alts, alt{t, s.Weight})
			}
			if len(alts) > 0 {
				out[key] = append(out[key], synonym{s, alts, w})
			}
		}
	}
	return out
}

// readAntonyms returns, by the stem of a query word, the terms of the lexicon its antonyms hold.
func readAntonyms(th Thesaurus, lx *lexicon) map[string][]int32 {
	out := map[string][]int32{}
	for w, as := range th.Antonyms {
		if strings.Contains(w, " ") {
			continue
		}
		for _, t := range lx.termSet(as) {
			if !slices.Contains(out[stem(w)], t) {
				out[stem(w)] = append(out[stem(w)], t)
			}
		}
	}
	for _, ts := range out {
		slices.Sort(ts)
	}
	return out
}

// ReadAntonyms reads a table of opposites into th: one entry a line, "word: opposite, opposite, …"; "#"
// starts a comment, blank lines are skipped.
func (th *Thesaurus) ReadAntonyms(r io.Reader) error {
	return readTable(r, "opposite", 1, func(line int, word string, list []string) error {
		for _, a := range list {
			if len(wordvec.Tokenize(a)) != 1 {
				return fmt.Errorf("line %d: %q: want one word", line, strings.TrimSpace(a))
			}
			th.AddAntonyms(word, a)
		}
		return nil
	})
}
