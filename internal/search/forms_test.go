package search_test

import (
	"slices"
	"testing"
)

// TestSemanticReadsWordFormsAsSearchDoes checks, through the library's index as the edge opens
// it, that the semantic ranking (/api/v1/search) reads a query as the combined one (/api/v1/icons?q=)
// does before it embeds it (issue 56): a compound written as two words is the one word, an -ing form is
// the word the icons write, and both rankings put the icon meant in their top 3. A form that means
// something else than the word it shares a stem with keeps its meaning.
func TestSemanticReadsWordFormsAsSearchDoes(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the whole library's index")
	}
	ix := reopenedLibrary(t)
	rankings := map[string]topFunc{"combined": rankedBy(t, ix.Search), "semantic": rankedBy(t, ix.Semantic)}
	for q, want := range map[string][]string{
		"lap top":     {"device-laptop", "laptop"}, // not a stopwatch and up arrows
		"head phones": {"headphones"},              // not a phone
		"key board":   {"keyboard"},                // not a key
		"book mark":   {"bookmark"},                // not a book or a flag
		"sharing":     {"share"},                   // not the file-sharing brands' logos
		"deleting":    {"trash", "trash-x"},        // before http-delete
		"building":    {"building"},                // a building, not to build
		"savings":     {"pig-money", "moneybag"},   // money, not saving a file
	} {
		for name, top := range rankings {
			if got := top(q, 3); !slices.ContainsFunc(got, func(id string) bool { return slices.Contains(want, id) }) {
				t.Errorf("%s %q: top 3 %v, want one of %v", name, q, got, want)
			}
		}
	}
}
