package build

import (
	"strings"

	"github.com/iconlib/iconlib/internal/catalog"
)

// modifiers are id suffixes whose meaning is known: "folder-plus" is about adding a folder. In a pattern
// {n} is the thing the rest of the id names, and the words around it agree with it (see phrase).
var modifiers = map[string]string{
	"off":         "Shows that the {n} {is} turned off, disabled or unavailable.",
	"plus":        "Add or create {a} new {n}.",
	"minus":       "Remove {a} {n}, or take {one} away.",
	"x":           "Delete, close or cancel {a} {n}.",
	"check":       "Shows that {a} {n} {is} done, confirmed or selected.",
	"search":      "Search for {a} {n} or look inside {it}.",
	"share":       "Share {a} {n} with someone else.",
	"edit":        "Edit or rename {a} {n}.",
	"pencil":      "Edit or write on {a} {n}.",
	"exclamation": "Warns of a problem or something that needs attention with {a} {n}.",
	"question":    "Ask for help or more information about {a} {n}.",
	"heart":       "Mark {a} {n} as a favourite or something you love.",
	"star":        "Mark {a} {n} as a favourite or highlight {it}.",
	"lock":        "Shows that {a} {n} {is} locked, private or protected.",
	"cancel":      "Cancel, block or forbid {a} {n}.",
	"cog":         "Open the settings of {a} {n}.",
	"settings":    "Open the settings of {a} {n}.",
	"up":          "Move {a} {n} up, or upload {it}.",
	"down":        "Move {a} {n} down, or download {it}.",
	"bolt":        "{A} {n} with a lightning bolt: fast, powered or urgent.",
	"pause":       "Pause {a} {n}, or show that {it} {is} paused.",
	"play":        "Start or play {a} {n}.",
	"dollar":      "{A} {n} with a dollar sign, for {its} price, cost or payment.",
	"code":        "{A} {n} with a code sign, for {its} programming or technical side.",
	"filled":      "{A} solid, filled {n}.",
}

// describe writes one sentence on what an icon means when no one has written it: from its id's known
// modifier (see modifies; isIcon reports whether the library has an icon of an id), or else its name,
// category and strongest tags.
func describe(ic catalog.Icon, isIcon func(id string) bool) string {
	words := strings.Split(ic.ID, "-")
	if words[0] == "brand" && len(words) > 1 {
		brand := displayName(strings.Join(words[1:], "-"))
		return "The " + brand + " logo, for links to " + brand + ", sharing to it or signing in with it."
	}
	if text, ok := modifierPhrase(ic.ID); ok && modifies(ic, isIcon) {
		return text
	}
	kind := categoryNoun(ic.CategoryName) + " icon"
	tags := topTags(ic, 4)
	if len(tags) == 0 {
		return ic.Name + ": " + withArticle(kind) + "."
	}
	return ic.Name + ": " + withArticle(kind) + " for " + joinWords(tags) + "."
}

// modifierPhrase is the sentence of an id's last word as a modifier of the others, if it is one of
// modifiers: "Add or create a new folder." for folder-plus.
func modifierPhrase(id string) (string, bool) {
	words := strings.Split(id, "-")
	pattern, ok := modifiers[words[len(words)-1]]
	if !ok || len(words) < 2 {
		return "", false
	}
	return phrase(pattern, strings.Join(words[:len(words)-1], " ")), true
}

// modifies reports whether the last word of ic's id (one of modifiers) modifies the icon its other words
// name. "off" always does ("cursor-off": the cursor, turned off). Another modifier only does when the
// library has the icon it modifies: "folder-plus" adds a folder, but "letter-x" is the letter X,
// "jewish-star" a kind of star and "rating-18-plus" an age rating. Nor do "up" and "down" modify an arrow,
// whose direction they are ("arrows-down-up", "caret-up-down").
func modifies(ic catalog.Icon, isIcon func(id string) bool) bool {
	i := strings.LastIndexByte(ic.ID, '-')
	modifier, base := ic.ID[i+1:], ic.ID[:max(i, 0)]
	switch {
	case modifier == "off":
		return true
	case (modifier == "up" || modifier == "down") && ic.Category == "arrows":
		return false
	}
	return isIcon(base)
}

// phrase fills a modifier's pattern with noun, making the words around it agree: {a} and {A} become "a"
// or "an" before the next word, or nothing before a plural or a mass noun; {is}, {it}, {its} and {one}
// follow the noun's number ("some" for a mass noun).
func phrase(pattern, noun string) string {
	last := lastWord(noun)
	plural, mass := isPlural(last), massNouns[last]
	agree := map[bool][4]string{false: {"is", "it", "its", "one"}, true: {"are", "them", "their", "some"}}[plural]
	if mass {
		agree[3] = "some"
	}
	s := strings.NewReplacer("{n}", noun, "{is}", agree[0], "{it}", agree[1], "{its}", agree[2], "{one}", agree[3]).Replace(pattern)
	for _, slot := range []string{"{a} ", "{A} "} {
		for i := strings.Index(s, slot); i >= 0; i = strings.Index(s, slot) {
			rest := s[i+len(slot):]
			art := ""
			if !plural && !mass {
				art = article(firstWord(rest)) + " "
			}
			if slot == "{A} " {
				art = capitalize(art)
				rest = capitalizeIf(art == "", rest)
			}
			s = s[:i] + art + rest
		}
	}
	return s
}

// massNouns are the last words of icon names that take no "a" ("Search for mail", not "a mail").
var massNouns = map[string]bool{"music": true, "mail": true, "cash": true, "navigation": true, "text": true,
	"data": true, "math": true, "weather": true, "health": true, "money": true}

// categoryNoun is a category's name as a word before "icon": lower case and singular ("Arrows" → "arrow",
// "Currencies" → "currency", "E-commerce" → "e-commerce").
func categoryNoun(name string) string {
	words := strings.Fields(strings.ToLower(name))
	if len(words) == 0 {
		return ""
	}
	words[len(words)-1] = singular(words[len(words)-1])
	return strings.Join(words, " ")
}

// singular undoes a regular English plural; other words are left as they are.
func singular(w string) string {
	switch {
	case !isPlural(w):
		return w
	case strings.HasSuffix(w, "ies") && len(w) > 4:
		return w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "ches") || strings.HasSuffix(w, "shes") || strings.HasSuffix(w, "xes"):
		return w[:len(w)-2]
	}
	return w[:len(w)-1]
}

// singularEndings end words that look plural but are not (glass, bus, axis, canvas, lens, news).
var singularEndings = []string{"ss", "us", "is", "as", "ens", "news", "ics", "ous"}

// isPlural reports whether a word is a regular English plural, by its ending.
func isPlural(w string) bool {
	if len(w) < 3 || !strings.HasSuffix(w, "s") {
		return false
	}
	for _, e := range singularEndings {
		if strings.HasSuffix(w, e) {
			return false
		}
	}
	return true
}

// withArticle puts "a" or "an" before a singular noun phrase.
func withArticle(np string) string { return article(firstWord(np)) + " " + np }

// anBefore are the beginnings of words said with a vowel sound; consonantU the u-words said with "you".
var (
	anBefore   = []string{"a", "e", "i", "o", "u", "hour", "honest", "honor", "heir", "8", "11", "18"}
	consonantU = []string{"uni", "use", "usa", "usb", "usu", "ure", "uti", "u-", "ufo", "eu", "one", "once"}
	// Letters said with a vowel sound when they stand alone ("an x", "an s").
	vowelLetters = "aefhilmnorsx"
)

// article is "a" or "an" for the word that follows, by how it is said.
func article(word string) string {
	w := strings.ToLower(word)
	if len(w) == 1 {
		if strings.Contains(vowelLetters, w) {
			return "an"
		}
		return "a"
	}
	for _, p := range consonantU {
		if strings.HasPrefix(w, p) {
			return "a"
		}
	}
	for _, p := range anBefore {
		if strings.HasPrefix(w, p) && (p != "11" && p != "18" || len(w) == 2 || w[2] < '0' || w[2] > '9') {
			return "an"
		}
	}
	return "a"
}

func firstWord(s string) string {
	if i := strings.IndexAny(s, " ,."); i >= 0 {
		return s[:i]
	}
	return s
}

func lastWord(s string) string { return s[strings.LastIndex(s, " ")+1:] }

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func capitalizeIf(ok bool, s string) string {
	if ok {
		return capitalize(s)
	}
	return s
}

// topTags returns up to n tags that are not just words of the icon's name.
func topTags(ic catalog.Icon, n int) []string {
	inName := map[string]bool{}
	for _, w := range strings.Split(ic.ID, "-") {
		inName[w] = true
	}
	var out []string
	for _, t := range ic.Tags {
		if !inName[t] && len(out) < n {
			out = append(out, t)
		}
	}
	return out
}

// joinWords joins with commas and a final "and".
func joinWords(ws []string) string {
	if len(ws) < 2 {
		return strings.Join(ws, "")
	}
	return strings.Join(ws[:len(ws)-1], ", ") + " and " + ws[len(ws)-1]
}
