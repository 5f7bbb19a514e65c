package search

import (
	"slices"
	"testing"
)

// TestContextTyposReadRealWordsByTheirNeighbours checks that a query word is also read as the word one edit
// away that forms with a neighbour a pair of the documents' labels, and only then.
func TestContextTyposReadRealWordsByTheirNeighbours(t *testing.T) {
	docs := []Doc{
		{ID: "login", Name: "Login", Keywords: []string{"sign-in", "enter"}},
		{ID: "mood-sing", Name: "Mood Sing", Keywords: []string{"singing"}},
		{ID: "chart-bar", Name: "Chart Bar", Keywords: []string{"bar-chart"}},
		{ID: "shopping-cart", Name: "Shopping Cart"},
		{ID: "play-card", Name: "Play Card"},
		{ID: "credit-card-pay", Name: "Credit Card Pay"},
		{ID: "pin", Name: "Pin", Keywords: []string{"pushpin"}},
	}
	ix, err := NewIndex(docs, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		query string
		want  []string // the words the query's words are also read as, in context
	}{
		{"sing in", []string{"sign"}},          // "sign in" labels login
		{"in sing", nil},                       // the pair's order counts
		{"sign in", nil},                       // the pair as it is
		{"bar cart", []string{"chart"}},        // "bar chart"; "bar cart" labels nothing
		{"shopping cart", nil},                 // "cart" is right beside "shopping"
		{"pay card", nil},                      // "play card" is a pair, but credit-card-pay holds pay and card
		{"sing", nil},                          // no neighbour
		{"sinh in", nil},                       // no vocabulary word, and no embedder to say it is a real word
		{"pi in", nil},                         // too short to read
		{"sing enter shopping", []string(nil)}, // "sign enter" labels nothing
	} {
		words, _ := read(c.query)
		ids := ix.lex.wordIDs(words, make([]int32, len(words)))
		var got []string
		for i := range words {
			for _, r := range ix.contextTypos(words, ids, i) {
				got = append(got, ix.lex.words[r.word])
				if r.weight != weightContext {
					t.Errorf("%q: weight %v, want %v", c.query, r.weight, weightContext)
				}
			}
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%q: read also as %q, want %q", c.query, got, c.want)
		}
	}
	// The word is embedded as its correction, so semantic similarity is the corrected query's.
	if qu, err := ix.parse("sing in"); err != nil || !slices.Equal(qu.embed, []string{"sign", "in"}) {
		t.Errorf(`"sing in" embeds %q (%v), want ["sign" "in"]`, qu.embed, err)
	}
	// Through the ranking: "sing in" finds login, which only the reading in context matches.
	hits, err := ix.Search("sing in", Options{Limit: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(hits) == 0 || hits[0].ID != "login" {
		t.Errorf(`"sing in" gave %v, want login first`, hits)
	}
}
