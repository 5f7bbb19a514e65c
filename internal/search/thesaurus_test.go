package search_test

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/iconlib/iconlib/internal/search"
)

func TestReadSynonymsAndAntonyms(t *testing.T) {
	var th search.Thesaurus
	err := th.ReadSynonyms(strings.NewReader("# UI words\ncog: settings\nkebab: dots vertical, menu=0.5\n\nCog: gear # twice\nTry  again: refresh\n"), 0.9)
	if err != nil {
		t.Fatal(err)
	}
	if err := th.ReadAntonyms(strings.NewReader("in: out\nshow: hide, conceal\n")); err != nil {
		t.Fatal(err)
	}
	q := func(w float32) float32 { return float32(math.Round(float64(w)*255)) / 255 } // as the index file stores weights
	want := search.Thesaurus{
		Synonyms: map[string][]search.Synonym{
			"cog":       {{Words: "settings", Weight: q(0.9)}, {Words: "gear", Weight: q(0.9)}},
			"kebab":     {{Words: "dots vertical", Weight: q(0.9)}, {Words: "menu", Weight: q(0.5)}},
			"try again": {{Words: "refresh", Weight: q(0.9)}},
		},
		Antonyms: map[string][]string{"in": {"out"}, "out": {"in"}, "show": {"conceal", "hide"}, "hide": {"show"},
			"conceal": {"show"}},
	}
	if diff := cmp.Diff(want, th); diff != "" {
		t.Errorf("thesaurus (-want +got):\n%s", diff)
	}
	for _, bad := range []string{"cog settings", "four words at once: x", "cog: settings=2", "cog: ,", ": x"} {
		var th search.Thesaurus
		if err := th.ReadSynonyms(strings.NewReader(bad), 0.9); err == nil {
			t.Errorf("synonyms %q read without an error", bad)
		}
	}
	if err := new(search.Thesaurus).ReadSynonyms(strings.NewReader("four words at once: x"), 0.9); err == nil ||
		!strings.Contains(err.Error(), "up to 3 words") {
		t.Errorf("a four-word idiom: error %v, want one saying an idiom has up to 3 words", err)
	}
	for _, bad := range []string{"in out", "in: far out", "in here: out"} {
		var th search.Thesaurus
		if err := th.ReadAntonyms(strings.NewReader(bad)); err == nil {
			t.Errorf("antonyms %q read without an error", bad)
		}
	}
}

// TestIdiomsMeanWhatTheTableSays: the words of an idiom of the synonym table, in any of their forms and
// with a stop word among them, match its synonyms as one word; its words apart, or another phrase that
// starts alike, match only what they say.
func TestIdiomsMeanWhatTheTableSays(t *testing.T) {
	var th search.Thesaurus
	table := "try again: refresh\nout of stock: package off\nout of: exit\n"
	if err := th.ReadSynonyms(strings.NewReader(table), 0.9); err != nil {
		t.Fatal(err)
	}
	docs := []search.Doc{
		{ID: "refresh", Name: "Refresh"},
		{ID: "package-off", Name: "Package Off"},
		{ID: "exit", Name: "Exit"},
		{ID: "try", Name: "Try", Keywords: []string{"attempt"}},
		{ID: "stock", Name: "Stock"},
	}
	ix, err := search.NewIndexWith(docs, nil, th)
	if err != nil {
		t.Fatal(err)
	}
	for q, want := range map[string]string{
		"try again":                         "refresh",
		"trying again after a failed login": "refresh",
		"out of stock":                      "package-off", // the longest idiom
		"out of":                            "exit",
		"try":                               "try",
		"again, try":                        "try", // not the idiom's order
	} {
		hits, err := ix.Search(q, search.Options{Limit: 5})
		if err != nil || len(hits) == 0 || hits[0].ID != want {
			t.Errorf("%q: %v (%v), want %s first", q, ids(hits), err, want)
		}
	}
	if hits, _ := ix.Search("try later", search.Options{Limit: 5}); slices.Contains(ids(hits), "refresh") {
		t.Errorf(`"try later": %v, want no refresh: "try" alone is no idiom`, ids(hits))
	}
}

// TestNounsInIngsTakeNoSynonymsOfTheirVerb: "savings" shares the stem of "save", whose synonym is the
// floppy disk; the noun means money saved, so only the table's own -ings words lend it synonyms. An idiom
// still matches in any form ("power savings").
func TestNounsInIngsTakeNoSynonymsOfTheirVerb(t *testing.T) {
	var th search.Thesaurus
	if err := th.ReadSynonyms(strings.NewReader("save: floppy\nsettings: adjustments\npower saving: battery eco\n"), 0.9); err != nil {
		t.Fatal(err)
	}
	ix, err := search.NewIndexWith([]search.Doc{
		{ID: "device-floppy", Name: "Device Floppy"},
		{ID: "pig-money", Name: "Pig Money", Keywords: []string{"savings"}},
		{ID: "adjustments", Name: "Adjustments"},
		{ID: "battery-eco", Name: "Battery Eco"},
	}, nil, th)
	if err != nil {
		t.Fatal(err)
	}
	for q, want := range map[string][]string{
		"save":          {"device-floppy", "pig-money"},
		"saving":        {"device-floppy", "pig-money"},
		"savings":       {"pig-money"},
		"settings":      {"adjustments"}, // an -ings word of the table keeps its own
		"power savings": {"battery-eco"},
	} {
		hits, err := ix.Search(q, search.Options{Limit: 5})
		if got := ids(hits); err != nil || !slices.Equal(got, want) {
			t.Errorf("%q: %v (%v), want %v", q, got, err, want)
		}
	}
}
