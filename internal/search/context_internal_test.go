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
	if qu, err := ix.parse("sing in", ix.scratch()); err != nil || !slices.Equal(qu.embed, []string{"sign", "in"}) {
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

// TestTrailingStopWordReadAsTheWordItLacksALetterOf checks that a query's last word, a stop word, is read as
// the word it lacks a letter of when that word follows the word before it in the icons' labels, and only
// then.
func TestTrailingStopWordReadAsTheWordItLacksALetterOf(t *testing.T) {
	docs := []Doc{
		{ID: "bell", Name: "Bell"},
		{ID: "bell-off", Name: "Bell Off"},
		{ID: "bell-ringing", Name: "Bell Ringing"},
		{ID: "logic-and", Name: "Logic And"},
		{ID: "logic-nand", Name: "Logic Nand"},
		{ID: "offer", Name: "Offer"},
		{ID: "credit-card-hand", Name: "Credit Card Hand"},
	}
	ix, err := NewIndex(docs, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ query, want string }{
		{"bell of", "off"},      // "bell off" labels bell-off
		{"of bell", ""},         // not the last word
		{"bell", ""},            // no stop word
		{"of", ""},              // no word before it
		{"the of", ""},          // the word before is a stop word too
		{"logic and", ""},       // "logic and" is a pair as it is, though "nand" is "and" with a letter more
		{"ringing of", ""},      // "ringing off" labels nothing
		{"bell the", ""},        // no label word is "the" with a letter more after "bell"
		{"offer of", ""},        // "offer off" labels nothing
		{"a bell of", ""},       // after a determiner: a phrase still being typed ("a bell of brass")
		{"turn bell of", "off"}, // a word before the noun that is no determiner
		{"card and", ""},        // "card hand" is a pair, but "hand" is "and" with a letter in front
	} {
		words, _ := read(c.query)
		if got := ix.trailingTypo(words); got != c.want {
			t.Errorf("%q: last word read as %q, want %q", c.query, got, c.want)
		}
	}
	hits, err := ix.Search("bell of", Options{Limit: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(hits) == 0 || hits[0].ID != "bell-off" {
		t.Errorf(`"bell of" gave %v, want bell-off first`, hits)
	}
	// A typo, not an exact name: bell-off scores as a match, at most 0.5.
	if len(hits) > 0 && hits[0].Score > 0.5 {
		t.Errorf(`"bell of" scores bell-off %v, as an exact name`, hits[0].Score)
	}
}
