package main

import (
	"math/rand/v2"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Bounds every generated query keeps: the REST API takes at most 200 characters in q.
const (
	maxWords = 20
	maxRunes = 200
)

// words splits text into lowercase words of letters and digits; everything else separates them.
func words(text string) []string {
	return strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsNumber(r)
	})
}

// queryKey is what makes two queries the same for the benchmark: their sorted set of lowercase words.
// It is deliberately coarser than any normalisation an answer cache could use (case, punctuation, spacing,
// word order and repeats are all ignored), so two queries with different keys can never share a cache
// entry, and "every query distinct" holds whatever the edge normalises.
func queryKey(q string) string {
	w := words(q)
	slices.Sort(w)
	return strings.Join(slices.Compact(w), " ")
}

// fits reports whether q is a query the REST API accepts and the mix wants: 1 to maxWords words, at most
// maxRunes characters.
func fits(q string) bool {
	n := len(strings.Fields(q))
	return n >= 1 && n <= maxWords && utf8.RuneCountInString(q) <= maxRunes
}

// clip cuts ws to at most maxWords words and maxRunes characters when joined with spaces.
func clip(ws []string) string {
	if len(ws) > maxWords {
		ws = ws[:maxWords]
	}
	q := strings.Join(ws, " ")
	for utf8.RuneCountInString(q) > maxRunes && len(ws) > 1 {
		ws = ws[:len(ws)-1]
		q = strings.Join(ws, " ")
	}
	return q
}

// typo misspells one word of at least four letters in ws the way people do: two neighbouring letters
// swapped, one dropped, or one doubled. It returns ws unchanged when no word is long enough.
func typo(rng *rand.Rand, ws []string) []string {
	var long []int
	for i, w := range ws {
		if len(w) >= 4 && isASCII(w) { // bytes are letters only in ASCII
			long = append(long, i)
		}
	}
	if len(long) == 0 {
		return ws
	}
	out := slices.Clone(ws)
	i := long[rng.IntN(len(long))]
	w := []byte(out[i])
	p := 1 + rng.IntN(len(w)-2) // never the first letter: people rarely get that wrong
	switch rng.IntN(3) {
	case 0: // swap
		if w[p] == w[p+1] {
			p--
		}
		w[p], w[p+1] = w[p+1], w[p]
	case 1: // drop
		w = slices.Delete(w, p, p+1)
	default: // double
		w = slices.Insert(w, p, w[p])
	}
	out[i] = string(w)
	return out
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
