package main

import (
	"bufio"
	"encoding/json"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/iconlib/iconlib/internal/catalog"
)

// fixtureIcons are the imported Tabler icons (content/icons/tabler.jsonl) as catalog records: the real
// ids, categories and tags, with names and descriptions made from them as the build's fallbacks are.
func fixtureIcons(t *testing.T) []catalog.Entry {
	t.Helper()
	f, err := os.Open("../../content/icons/tabler.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var icons []catalog.Entry
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var rec struct {
			ID       string   `json:"id"`
			Category string   `json:"category"`
			Tags     []string `json:"tags"`
		}
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatal(err)
		}
		name := strings.ReplaceAll(rec.ID, "-", " ")
		icons = append(icons, catalog.Entry{ID: rec.ID, Name: name, Category: rec.Category, Tags: rec.Tags,
			Description: name + ": a " + strings.ToLower(rec.Category) + " icon for " + strings.Join(rec.Tags, ", ") + "."})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return icons
}

func fixtureLabelled(t *testing.T) []string {
	t.Helper()
	q, err := readLabelled([]string{"../../internal/search/testdata/eval.jsonl", "../../internal/search/testdata/holdout.jsonl"})
	if err != nil {
		t.Fatal(err)
	}
	return q
}

func TestMixIsDeterministic(t *testing.T) {
	icons, labelled := fixtureIcons(t), fixtureLabelled(t)
	a := newQueryGen(icons, labelled, mixKinds, 1).Take(3000)
	b := newQueryGen(icons, labelled, mixKinds, 1).Take(3000)
	if !slices.Equal(a, b) {
		t.Error("two generators with seed 1 made different mixes")
	}
	if c := newQueryGen(icons, labelled, mixKinds, 2).Take(3000); slices.Equal(a, c) {
		t.Error("seeds 1 and 2 made the same mix")
	}
}

func TestMixIsLargeDistinctAndWithinBounds(t *testing.T) {
	icons, labelled := fixtureIcons(t), fixtureLabelled(t)
	mix := newQueryGen(icons, labelled, mixKinds, 1).Take(5000)
	if len(mix) != 5000 {
		t.Fatalf("%d queries, want 5000", len(mix))
	}
	keys := map[string]bool{}
	lengths := map[int]int{}
	for _, q := range mix {
		n := len(strings.Fields(q))
		lengths[n]++
		if n < 1 || n > maxWords || utf8.RuneCountInString(q) > maxRunes || !utf8.ValidString(q) {
			t.Errorf("query %q: %d words, %d characters; want 1–%d words, at most %d characters",
				q, n, utf8.RuneCountInString(q), maxWords, maxRunes)
		}
		keys[queryKey(q)] = true
	}
	if len(keys) < 2000 || len(keys) != len(mix) {
		t.Errorf("%d distinct queries of %d, want all distinct and at least 2000", len(keys), len(mix))
	}
	for _, q := range labelled {
		if !keys[queryKey(q)] {
			t.Errorf("labelled query %q is not in the mix", q)
		}
	}
	// Short and long queries are both there: a smart search must be fast for both.
	if lengths[1] < 500 || lengths[2] < 500 || lengths[12]+lengths[16]+lengths[20] == 0 {
		t.Errorf("words per query: %v; want many of one and two words and some of 12–20", lengths)
	}
	t.Logf("words per query: %v; a sample: %q", lengths, mix[400:420])
}

func TestFreshQueriesNeverRepeatTheMix(t *testing.T) {
	g := newQueryGen(fixtureIcons(t), fixtureLabelled(t), mixKinds, 1)
	seen := map[string]bool{}
	for _, q := range g.Take(2000) {
		seen[queryKey(q)] = true
	}
	for i := range 20_000 {
		kinds := mixKinds
		if i%2 == 1 {
			kinds = twentyWordKinds
		}
		q, ok := g.NextOf(kinds)
		if !ok {
			t.Fatalf("ran dry after %d fresh queries", i)
		}
		if k := queryKey(q); seen[k] {
			t.Fatalf("fresh query %q repeats an earlier one", q)
		} else {
			seen[k] = true
		}
		if n := len(strings.Fields(q)); i%2 == 1 && (n < 15 || n > maxWords) {
			t.Errorf("20-word query %q has %d words", q, n)
		}
	}
	if g.combined > 0 {
		t.Errorf("%d of the fresh queries were combined from two; the kinds alone should give them", g.combined)
	}
}

func TestQueryKeyIgnoresWhatACacheMightNormalise(t *testing.T) {
	for _, q := range []string{"Arrow-Left", "left arrow", "  arrow, LEFT arrow "} {
		if got := queryKey(q); got != "arrow left" {
			t.Errorf("queryKey(%q) = %q, want %q", q, got, "arrow left")
		}
	}
}

func TestTypoEditsOneLetterOfALongWord(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 1000 {
		in := []string{"go", "shopping", "cart"}
		out := typo(rng, in)
		if !slices.Equal(in, []string{"go", "shopping", "cart"}) {
			t.Fatal("typo changed its input")
		}
		changed := 0
		for i := range in {
			if in[i] == out[i] {
				continue
			}
			changed++
			if d := len(out[i]) - len(in[i]); d < -1 || d > 1 || out[i][0] != in[i][0] {
				t.Errorf("typo of %q is %q: want one letter swapped, dropped or doubled, not the first", in[i], out[i])
			}
		}
		if changed > 1 || out[0] != "go" {
			t.Errorf("typo(%q) = %q: want one word of four letters or more changed", in, out)
		}
	}
}
