package edge_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"testing"

	"github.com/iconlib/iconlib/edge/library"
)

// TestSearchBodiesAreWhatEncodingJSONWrites: a REST search's body, joined from the library's encoded
// summaries, is byte for byte what encoding/json writes of {query, items, total} with the library's hits,
// the first time and from the rankings cache.
func TestSearchBodiesAreWhatEncodingJSONWrites(t *testing.T) {
	e := newEdge(t)
	lib, err := library.Load(e.public)
	if err != nil {
		t.Fatal(err)
	}
	type body struct {
		Query string            `json:"query"`
		Items []library.IconHit `json:"items"`
		Total int               `json:"total"`
	}
	for _, q := range []string{"arrow", "  heart <3 & \"love\"  ", "arow left", "zzzzqqq", "a\u2028b", "arrow"} {
		s, err := lib.Check(library.Query{Text: q}, library.RESTIcons)
		if err != nil {
			t.Fatal(err)
		}
		hits, err := lib.SearchIcons(s)
		if err != nil {
			t.Fatal(err)
		}
		want, err := json.Marshal(body{Query: s.Text, Items: hits, Total: len(hits)})
		if err != nil {
			t.Fatal(err)
		}
		res, got := send(t, http.MethodGet, e.URL+"/api/v1/icons?q="+url.QueryEscape(q), nil)
		if res.StatusCode != http.StatusOK || got != string(want)+"\n" {
			t.Errorf("%q: %d\n%s\nwant\n%s", q, res.StatusCode, got, want)
		}
	}
}
