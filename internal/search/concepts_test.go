package search_test

import (
	"slices"
	"testing"
)

// TestConceptsFindWhatPeopleNeed checks, through the library's index as the edge opens it, the failures
// of issue 56: a metaphor or concept (the concept table, content/search/concepts.tsv) finds an icon that
// stands for it in the top 3 of both rankings, where names and tags of other things ranked first ("eureka"
// gave home-infinity, "productivity" brand logos, "hands free" free-rights); and an icon a query names
// still comes first, before the icons that stand for it as a concept.
func TestConceptsFindWhatPeopleNeed(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the whole library's index")
	}
	ix := reopenedLibrary(t)
	rankings := map[string]topFunc{"combined": rankedBy(t, ix.Search), "semantic": rankedBy(t, ix.Semantic)}
	for q, want := range map[string][]string{
		"eureka":        {"bulb"},
		"productivity":  {"checklist", "list-check", "clock"},
		"screen reader": {"accessible", "braille", "ear"},
		"hands free":    {"microphone", "headset"},
		"not available": {"ban", "circle-off"},
		"tire pressure": {"gauge", "wheel"},
		"bottleneck":    {"filter"},
		"pending":       {"hourglass"},
	} {
		for name, top := range rankings {
			if got := top(q, 3); !slices.ContainsFunc(got, func(id string) bool { return slices.Contains(want, id) }) {
				t.Errorf("%s %q: top 3 %v, want one of %v", name, q, got, want)
			}
		}
	}
	for q, first := range map[string]string{"help": "help", "filter": "filter", "target": "target", "dashboard": "dashboard"} {
		if got := rankedBy(t, ix.Search)(q, 1); !slices.Equal(got, []string{first}) {
			t.Errorf("combined %q: first %v, want %s: the icon the query names comes before its concepts", q, got, first)
		}
	}
}
