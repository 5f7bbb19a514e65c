package edge_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"

	"github.com/iconlib/iconlib/edge/internal/answers"
	"github.com/iconlib/iconlib/edge/library"
	"github.com/iconlib/iconlib/internal/catalog"
	"github.com/iconlib/iconlib/internal/contract"
	iconsearch "github.com/iconlib/iconlib/internal/search"
)

// countingRanker answers every query with the same icons and counts the rankings it makes.
type countingRanker struct {
	hits   []iconsearch.Hit
	ranked atomic.Int64
}

func (c *countingRanker) Search(string, iconsearch.Options) ([]iconsearch.Hit, error) {
	c.ranked.Add(1)
	return c.hits, nil
}

func (c *countingRanker) Semantic(q string, o iconsearch.Options) ([]iconsearch.Hit, error) {
	return c.Search(q, o)
}

// TestRankingsOfManyQueriesFitASmallCache: the rankings cache keeps a ranking as icon positions and
// scores, so 2,000 queries' rankings of 20 icons fit in 1 MB (as their hits or bodies would not): asked
// again, every one comes from the cache, with the same hits.
func TestRankingsOfManyQueriesFitASmallCache(t *testing.T) {
	e := newEdge(t)
	lib, err := library.Load(e.public)
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(e.public, contract.CatalogFile))
	if err != nil {
		t.Fatal(err)
	}
	var c catalog.Catalog
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	ranker := &countingRanker{}
	for k := range 20 {
		ranker.hits = append(ranker.hits, iconsearch.Hit{ID: c.Icons[k%len(c.Icons)].ID, Score: 1 / float64(k+1)})
	}
	lib.UseRankers(ranker, nil)
	lib.CacheRankings(answers.New(1 << 20))
	const queries = 2000
	first := map[string][]library.IconHit{}
	for round := range 2 {
		for i := range queries {
			q := fmt.Sprintf("query %d", i)
			hits, err := lib.SearchIcons(library.Search{Text: q, Limit: 20})
			if err != nil || len(hits) != 20 {
				t.Fatalf("%s: %d hits, %v", q, len(hits), err)
			}
			if round == 0 {
				first[q] = hits
			} else if fmt.Sprint(hits) != fmt.Sprint(first[q]) {
				t.Fatalf("%s: from the cache %v, first %v", q, hits, first[q])
			}
		}
		if got := ranker.ranked.Load(); got != queries {
			t.Fatalf("after round %d: %d rankings made, want %d (one per query)", round+1, got, queries)
		}
	}
}
