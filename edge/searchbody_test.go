package edge_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"testing"

	"github.com/iconlib/iconlib/edge/library"
)

// TestSearchBodiesAreWhatEncodingJSONWrites: a REST search's body, joined from the library's encoded
// summaries, is byte for byte what encoding/json writes of {query, items, total}, and so is a list of hits
// with scores at the edges of the decimal and exponent forms.
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
	for _, q := range []string{"arrow", "  heart <3 & \"love\"  ", "arow left", "zzzzqqq", "a\u2028b"} {
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
	s, _ := lib.Check(library.Query{Text: "arrow"}, library.RESTIcons)
	hits, _ := lib.SearchIcons(s)
	if len(hits) == 0 {
		t.Fatal("no hits for arrow")
	}
	scored := slices.Clone(hits) // the library's hits are shared
	for _, score := range []float64{0, 1, 0.5, 1.0 / 3, 0.000001, 0.00000099999, 1e-7, 2.5e-12, 123456789, 1e21, 0.1 + 0.2} {
		for k := range scored {
			scored[k].Score = score
		}
		want, err := json.Marshal(scored)
		if err != nil {
			t.Fatal(err)
		}
		got, err := lib.AppendIconHits(nil, scored)
		if err != nil || string(got) != string(want) {
			t.Errorf("score %g: %s (%v)\nwant %s", score, got, err, want)
		}
	}
	for _, hits := range [][]library.IconHit{nil, {}} {
		want, _ := json.Marshal(hits)
		if got, _ := lib.AppendIconHits(nil, hits); string(got) != string(want) {
			t.Errorf("%#v: %s, want %s", hits, got, want)
		}
	}
}
