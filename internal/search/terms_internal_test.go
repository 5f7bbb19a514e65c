package search

import (
	"fmt"
	"testing"
)

// TestMarkingKeywordsPastTheBits: a document with more keywords than tagSets has bits marks every keyword
// from the last bit on with it, so a query matching its 70th keyword scores it as one matching its first.
func TestMarkingKeywordsPastTheBits(t *testing.T) {
	var many []string
	for i := range 70 {
		many = append(many, fmt.Sprintf("word%c%c", 'a'+i/26, 'a'+i%26))
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
