package search

import (
	"math"
	"slices"
	"testing"
)

func TestOSADistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"camera", "camera", 0},
		{"camrea", "camera", 1}, // transposition
		{"calender", "calendar", 1},
		{"dowload", "download", 1},
		{"setings", "settings", 1},
		{"wifii", "wifi", 1},
		{"keybaord", "keyboard", 1},
		{"headfones", "headphones", 2},
		{"bycicle", "bicycle", 2},
		{"ca", "abc", 3}, // restricted: no edit of a transposed pair
		{"kitten", "sitting", 3},
		{"abcdef", "uvwxyz", 3}, // past the limit of 2
	} {
		if got := osaDistance(tc.a, tc.b, 2); got != min(tc.want, 3) {
			t.Errorf("osaDistance(%q, %q) = %d, want %d", tc.a, tc.b, got, min(tc.want, 3))
		}
	}
}

func TestStem(t *testing.T) {
	for in, want := range map[string]string{
		"printing": "print", "prints": "print", "printed": "print", "printer": "printer",
		"shopping": "shop", "batteries": "battery", "boxes": "box", "glasses": "glass",
		"loading": "load", "saving": "save", "save": "save", "saved": "save", "settings": "set", "virus": "virus",
		"ring": "ring", "bus": "bus", "news": "new", "x": "x", "café": "café", "arrows": "arrow",
		// a final e stays where the word needs it, and goes where it does not
		"rate": "rate", "rating": "rate", "rates": "rate", "sites": "site", "sittings": "sit", "notes": "note",
		"delete": "delet", "deleted": "delet", "deleting": "delet", "house": "hous", "houses": "hous",
		"create": "creat", "created": "creat", "hoping": "hope", "hopping": "hop", "filling": "fill",
		"pine": "pine", "pinned": "pin", "plane": "plane", "planning": "plan", "tree": "tree",
		// a past tense in -ied is its verb in -y, once long enough not to be a typo ("shied" for shield)
		"notified": "notify", "notifies": "notify", "notify": "notify", "copied": "copy", "shied": "shi",
		// an adverb in -ly is its adjective or noun (Snowball's rules), other words in -ly stay
		"successfully": "successful", "finally": "final", "securely": "secur", "secure": "secur",
		"permanently": "permanent", "weekly": "week", "carelessly": "careless", "family": "family",
		"supply": "supply", "butterfly": "butterfly", "early": "early", "daily": "daily", "only": "only",
	} {
		if got := stem(in); got != want {
			t.Errorf("stem(%q) = %q, want %q", in, got, want)
		}
	}
}

func smallLexicon() *lexicon {
	return newLexicon([]Doc{
		{ID: "shopping-bag", Keywords: []string{"buy"}},
		{ID: "trash", Keywords: []string{"bin", "delete"}},
		{ID: "air-balloon"},
		{ID: "plain-text"},
		{ID: "airplane"},
		{ID: "calendar"},
	})
}

func TestSplit(t *testing.T) {
	lx := smallLexicon()
	for _, tc := range []struct {
		in, left, right string
		ok, together    bool
	}{
		{"shoppingbag", "shopping", "bag", true, true},
		{"trashcan", "trash", "can", true, true},  // "can" is a stop word
		{"airplain", "air", "plain", true, false}, // parts never seen together
		{"calendar", "", "", false, false},
		{"xy", "", "", false, false},
	} {
		l, r, ok, together := lx.split(tc.in)
		if l != tc.left || r != tc.right || ok != tc.ok || together != tc.together {
			t.Errorf("split(%q) = %q %q %v %v, want %q %q %v %v", tc.in, l, r, ok, together, tc.left, tc.right, tc.ok, tc.together)
		}
	}
}

func TestCandidates(t *testing.T) {
	lx := smallLexicon()
	words := func(cs []typoCandidate) []string {
		var out []string
		for _, c := range cs {
			out = append(out, lx.words[c.word])
		}
		return out
	}
	if got := words(lx.candidates("calednar", false)); !slices.Equal(got, []string{"calendar"}) {
		t.Errorf("calednar near: %v", got)
	}
	if got := words(lx.candidates("airplain", false)); len(got) != 0 {
		t.Errorf("airplain near: %v, want none at distance 1", got)
	}
	if got := words(lx.candidates("airplain", true)); !slices.Equal(got, []string{"airplane"}) {
		t.Errorf("airplain far: %v", got)
	}
	if got := lx.candidates("bi", false); got != nil {
		t.Errorf("two letters get corrections: %v", got)
	}
}

func TestPrefixed(t *testing.T) {
	lx := smallLexicon()
	var got []string
	for _, i := range lx.prefixed("cal", 5) {
		got = append(got, lx.words[i])
	}
	if !slices.Equal(got, []string{"calendar"}) {
		t.Errorf("prefixed(cal) = %v", got)
	}
}

// TestTop: the best hits with a positive score, within a group and a limit, best first, equal scores in
// document order, whether from every document (top) or from a list of them in any order (topOf).
func TestTop(t *testing.T) {
	docs := []Doc{{ID: "a", Group: "g"}, {ID: "b"}, {ID: "c", Group: "g"}, {ID: "d"}, {ID: "e", Group: "g"}}
	ix := newIndex(docs, nil, 0, Thesaurus{})
	scores := []float32{0.5, 0.9, 0.5, 0, 0.7}
	for _, tc := range []struct {
		o    Options
		want []string
	}{
		{Options{}, []string{"b", "e", "a", "c"}}, // equal scores keep document order; zero is no hit
		{Options{Limit: 2}, []string{"b", "e"}},
		{Options{Limit: 3}, []string{"b", "e", "a"}},
		{Options{Group: "g"}, []string{"e", "a", "c"}},
		{Options{Group: "none"}, []string{}},
	} {
		for name, hits := range map[string][]Hit{
			"top": ix.top(scores, tc.o),
			// the documents with a positive score, in any order
			"topOf": ix.topOf(scores, []int32{4, 0, 2, 1}, tc.o),
		} {
			var got []string
			for _, h := range hits {
				got = append(got, h.ID)
			}
			if !slices.Equal(got, tc.want) && !(len(got) == 0 && len(tc.want) == 0) {
				t.Errorf("%s(%+v) = %v, want %v", name, tc.o, got, tc.want)
			}
		}
	}
}

func TestQuantize(t *testing.T) {
	vecs := []float32{0.6, -0.8, 0, 0, 0, 0, 1, 0}
	back := dequantize(quantize(vecs, 4), 4)
	for i := range vecs {
		if math.Abs(float64(back[i]-vecs[i])) > 0.01 {
			t.Fatalf("dequantize(quantize(%v)) = %v", vecs, back)
		}
	}
	if quantize(nil, 0) != nil || dequantize(nil, 0) != nil {
		t.Error("no dimensions should give no vectors")
	}
}
