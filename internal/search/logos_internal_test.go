package search

import "testing"

// TestLogosStandForTheBrandsTheyName: a logo matched only through a word it shares with another icon ranks
// below that icon ("chat" is the speech bubble's, before brand-acme's), and first when the query names
// the brand, by its word or a typo of it.
func TestLogosStandForTheBrandsTheyName(t *testing.T) {
	docs := []Doc{
		{ID: "brand-acme", Name: "Brand Acme", Group: logoGroup, Keywords: []string{"chat"}},
		{ID: "speech-bubble", Name: "Speech Bubble", Group: "communication", Keywords: []string{"chat"}},
	}
	ix, err := NewIndex(docs, nil)
	if err != nil {
		t.Fatal(err)
	}
	for q, want := range map[string]string{"chat": "speech-bubble", "acme chat": "brand-acme", "acmee chat": "brand-acme"} {
		hits, err := ix.Search(q, Options{Limit: 2})
		if err != nil {
			t.Fatal(err)
		}
		if len(hits) != 2 || hits[0].ID != want || hits[0].Score == hits[1].Score {
			t.Errorf("%q: hits %v, want %s first, above the other", q, hits, want)
		}
	}
}
