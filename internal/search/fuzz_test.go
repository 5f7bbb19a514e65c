package search_test

import (
	"errors"
	"testing"

	"github.com/iconlib/iconlib/internal/search"
)

// FuzzSearch ranks arbitrary queries over the real library with both rankings: neither may panic or fail
// with anything but ErrEmptyQuery, and the hits must respect the limit and the group, with unique ids and
// scores in (0, 1], best first. The seed corpus is in testdata/fuzz/FuzzSearch.
func FuzzSearch(f *testing.F) {
	if testing.Short() {
		f.Skip("builds the whole library's index")
	}
	for _, seed := range []string{"folder", "calender", "sign out of my account", "shoppingbag", "trying again, out of stock", "no photos", "", " ", "é", "\xff"} {
		f.Add(seed, "", 10)
	}
	f.Add("ring", "system", 3)
	ix := libraryIndex(f)
	f.Fuzz(func(t *testing.T, q, group string, limit int) {
		limit = limit % 200
		for _, rank := range []func(string, search.Options) ([]search.Hit, error){ix.Search, ix.Semantic} {
			hits, err := rank(q, search.Options{Group: group, Limit: limit})
			if err != nil {
				if !errors.Is(err, search.ErrEmptyQuery) {
					t.Fatalf("%q: %v", q, err)
				}
				continue
			}
			if want := max(limit, 0); (want == 0 && len(hits) > search.DefaultLimit) || (want > 0 && len(hits) > want) {
				t.Fatalf("%q limit %d: %d hits", q, limit, len(hits))
			}
			seen := map[string]bool{}
			for i, h := range hits {
				d, ok := ix.Doc(h.ID)
				if !ok || seen[h.ID] || (group != "" && d.Group != group) {
					t.Fatalf("%q: hit %q unknown, repeated or outside group %q", q, h.ID, group)
				}
				seen[h.ID] = true
				if h.Score <= 0 || h.Score > 1 || (i > 0 && h.Score > hits[i-1].Score) {
					t.Fatalf("%q: score %v at %d out of (0, 1] or order", q, h.Score, i)
				}
			}
		}
	})
}
