package search

import "strings"

// stem strips common English inflections so "printing", "prints" and "printed" all match "print". It is
// light on purpose (no derivational suffixes such as -er or -ation, so "printer" stays apart from "print")
// and only has to be consistent: queries and documents go through the same function.
func stem(w string) string {
	if len(w) <= 3 || !isASCIILetters(w) {
		return w
	}
	return withoutFinalE(withoutIngOrEd(withoutPlural(withoutLy(w))))
}

// withoutPlural strips a plural's or a third person's s: "notifies" and "notified" are "notify", "boxes"
// is "box", "class", "status" and "analysis" stay.
func withoutPlural(w string) string {
	switch {
	case strings.HasSuffix(w, "ies") && len(w) > 4, strings.HasSuffix(w, "ied") && len(w) > 5:
		return w[:len(w)-3] + "y" // "shied" is too short to tell from "shield"
	case strings.HasSuffix(w, "sses"), strings.HasSuffix(w, "xes"), strings.HasSuffix(w, "ches"),
		strings.HasSuffix(w, "shes"), strings.HasSuffix(w, "zzes"):
		return w[:len(w)-2]
	case strings.HasSuffix(w, "ss"), strings.HasSuffix(w, "us"), strings.HasSuffix(w, "is"):
		return w
	case strings.HasSuffix(w, "s"):
		return w[:len(w)-1]
	}
	return w
}

// withoutIngOrEd strips -ing or -ed from a base of three letters or more with a vowel: "rating" is "rate",
// "saving" "save"; "shopping" stays "shop".
func withoutIngOrEd(w string) string {
	for _, suf := range []string{"ing", "ed"} {
		if base, ok := strings.CutSuffix(w, suf); ok && len(base) >= 3 && hasVowel(base) {
			w = undouble(base)
			if w == base && measure(w) == 1 && endsCVC(w) {
				w += "e"
			}
			return w
		}
	}
	return w
}

// withoutFinalE strips a final e unless the word needs it to be itself (Porter's step 5a): "delete" and
// "deleted" are "delet", "house" is "hous", but "rate" is not "rat", "site" not "sit", "note" not "not",
// "tree" stays.
func withoutFinalE(w string) string {
	if n := len(w); n > 3 && w[n-1] == 'e' {
		if m := measure(w[:n-1]); m > 1 || m == 1 && !endsCVC(w[:n-1]) {
			return w[:n-1]
		}
	}
	return w
}

// withoutLy is an adverb in -ly as its adjective or noun, by the Snowball English stemmer's rules:
// "successfully" is "successful", "finally" "final", "securely" "secure", "weekly" "week"; a word whose
// "ly" follows another letter stays ("family", "supply", "butterfly"), and so do Snowball's exceptions
// ("early" is not "ear").
func withoutLy(w string) string {
	base, ok := strings.CutSuffix(w, "ly")
	if !ok || len(base) < 3 || lyWords[w] {
		return w
	}
	if strings.HasSuffix(base, "ful") || strings.HasSuffix(base, "less") || strings.HasSuffix(base, "al") ||
		strings.ContainsRune("cdeghkmnrt", rune(base[len(base)-1])) {
		return base
	}
	return w
}

// lyWords end in -ly but are no adverb of the word before it (the Snowball English stemmer's exceptions).
var lyWords = map[string]bool{"early": true, "gently": true, "idly": true, "only": true, "singly": true, "ugly": true}

// endsCVC reports whether w ends consonant, vowel, consonant other than w, x or y ("rat", "sav", "not";
// not "hous" or "creat"), Porter's *o condition.
func endsCVC(w string) bool {
	n := len(w)
	return n >= 3 && consonant(w, n-3) && !consonant(w, n-2) && consonant(w, n-1) && !strings.ContainsRune("wxy", rune(w[n-1]))
}

// measure counts the vowel-consonant sequences of w (Porter's m: "tree" 0, "rat" 1, "delet" 2).
func measure(w string) int {
	m := 0
	for i := 1; i < len(w); i++ {
		if consonant(w, i) && !consonant(w, i-1) {
			m++
		}
	}
	return m
}

// consonant reports whether w[i] is a consonant: not a, e, i, o or u, nor a y after a consonant.
func consonant(w string, i int) bool {
	switch w[i] {
	case 'a', 'e', 'i', 'o', 'u':
		return false
	case 'y':
		return i == 0 || !consonant(w, i-1)
	}
	return true
}

// undouble turns "shopp" (from "shopping") into "shop"; l, s and z stay doubled ("spell", "press", "buzz").
func undouble(w string) string {
	n := len(w)
	if n >= 3 && w[n-1] == w[n-2] && !strings.ContainsRune("aeiouylsz", rune(w[n-1])) {
		return w[:n-1]
	}
	return w
}

func hasVowel(w string) bool { return strings.ContainsAny(w, "aeiouy") }

func isASCIILetters(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] < 'a' || w[i] > 'z' {
			return false
		}
	}
	return true
}
