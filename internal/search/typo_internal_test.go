package search

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// TestLetterMaskNeverRulesOutANearWord: for words up to two edits apart (insertions, deletions,
// substitutions, transpositions of neighbours), the masks differ in at most four bits, so the far typo
// scan's filter never drops a correction the distance would accept.
func TestLetterMaskNeverRulesOutANearWord(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	letters := "abcdefghijklmnopqrstuvwxyz0123456789"
	edit := func(w []byte) []byte {
		k := r.IntN(len(w) + 1)
		c := letters[r.IntN(len(letters))]
		switch op := r.IntN(4); {
		case op == 0 || len(w) < 2: // insert
			return append(w[:k:k], append([]byte{c}, w[k:]...)...)
		case op == 1 && k < len(w): // delete
			return append(w[:k:k], w[k+1:]...)
		case op == 2 && k < len(w): // substitute
			out := append([]byte(nil), w...)
			out[k] = c
			return out
		default: // transpose
			k = min(k, len(w)-2)
			out := append([]byte(nil), w...)
			out[k], out[k+1] = out[k+1], out[k]
			return out
		}
	}
	for range 100_000 {
		w := make([]byte, 3+r.IntN(10))
		for k := range w {
			w[k] = letters[r.IntN(26)]
		}
		v := edit(edit(w))
		if d := osaDistance(string(w), string(v), 2); d > 2 {
			continue // two edits can undo each other's shortcut; only pairs within distance 2 matter
		}
		if diff := bits.OnesCount32(letterMask(string(w)) ^ letterMask(string(v))); diff > 4 {
			t.Fatalf("%q and %q are within two edits but their masks differ in %d bits", w, v, diff)
		}
	}
}

// TestDoublingSlips: a letter typed twice or a double typed once is a doubling slip, other one-edit
// differences are not; moving a doubling reaches the word meant ("pallete" → palette) and nothing that
// undoubles and doubles the same letter.
func TestDoublingSlips(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{"paypall", "paypal", true}, {"adress", "address", true}, {"bokkmark", "bookmark", false},
		{"paypall", "paywall", false}, {"calender", "calendar", false}, {"abc", "abc", false},
		{"settting", "setting", true}, {"ab", "abc", false},
	} {
		if got := doublingSlip(tc.a, tc.b); got != tc.want {
			t.Errorf("doublingSlip(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
	moved := map[string]bool{}
	eachMovedDoubling("pallete", func(key []byte) { moved[string(key)] = true })
	for _, want := range []string{"palette", "paalete", "paleete"} {
		if !moved[want] {
			t.Errorf("moving the doubling of pallete: no %q in %v", want, moved)
		}
	}
	for _, not := range []string{"pallete", "palete", "pallette"} {
		if moved[not] {
			t.Errorf("moving the doubling of pallete gave %q", not)
		}
	}
	eachMovedDoubling("plain", func(key []byte) { t.Errorf("plain has no doubling, got %q", key) })
}

// TestLabelWordsAreNoRealWordTypos checks that a rare query word is also read as a frequent word one edit
// away ("hart" as heart) unless some document is named or tagged with it: "bot", a keyword of robot, is
// not read as bolt, which ends many ids; once only a description holds it, it is.
func TestLabelWordsAreNoRealWordTypos(t *testing.T) {
	var docs []Doc
	for _, id := range []string{"bolt", "cloud-bolt", "bell-bolt", "home-bolt", "map-bolt", "heart", "heart-plus",
		"heart-x", "heart-off", "heart-check"} {
		docs = append(docs, Doc{ID: id, Name: strings.ReplaceAll(id, "-", " ")})
	}
	readings := func(docs []Doc, w string) []string {
		ix, err := NewIndex(docs, nil)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, r := range ix.realWordTypos(w, &nearWords{lx: ix.lex, w: w}) {
			out = append(out, ix.lex.words[r.word])
		}
		return out
	}
	tagged := append(slices.Clone(docs), Doc{ID: "robot", Name: "Robot", Keywords: []string{"bot"}})
	described := append(slices.Clone(docs), Doc{ID: "robot", Name: "Robot", Text: "A bot or an assistant."})
	for _, c := range []struct {
		docs []Doc
		word string
		want []string
	}{
		{tagged, "hart", []string{"heart"}},
		{tagged, "bot", nil},
		{described, "bot", []string{"bolt"}},
	} {
		if got := readings(c.docs, c.word); !slices.Equal(got, c.want) {
			t.Errorf("%q read as %q, want %q", c.word, got, c.want)
		}
	}
}

// rankedEmbedder embeds every text alike and knows English frequency ranks, as wordvec.Embedder does.
type rankedEmbedder map[string]int

func (rankedEmbedder) Embed(string) []float32 { return []float32{1, 0} }
func (rankedEmbedder) Dim() int               { return 2 }
func (e rankedEmbedder) Rank(w string) (int, bool) {
	r, ok := e[w]
	return r, ok
}

// TestEverydayWordsAreNoTypos: a word among the thousand most common in English ("went") is what the query
// means: neither a real-word typo nor a misspelling of a library word one edit away ("west", "tent"),
// while a rarer one ("hart") still is.
func TestEverydayWordsAreNoTypos(t *testing.T) {
	var docs []Doc
	for _, id := range []string{"map-west", "navigation-west", "arrow-west", "tent", "heart", "heart-plus", "heart-x"} {
		docs = append(docs, Doc{ID: id, Name: strings.ReplaceAll(id, "-", " ")})
	}
	emb := rankedEmbedder{"west": 247, "went": 373, "tent": 5000, "heart": 700, "hart": 6830}
	ix, err := NewIndex(docs, emb)
	if err != nil {
		t.Fatal(err)
	}
	for q, want := range map[string]int{"went": 0, "hart": 3} {
		hits, err := ix.Search(q, Options{Limit: 10})
		if err != nil {
			t.Fatal(err)
		}
		if len(hits) != want {
			t.Errorf("%q: %d hits %v, want %d", q, len(hits), hits, want)
		}
	}
}

// TestDeletesListEveryWordUnderEachKey: the delete index lists, under each string one byte shorter than
// a word, every word it comes from, once and in the words' order, as a map built one append at a time
// would, and nothing under any other string; and it keeps its keys and lists in a few large objects, not
// one or two per key.
func TestDeletesListEveryWordUnderEachKey(t *testing.T) {
	words := []string{"bell", "belt", "bel", "ball", "bells", "be", "cell", "tell", "bee"}
	want := map[string][]int32{}
	for i, w := range words {
		if len(w) >= 3 && len(w) <= maxWordLen {
			eachDeleted(w, func(key []byte) { want[string(key)] = append(want[string(key)], int32(i)) })
		}
	}
	got := newDeletes(words)
	if got.keys.Len() != len(want) {
		t.Errorf("%d keys, want %d", got.keys.Len(), len(want))
	}
	for k, ids := range want {
		if !slices.Equal(got.of(k), ids) {
			t.Errorf("under %q: %v, want %v", k, got.of(k), ids)
		}
	}
	if !slices.Equal(got.of("bel"), []int32{0, 1}) {
		t.Errorf(`under "bel": %v, want bell and belt`, got.of("bel"))
	}
	for _, none := range []string{"bells", "xyz", "", "b"} {
		if ids := got.of(none); len(ids) != 0 {
			t.Errorf("under %q, no key: %v", none, ids)
		}
	}
	many := make([]string, 3000)
	for i := range many {
		many[i] = fmt.Sprintf("word%04d", i)
	}
	var built deletes
	if objects := retainedObjects(func() { built = newDeletes(many) }); objects > 16 {
		t.Errorf("the index of %d words, %d keys, keeps %d objects; want its keys and lists in a few", len(many), built.keys.Len(), objects)
	}
}

// retainedObjects is how many more heap objects there are, after a collection, once build has run.
func retainedObjects(build func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	build()
	runtime.GC()
	runtime.ReadMemStats(&after)
	return after.HeapObjects - min(after.HeapObjects, before.HeapObjects)
}
