package search

import "strings"

// Idioms are the synonym table's entries of several words ("try again: refresh, reload"): what a phrase
// means as a whole, which neither its words nor their vectors tell ("try" and "again" are no refresh).
// parse reads the consecutive query words of an idiom as one word, which matches the idiom's synonyms
// and embeds as its words do.

// maxIdiomWords bounds the words of an idiom.
const maxIdiomWords = 3

// stemWords is the stem of each of w's words, joined by single spaces: stem(w) for one word.
func stemWords(w string) string {
	if !strings.Contains(w, " ") {
		return stem(w)
	}
	ws := strings.Fields(w)
	for k, x := range ws {
		ws[k] = stem(x)
	}
	return strings.Join(ws, " ")
}

// joinIdioms returns ws with each run of words that is an idiom (the longest at each place) as one word,
// its words joined by spaces; ws itself when it holds none.
func (ix *Index) joinIdioms(ws []string) []string {
	var out []string // nil until an idiom is found
	for i := 0; i < len(ws); i++ {
		if n := ix.idiomAt(ws[i:]); n > 1 {
			if out == nil {
				out = append(make([]string, 0, len(ws)), ws[:i]...)
			}
			out = append(out, strings.Join(ws[i:i+n], " "))
			i += n - 1
		} else if out != nil {
			out = append(out, ws[i])
		}
	}
	if out == nil {
		return ws
	}
	return out
}

// idiomAt is the number of ws's first words that form the longest idiom, 0 when they form none.
func (ix *Index) idiomAt(ws []string) int {
	if len(ws) < 2 {
		return 0
	}
	var stems [maxIdiomWords]string
	if stems[0] = stem(ws[0]); !ix.synonyms.idiomStarts[stems[0]] {
		return 0
	}
	n := min(len(ws), maxIdiomWords)
	for k := 1; k < n; k++ {
		stems[k] = stem(ws[k])
	}
	for ; n > 1; n-- { // the key as stemWords makes it, without joining the words first
		if ix.synonyms.has(strings.Join(stems[:n], " ")) {
			return n
		}
	}
	return 0
}
