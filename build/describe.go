package build

import (
	"strings"

	"github.com/iconlib/iconlib/internal/catalog"
)

// modifiers are id suffixes whose meaning is known: "folder-plus" is about adding a folder. %s is the base.
var modifiers = map[string]string{
	"off":         "Shows that %s is turned off, disabled or unavailable.",
	"plus":        "Add or create a new %s.",
	"minus":       "Remove a %s or take one away.",
	"x":           "Delete, close or cancel a %s.",
	"check":       "Shows that a %s is done, confirmed or selected.",
	"search":      "Search for a %s or look inside one.",
	"share":       "Share a %s with someone else.",
	"edit":        "Edit or rename a %s.",
	"pencil":      "Edit or write on a %s.",
	"exclamation": "Warns of a problem or something that needs attention with a %s.",
	"question":    "Ask for help or more information about a %s.",
	"heart":       "Mark a %s as a favourite or something you love.",
	"star":        "Mark a %s as a favourite or highlight it.",
	"lock":        "Shows that a %s is locked, private or protected.",
	"cancel":      "Cancel, block or forbid a %s.",
	"cog":         "Open the settings of a %s.",
	"settings":    "Open the settings of a %s.",
	"up":          "Move a %s up, or upload it.",
	"down":        "Move a %s down, or download it.",
	"bolt":        "A %s that is fast, powered or needs urgent attention.",
	"pause":       "Pause a %s.",
	"play":        "Start or play a %s.",
	"dollar":      "The price, cost or payment of a %s.",
	"code":        "The code or technical side of a %s.",
	"filled":      "A solid, filled %s.",
}

// describe writes one sentence on what an icon means when no one has written it: from its id's known
// modifiers, or else its name, category and strongest tags.
func describe(ic catalog.Icon) string {
	words := strings.Split(ic.ID, "-")
	if words[0] == "brand" && len(words) > 1 {
		brand := displayName(strings.Join(words[1:], "-"))
		return "The " + brand + " logo, for links to " + brand + ", sharing to it or signing in with it."
	}
	if len(words) > 1 {
		if pattern, ok := modifiers[words[len(words)-1]]; ok {
			base := strings.ToLower(strings.Join(words[:len(words)-1], " "))
			return strings.Replace(pattern, "%s", base, 1)
		}
	}
	tags := topTags(ic, 4)
	if len(tags) == 0 {
		return ic.Name + ": a " + strings.ToLower(ic.CategoryName) + " icon."
	}
	return ic.Name + ": a " + strings.ToLower(ic.CategoryName) + " icon for " + joinWords(tags) + "."
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
