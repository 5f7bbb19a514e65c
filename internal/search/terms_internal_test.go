package search

import (
	"fmt"
	"slices"
	"testing"
)

// seventyWords are 70 distinct words, none a stem of another.
func seventyWords() []string {
	var ws []string
	for i := range 70 {
		ws = append(ws, fmt.Sprintf("word%c%c", 'a'+i/26, 'a'+i%26))
	}
	return ws
}

// TestMarkingKeywordsPastTheBits: a document with more keywords than tagSets has bits marks every keyword
// from the last bit on with it, so a query matching its 70th keyword of two words scores it as one
// matching its first.
func TestMarkingKeywordsPastTheBits(t *testing.T) {
	var many []string
	for _, w := range seventyWords() {
		many = append(many, "alpha "+w)
	}
	ix, err := NewIndex([]Doc{{ID: "many", Keywords: many}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	score := func(k int) float64 {
		hits, err := ix.Search(many[k], Options{})
		if err != nil || len(hits) != 1 {
			t.Fatalf("%q: %v, %v", many[k], hits, err)
		}
		return hits[0].Score
	}
	first := score(0)
	for _, k := range []int{62, 63, 64, 69} {
		if got := score(k); got != first {
			t.Errorf("keyword %d, %q, scores %v; keyword 0 scores %v", k, many[k], got, first)
		}
	}
}

// TestKeywordsOfLateRowsCount: a query of more terms than a document's mask of one-term keywords has bits
// still covers the keywords of its later terms: a query of every keyword of a document of 70 covers all of
// them, as checking every keyword does.
func TestKeywordsOfLateRowsCount(t *testing.T) {
	words := seventyWords()
	ix, err := NewIndex([]Doc{{ID: "many", Keywords: words}, {ID: "other", Keywords: words[:3]}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var qu query
	for _, w := range words {
		term, ok := ix.lex.terms.Find(stem(w))
		if !ok {
			t.Fatalf("%q is not a term", w)
		}
		qu.slots = append(qu.slots, []alt{{term: term, weight: 1}})
	}
	coverage := func(all bool) float32 {
		defer func() { coverAll = false }()
		coverAll = all
		sc := ix.scratch()
		ix.lexical(qu, sc)
		return sc.name[0]
	}
	want := coverage(true)
	if want == 0 {
		t.Fatal("checking every keyword: no coverage")
	}
	if got := coverage(false); got != want {
		t.Errorf("name coverage %v, checking every keyword %v", got, want)
	}
}

// TestCoverageOfOneRow: a name or a keyword that matches one row of the term table (one query term, in
// one or more of the query's words) covers what summing the slots' maxima gives, as one of several rows
// does: the share of the name's terms times the sum of the row's weights over the slots, in slot order.
func TestCoverageOfOneRow(t *testing.T) {
	const a, b, c, unmatched = 10, 11, 12, 13
	slots := [][]alt{
		{{a, 0.85}, {b, 1}},
		{{c, 1}},
		{{a, 0.6}, {c, 0.9}},
		{{a, 1}},
	}
	tt := newTermTable(20)
	tt.fill(slots)
	defer tt.reset()
	// covered is the sum over the slots, the long way, of the best weight of terms in each.
	covered := func(terms ...int32) float32 {
		var sum float32
		for _, slot := range slots {
			var best float32
			for _, alt := range slot {
				if slices.Contains(terms, alt.term) {
					best = max(best, alt.weight)
				}
			}
			sum += best
		}
		return sum
	}
	for _, name := range [][]int32{{a}, {a, unmatched}, {a, a, unmatched}, {c}, {a, c}, {unmatched, b, a}} {
		var nameSum float32
		for _, term := range name {
			if r := tt.row[term]; r > 0 {
				nameSum += tt.best[r-1]
			}
		}
		want := nameSum / float32(len(name)) * covered(name...) / float32(len(slots))
		if got := tt.nameCoverage(name); got != want {
			t.Errorf("name %v: coverage %v, want %v", name, got, want)
		}
	}
	for _, term := range []int32{a, b, c} {
		alone := uint64(1) << (tt.row[term] - 1)
		if got, want := tt.tagCoverage(nil, []int32{0}, 0, alone), covered(term)/float32(len(slots)); got != want {
			t.Errorf("keyword %d alone: coverage %v, want %v", term, got, want)
		}
	}
}
