package e2e

import (
	"bufio"
	"encoding/json"
	"net/url"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/iconlib/iconlib/build"
	edgelibrary "github.com/iconlib/iconlib/edge/library"
)

// TestTheEdgeRanksAsIfItComputedItsTablesAtStart: the edge ranks with the vectors and tables the build
// wrote into the search index in their final form; its answers to every labelled query, fused and
// semantic, are the ones of an index that computes them in memory from the same content, as the edge did
// at start before: the same icons in the same order with the same scores, to the bit (so the same bytes).
func TestTheEdgeRanksAsIfItComputedItsTablesAtStart(t *testing.T) {
	lib := fullLibrary(t)
	docs, err := build.SearchDocs("../../content")
	if err != nil {
		t.Fatal(err)
	}
	computed, _, err := build.NewSearchIndex("../../content", docs)
	if err != nil {
		t.Fatal(err)
	}
	old, err := edgelibrary.Load(lib.Public)
	if err != nil {
		t.Fatal(err)
	}
	old.UseRankers(computed, nil)
	for _, q := range labelledQueries(t, "../../internal/search/testdata/eval.jsonl") {
		for _, surface := range []struct {
			path     string
			semantic bool
		}{{"/api/v1/icons", false}, {"/api/v1/search", true}} {
			want, err := old.SearchIcons(edgelibrary.Search{Text: q, Limit: 20, Semantic: surface.semantic})
			if err != nil {
				t.Fatal(err)
			}
			var got struct{ Items []edgelibrary.IconHit }
			if err := json.Unmarshal([]byte(get(t, lib.URL, surface.path+"?"+url.Values{"q": {q}}.Encode())), &got); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(want, got.Items); diff != "" {
				t.Errorf("%s?q=%s answers otherwise than the index computed in memory (-computed +served):\n%s", surface.path, q, diff)
			}
		}
	}
}

// labelledQueries reads the queries of a file of labelled queries (JSON lines with "query").
func labelledQueries(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var qs []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var l struct{ Query string }
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatal(err)
		}
		qs = append(qs, l.Query)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return qs
}
