package a2a

import (
	"strings"
	"unicode"

	"github.com/iconlib/iconlib/edge/library"
)

// chooseSkill returns the skill a data part names ("skill"), or else picks one:
//
//  1. a data part with "id" → icon-details;
//  2. a query that is exactly an icon id (ignoring case, surrounding space, quotes and backticks) →
//     icon-details;
//  3. a question about using the service (see [isServiceQuestion]) → search-guides;
//  4. anything else → find-icons.
func chooseSkill(lib *library.Library, req request) string {
	switch {
	case req.Skill != "":
		return req.Skill
	case req.ID != "":
		return skillIconDetails
	}
	if lib.Has(iconID(req.Query)) {
		return skillIconDetails
	}
	if isServiceQuestion(req.Query) {
		return skillSearchGuides
	}
	return skillFindIcons
}

// iconID normalises text that may be an icon id: "`Bell`" → "bell".
func iconID(s string) string {
	return strings.ToLower(strings.Trim(s, " \t\r\n`'\""))
}

// isServiceQuestion reports whether text asks how to use the service rather than for an icon. Word by
// word and ignoring case, all three must hold:
//
//   - it is a question: it ends with "?" or starts with a question word (how, can, what, where, which, why,
//     when, do, does, is, are, should, …, or explain, tell, help, describe);
//   - it names something of the service: a word of [serviceTerms] (API, MCP, A2A, token, limit, install,
//     React, iOS, Android, Lottie, state, colour, search, version, licence, …);
//   - it does not ask for an icon (see [asksForIcon]).
//
// So "How do I get a higher rate limit?" and "can I use these icons in React" are service questions, while
// "which icon means settings on iOS?", "is there a React icon?" and "an icon for the API menu" are not.
func isServiceQuestion(text string) bool {
	words := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\'' && r != '-'
	})
	if len(words) == 0 || !questionWords[words[0]] && !strings.HasSuffix(strings.TrimSpace(text), "?") {
		return false
	}
	term := false
	for i, w := range words {
		if iconWords[w] && asksForIcon(words, i) {
			return false
		}
		term = term || serviceTerms[w]
	}
	return term
}

// asksForIcon reports whether the icon word at words[i] asks for an icon: it is followed by a word such as
// "for", "that" or "meaning" ("an icon for …"), preceded by "what" or "which", or by a service term that is
// its subject ("a React icon", but not "Lottie icons"), or the question asks whether something exists ("is
// there", "are there", "do you have", "have you got").
func asksForIcon(words []string, i int) bool {
	if i+1 < len(words) && iconRequestWords[words[i+1]] {
		return true
	}
	if i > 0 {
		prev := words[i-1]
		if prev == "what" || prev == "which" || serviceTerms[prev] && !qualifiers[prev] {
			return true
		}
	}
	if len(words) >= 3 && (words[1] == "there" && (words[0] == "is" || words[0] == "are") ||
		words[0] == "do" && words[1] == "you" && words[2] == "have" ||
		words[0] == "have" && words[1] == "you" && words[2] == "got") {
		return true
	}
	return false
}

func set(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

var questionWords = set("how", "can", "could", "what", "what's", "whats", "where", "which", "why", "when",
	"who", "do", "does", "did", "is", "are", "should", "may", "will", "would", "shall", "must", "have",
	"explain", "tell", "help", "describe")

// iconWords name the thing an icon search looks for.
var iconWords = set("icon", "icons", "symbol", "symbols", "glyph", "glyphs", "pictogram", "pictograms", "emoji")

var iconRequestWords = set("for", "that", "which", "meaning", "means", "representing", "showing",
	"symbolizing", "symbolising", "like", "of")

// qualifiers are service terms that describe iconlib's icons in general rather than name an icon's subject.
var qualifiers = set("lottie", "svg", "json", "iconlib", "animation", "web")

// serviceTerms are the words of what the guides explain: the ways in, credentials and limits, platforms
// and players, the file format and its states, versions and the licence.
var serviceTerms = set(
	// ways in
	"api", "rest", "openapi", "endpoint", "endpoints", "mcp", "a2a", "agent", "json-rpc", "jsonrpc",
	"catalog", "catalogue", "iconlib", "service", "webmcp", "curl",
	// credentials and limits
	"token", "tokens", "auth", "authentication", "authenticate", "authorization", "bearer", "oauth",
	"oauth2", "credential", "credentials", "register", "registration", "key", "keys", "limit", "limits",
	"rate", "quota", "429", "401",
	// platforms and players
	"install", "installation", "npm", "package", "react", "javascript", "js", "typescript", "web",
	"browser", "html", "lottie", "lottie-web", "lottie-react", "ios", "swift", "swiftui", "cocoapods", "spm",
	"android", "kotlin", "compose", "gradle",
	// files, states and appearance
	"file", "files", "format", "json", "svg", "sha256", "state", "states", "marker", "markers", "motion",
	"motions", "loop", "hover", "animation", "animate", "colour", "color", "recolour", "recolor", "stroke",
	"reduced",
	// search, versions and licence
	"search", "semantic", "version", "versions", "versioning", "deprecated", "deprecation", "sunset",
	"licence", "license", "attribution",
)
