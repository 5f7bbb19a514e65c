package search_test

import (
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/iconlib/iconlib/internal/search"
)

func TestReadSynonymsAndAntonyms(t *testing.T) {
	var th search.Thesaurus
	err := th.ReadSynonyms(strings.NewReader("# UI words\ncog: settings\nkebab: dots vertical, menu=0.5\n\nCog: gear # twice\n"), 0.9)
	if err != nil {
		t.Fatal(err)
	}
	if err := th.ReadAntonyms(strings.NewReader("in: out\nshow: hide, conceal\n")); err != nil {
		t.Fatal(err)
	}
	q := func(w float32) float32 { return float32(math.Round(float64(w)*255)) / 255 } // as the index file stores weights
	want := search.Thesaurus{
		Synonyms: map[string][]search.Synonym{
			"cog":   {{Words: "settings", Weight: q(0.9)}, {Words: "gear", Weight: q(0.9)}},
			"kebab": {{Words: "dots vertical", Weight: q(0.9)}, {Words: "menu", Weight: q(0.5)}},
		},
		Antonyms: map[string][]string{"in": {"out"}, "out": {"in"}, "show": {"conceal", "hide"}, "hide": {"show"},
			"conceal": {"show"}},
	}
	if diff := cmp.Diff(want, th); diff != "" {
		t.Errorf("thesaurus (-want +got):\n%s", diff)
	}
	for _, bad := range []string{"cog settings", "two words: x", "cog: settings=2", "cog: ,"} {
		var th search.Thesaurus
		if err := th.ReadSynonyms(strings.NewReader(bad), 0.9); err == nil {
			t.Errorf("synonyms %q read without an error", bad)
		}
	}
	for _, bad := range []string{"in out", "in: far out"} {
		var th search.Thesaurus
		if err := th.ReadAntonyms(strings.NewReader(bad)); err == nil {
			t.Errorf("antonyms %q read without an error", bad)
		}
	}
}
