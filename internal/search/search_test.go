package search_test

import (
	"bytes"
	"errors"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/iconlib/iconlib/build/eval"
	"github.com/iconlib/iconlib/internal/contract"
	"github.com/iconlib/iconlib/internal/search"
)

func ids(hits []search.Hit) []string {
	out := make([]string, len(hits))
	for i, h := range hits {
		out[i] = h.ID
	}
	return out
}

// TestLibraryRanking checks the promises of the search over the real library: exact names first, base
// icons before their variants, typos and synonyms in the top 5, real words left alone.
func TestLibraryRanking(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the whole library's index")
	}
	ix := libraryIndex(t)
	for _, tc := range []struct {
		query string
		want  string // an id that must be in the top `within`
		first bool   // … at rank 1
	}{
		{query: "folder", want: "folder", first: true},
		{query: "calendar", want: "calendar", first: true},
		{query: "arrow-left", want: "arrow-left", first: true},
		{query: "Arrow Left", want: "arrow-left", first: true},
		{query: "letter a", want: "letter-a", first: true},
		{query: "folder bolt", want: "folder-bolt", first: true},
		{query: "calender", want: "calendar"},
		{query: "dowload", want: "download"},
		{query: "setings", want: "settings"},
		{query: "camrea", want: "camera"},
		{query: "keybaord", want: "keyboard"},
		{query: "shoppingbag", want: "shopping-bag"},
		{query: "trashcan", want: "trash"},
		{query: "printing", want: "printer"},
		{query: "log out", want: "logout"},
		{query: "calend", want: "calendar"},
		{query: "bin", want: "trash"},
		{query: "gear", want: "settings"},
		{query: "house", want: "home"},
		{query: "envelope", want: "mail"},
		{query: "padlock", want: "lock"},
		{query: "sign out of my account", want: "logout"},
		{query: "something is loading", want: "loader"},
	} {
		t.Run(tc.query, func(t *testing.T) {
			hits, err := ix.Search(tc.query, search.Options{Limit: 5})
			if err != nil {
				t.Fatal(err)
			}
			got := ids(hits)
			if tc.first && (len(got) == 0 || got[0] != tc.want) {
				t.Errorf("top 5 = %v, want %s first", got, tc.want)
			}
			if !slices.Contains(got, tc.want) {
				t.Errorf("top 5 = %v, want %s among them", got, tc.want)
			}
		})
	}
	t.Run("base before variants", func(t *testing.T) {
		hits, _ := ix.Search("folder", search.Options{Limit: 10})
		if i := slices.Index(ids(hits), "folder-bolt"); i >= 0 && i < slices.Index(ids(hits), "folder") {
			t.Errorf("folder-bolt before folder: %v", ids(hits))
		}
	})
	t.Run("real words are not typos", func(t *testing.T) {
		// "bake" is an English word, not a typo of "base" or "make": it must not match their names.
		hits, _ := ix.Search("bake", search.Options{Limit: 10})
		for _, id := range ids(hits) {
			if strings.HasPrefix(id, "base") || strings.HasPrefix(id, "lake") {
				t.Errorf("bake matched %s: %v", id, ids(hits))
			}
		}
	})
}

func TestOptions(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the whole library's index")
	}
	ix := libraryIndex(t)
	t.Run("group", func(t *testing.T) {
		hits, err := ix.Search("ring", search.Options{Group: "system", Limit: 50})
		if err != nil || len(hits) == 0 {
			t.Fatalf("hits %v, err %v", hits, err)
		}
		for _, h := range hits {
			if d, _ := ix.Doc(h.ID); d.Group != "system" {
				t.Errorf("%s is in group %q", h.ID, d.Group)
			}
		}
		if hits, _ := ix.Semantic("ring", search.Options{Group: "no-such-group"}); len(hits) != 0 {
			t.Errorf("unknown group gave %v", ids(hits))
		}
	})
	t.Run("limit", func(t *testing.T) {
		for _, limit := range []int{1, 7, 100} {
			for _, rank := range []func(string, search.Options) ([]search.Hit, error){ix.Search, ix.Semantic} {
				hits, err := rank("arrow", search.Options{Limit: limit})
				if err != nil || len(hits) != limit {
					t.Errorf("limit %d: %d hits, err %v", limit, len(hits), err)
				}
			}
		}
		if hits, _ := ix.Search("arrow", search.Options{}); len(hits) != search.DefaultLimit {
			t.Errorf("no limit: %d hits, want %d", len(hits), search.DefaultLimit)
		}
	})
	t.Run("scores", func(t *testing.T) {
		for _, rank := range []func(string, search.Options) ([]search.Hit, error){ix.Search, ix.Semantic} {
			hits, _ := rank("save the file", search.Options{Limit: 100})
			for i, h := range hits {
				if h.Score <= 0 || h.Score > 1 || (i > 0 && h.Score > hits[i-1].Score) {
					t.Fatalf("scores not in (0, 1] or not descending at %d: %v", i, hits)
				}
			}
		}
	})
}

func TestQueriesWithoutWords(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the whole library's index")
	}
	ix := libraryIndex(t)
	for _, q := range []string{"", "   ", "\t\n", "!!! ?? --", "😀🎉", "\u200b\u00a0"} {
		for name, rank := range map[string]func(string, search.Options) ([]search.Hit, error){
			"Search": ix.Search, "Semantic": ix.Semantic, "WordMatch": ix.WordMatch} {
			if _, err := rank(q, search.Options{}); !errors.Is(err, search.ErrEmptyQuery) {
				t.Errorf("%s(%q): err %v, want ErrEmptyQuery", name, q, err)
			}
		}
	}
}

func TestOddQueries(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the whole library's index")
	}
	ix := libraryIndex(t)
	for _, q := range []string{
		strings.Repeat("calendar ", 5000),
		strings.Repeat("x", 100000),
		strings.Repeat("ab", 300) + "é",
		"καλημέρα κόσμε", "日本語のアイコン", "ﬁle ﬂag", "Straße", "İstanbul", "\xff\xfe broken utf-8 \xc3",
		"a\x00b", "🏳️‍🌈 flag", "the of and", "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz",
	} {
		for _, rank := range []func(string, search.Options) ([]search.Hit, error){ix.Search, ix.Semantic} {
			hits, err := rank(q, search.Options{Limit: 5})
			if err != nil && !errors.Is(err, search.ErrEmptyQuery) {
				t.Errorf("%.40q: %v", q, err)
			}
			if len(hits) > 5 {
				t.Errorf("%.40q: %d hits", q, len(hits))
			}
		}
	}
}

// smallDocs is a tiny library for tests that need no word vectors.
var smallDocs = []search.Doc{
	{ID: "arrow-left", Name: "Arrow Left", Group: "arrows", Keywords: []string{"back", "previous"}, Text: "Go back."},
	{ID: "circle-dot", Name: "Circle Dot", Group: "shapes", Keywords: []string{"point", "target"}, Text: "A point."},
	{ID: "square", Name: "Square", Group: "shapes", Keywords: []string{"box"}, Text: "A plain square."},
}

func TestWordsOnlyIndex(t *testing.T) {
	ix, err := search.NewIndex(smallDocs, nil)
	if err != nil {
		t.Fatal(err)
	}
	hits, err := ix.Search("circel", search.Options{})
	if err != nil || len(hits) != 1 || hits[0].ID != "circle-dot" {
		t.Errorf("typo without vectors: %v, %v", hits, err)
	}
	if _, err := ix.Semantic("box", search.Options{}); !errors.Is(err, search.ErrNoVectors) {
		t.Errorf("Semantic without vectors: err %v, want ErrNoVectors", err)
	}
	if _, err := search.NewIndex(append(smallDocs, smallDocs[0]), nil); err == nil {
		t.Error("a repeated id was accepted")
	}
}

// TestWriteOpen checks that an index survives writing and opening unchanged, byte for byte and in its
// rankings of every labelled query, and that a missing, cut or altered file is an error.
func TestWriteOpen(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the whole library's index")
	}
	ix := libraryIndex(t)
	var buf bytes.Buffer
	if _, err := ix.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write := func(b []byte) {
		if err := os.WriteFile(filepath.Join(dir, search.IndexFile), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(buf.Bytes())
	opened, err := search.Open(dir, libraryEmbedder(t))
	if err != nil {
		t.Fatal(err)
	}
	var again bytes.Buffer
	opened.WriteTo(&again)
	if !bytes.Equal(buf.Bytes(), again.Bytes()) {
		t.Error("writing an opened index gives other bytes")
	}
	// The file holds the vectors, the phrase table and the bound tables as the build computed them: both
	// rankings of every labelled query are the same to the bit as those of the index in memory.
	for _, q := range append(evalQueries(t), "folder", "sign out of my account", "calender") {
		for _, rank := range []struct {
			name         string
			built, found func(string, search.Options) ([]search.Hit, error)
		}{{"Search", ix.Search, opened.Search}, {"Semantic", ix.Semantic, opened.Semantic}} {
			a, _ := rank.built(q, search.Options{})
			b, _ := rank.found(q, search.Options{})
			if !slices.Equal(a, b) {
				t.Errorf("%s(%q) ranks differently after opening:\n%v\n%v", rank.name, q, a, b)
			}
		}
	}
	if _, err := search.Open(dir, nil); err == nil {
		t.Error("an index with vectors opened without an embedder")
	}
	if _, err := search.Open(t.TempDir(), libraryEmbedder(t)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing index: err %v", err)
	}
	good := buf.Bytes()
	for name, bad := range map[string][]byte{
		"empty":     {},
		"cut":       good[:len(good)/2],
		"flipped":   append(append(slices.Clone(good[:1000]), good[1000]^1), good[1001:]...),
		"not index": []byte("<html>not found</html>"),
	} {
		write(bad)
		if _, err := search.Open(dir, libraryEmbedder(t)); !errors.Is(err, search.ErrCorrupt) {
			t.Errorf("%s file: err %v, want ErrCorrupt", name, err)
		}
	}
}

func TestLoadEmbedder(t *testing.T) {
	dir := t.TempDir()
	if emb, err := search.LoadEmbedder(dir); emb != nil || err != nil {
		t.Errorf("no table: %v, %v; want nil, nil", emb, err)
	}
	path := filepath.Join(dir, filepath.FromSlash(contract.VectorsFile))
	os.MkdirAll(filepath.Dir(path), 0o755)
	os.WriteFile(path, []byte("garbage"), 0o644)
	if _, err := search.LoadEmbedder(dir); err == nil {
		t.Error("a corrupt table loaded")
	}
}

// TestQueryKeyNamesTheRanking: queries with one key rank alike; the key keeps what changes a ranking.
func TestQueryKeyNamesTheRanking(t *testing.T) {
	ix := libraryIndex(t)
	same := [][2]string{{"Trash  Can", "trash can"}, {"  upload finished", "upload, finished"}, {"ARROW left", "arrow-left"}}
	for _, p := range same {
		if search.QueryKey(p[0]) != search.QueryKey(p[1]) {
			t.Errorf("QueryKey(%q) = %q, QueryKey(%q) = %q; want one key", p[0], search.QueryKey(p[0]), p[1], search.QueryKey(p[1]))
			continue
		}
		a, _ := ix.Search(p[0], search.Options{Limit: 10})
		b, _ := ix.Search(p[1], search.Options{Limit: 10})
		if !slices.Equal(a, b) {
			t.Errorf("%q and %q share a key but rank differently", p[0], p[1])
		}
	}
	// A finished word ("arr ") is not completed; an unfinished one ("arr") is: different keys.
	if search.QueryKey("arr ") == search.QueryKey("arr") {
		t.Error(`"arr " and "arr" share a key, but only the second is completed as a prefix`)
	}
}

// TestSkippingTheScanChangesNoRanking: the fused ranking that skips the similarity scan when enough
// documents match words gives the hits of the full scan, for every evaluation query, several limits and a
// category. Scores may differ in their last bits (another summation order), so hits within 1e-5 of a
// neighbour may trade places.
func TestSkippingTheScanChangesNoRanking(t *testing.T) {
	ix := libraryIndex(t)
	defer search.ScanAlways(false)
	for _, q := range evalQueries(t) {
		for _, o := range []search.Options{{Limit: 1}, {Limit: 20}, {Limit: 100}, {Limit: 10, Group: "arrows"}} {
			search.ScanAlways(false)
			got, err1 := ix.Search(q, o)
			search.ScanAlways(true)
			want, err2 := ix.Search(q, o)
			if err1 != nil || err2 != nil || len(got) != len(want) {
				t.Fatalf("%q %+v: %d hits (%v), full scan %d (%v)", q, o, len(got), err1, len(want), err2)
			}
			for i := range got {
				near := func(j int) bool { return j >= 0 && j < len(want) && math.Abs(want[i].Score-want[j].Score) < 1e-5 }
				if math.Abs(got[i].Score-want[i].Score) > 1e-5 || got[i].ID != want[i].ID && !near(i-1) && !near(i+1) {
					t.Errorf("%q %+v, hit %d: %s %.6f, full scan %s %.6f", q, o, i, got[i].ID, got[i].Score, want[i].ID, want[i].Score)
				}
			}
		}
	}
}

// TestPruningTheLateSimilarityChangesNoHit: semantic search computes the late similarity only of the
// documents that can still be hits, and gives the same hits, to the bit, as computing it for every document,
// for the shortcutQueries, several limits and a category.
func TestPruningTheLateSimilarityChangesNoHit(t *testing.T) {
	ix := libraryIndex(t)
	defer search.ScanAlways(false)
	qs := shortcutQueries(t)
	for _, q := range qs {
		for _, o := range []search.Options{{Limit: 1}, {Limit: 20}, {Limit: 100}, {Limit: 10, Group: "arrows"}} {
			search.ScanAlways(false)
			got, err1 := ix.Semantic(q, o)
			search.ScanAlways(true)
			want, err2 := ix.Semantic(q, o)
			if err1 != nil || err2 != nil || !slices.Equal(got, want) {
				t.Fatalf("%q %+v: pruned %v (%v), every document %v (%v)", q, o, got, err1, want, err2)
			}
		}
	}
}

// TestBoundingTheScanChangesNoHit: the scan of both rankings that bounds cosines with int8 rows first and
// computes exact ones only for the documents in reach of the hits gives the hits of the full float scan,
// to the bit, for the shortcutQueries, at several limits and in a group, whether the scan is needed or
// forced. It is one goroutine and ten times slower under the race detector, so it skips itself there
// (make test runs this package without it).
func TestBoundingTheScanChangesNoHit(t *testing.T) {
	if raceEnabled {
		t.Skip("one goroutine: make test runs it without the race detector")
	}
	ix := libraryIndex(t)
	if !search.BoundedScan(true) {
		t.Skip("no int8 kernel on this CPU: the scan is the float one")
	}
	defer search.BoundedScan(true)
	defer search.ScanAlways(false)
	for _, q := range shortcutQueries(t) {
		for _, o := range []search.Options{{Limit: 1}, {Limit: 20}, {Limit: 100}, {Limit: 10, Group: "arrows"}} {
			for _, always := range []bool{false, true} {
				for name, rank := range map[string]func(string, search.Options) ([]search.Hit, error){"fused": ix.Search, "semantic": ix.Semantic} {
					search.ScanAlways(always)
					search.BoundedScan(true)
					got, err1 := rank(q, o)
					search.BoundedScan(false)
					want, err2 := rank(q, o)
					if err1 != nil || err2 != nil || !slices.Equal(got, want) {
						t.Fatalf("%s %q %+v (scan forced: %v): bounded %v (%v), float %v (%v)", name, q, o, always, got, err1, want, err2)
					}
				}
			}
		}
	}
}

// TestFusedDocumentsSpareThePhraseTable: when the documents that match query words outscore any other
// (most scans of long queries), the bounded scan bounds only the phrases of those that can still reach
// the hits, not the whole phrase table, and gives the hits it gives otherwise. Over the load mix's
// queries of 18 words or more, most scans bound under a tenth of the table, and some, which a document
// matching no word can reach, the whole of it; every query's hits are those of Search, with no phrase
// bound read before it was written.
func TestFusedDocumentsSpareThePhraseTable(t *testing.T) {
	ix := libraryIndex(t)
	if !search.GatherKernel() {
		t.Skip("no kernel bounds rows one by one on this CPU: the scan bounds every phrase")
	}
	var spared, whole, long int
	for _, q := range loadMixQueries(t) {
		if len(strings.Fields(q)) < 18 {
			continue
		}
		long++
		hits, written, of, err := search.PhraseBoundsWritten(ix, q, search.Options{})
		want, err2 := ix.Search(q, search.Options{})
		if err != nil || err2 != nil || !slices.Equal(hits, want) {
			t.Fatalf("%q: %v (%v), Search: %v (%v)", q, hits, err, want, err2)
		}
		switch {
		case written < of/10:
			spared++
		case written == of:
			whole++
		}
	}
	if spared < long/2 || whole == 0 {
		t.Errorf("of %d long queries, %d bounded under a tenth of the phrase table and %d all of it", long, spared, whole)
	}
}

// TestRequestPhrasingChangesNoRanking: asking for an icon before saying what it shows ("looking for a
// symbol that shows …", "an icon for my app that means …") gives the hits of what it shows alone, in both
// rankings, for every evaluation query (every seventh under the race detector).
func TestRequestPhrasingChangesNoRanking(t *testing.T) {
	ix := libraryIndex(t)
	qs := append(readEvalSet(t, "eval.jsonl"), readEvalSet(t, "holdout.jsonl")...)
	step := 1
	if raceEnabled {
		step = 7
	}
	leads := []string{"i need an icon for", "looking for a symbol that shows", "an icon for my app that means",
		"which icon should i use for", "simple line icon of", "something that means", "a sign that says"}
	for i := 0; i < len(qs); i += step {
		q := qs[i].Query
		lead := leads[i%len(leads)]
		for name, rank := range map[string]func(string, search.Options) ([]search.Hit, error){"fused": ix.Search, "semantic": ix.Semantic} {
			want, err1 := rank(q, search.Options{Limit: 10})
			got, err2 := rank(lead+" "+q, search.Options{Limit: 10})
			if err1 != nil || err2 != nil || !slices.Equal(got, want) {
				t.Errorf("%s %q after %q: %v (%v), alone %v (%v)", name, q, lead, got, err2, want, err1)
			}
		}
	}
}

// shortcutQueries are the queries the tests of the rankings' shortcuts compare with the full computation:
// the evaluation queries, their words run together 20 at a time (long queries, where most documents a
// query reaches match through their text only), and the first 400 of the load mix (testdata/loadmix.txt:
// typos, tags and templates of 1–20 words, seven in ten of which need the scan).
func shortcutQueries(t *testing.T) []string {
	qs := evalQueries(t)
	var words []string
	for _, q := range qs {
		words = append(words, strings.Fields(q)...)
	}
	for i := 0; i+20 <= len(words); i += 20 {
		qs = append(qs, strings.Join(words[i:i+20], " "))
	}
	return append(qs, loadMixQueries(t)[:400]...)
}

// TestMarkingCoverageChangesNoScore: computing name and keyword coverage only for the documents whose id,
// name or keywords hold a query term (the term → document indexes) gives every hit the same bits as
// computing it for every document the query reaches, for the shortcutQueries.
func TestMarkingCoverageChangesNoScore(t *testing.T) {
	ix := libraryIndex(t)
	defer search.CoverAll(false)
	qs := shortcutQueries(t)
	for _, q := range qs {
		o := search.Options{Limit: 100}
		search.CoverAll(false)
		got, err1 := ix.Search(q, o)
		search.CoverAll(true)
		want, err2 := ix.Search(q, o)
		if err1 != nil || err2 != nil {
			t.Fatalf("%q: %v, every document covered: %v", q, err1, err2)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%q: hits differ from covering every document (-all +marked):\n%s", q, diff)
		}
	}
}

// TestHitsNameTheirDocument: a hit's Doc is its document's position, the one Index.ID names, in both
// rankings (the edge finds a hit's icon by it).
func TestHitsNameTheirDocument(t *testing.T) {
	ix := libraryIndex(t)
	for _, q := range []string{"bell", "upload finished", "calender", "something that says the upload finished"} {
		for name, rank := range map[string]func(string, search.Options) ([]search.Hit, error){"fused": ix.Search, "semantic": ix.Semantic} {
			hits, err := rank(q, search.Options{Limit: 20})
			if err != nil || len(hits) == 0 {
				t.Fatalf("%s %q: %v, %d hits", name, q, err, len(hits))
			}
			for _, h := range hits {
				if h.Doc < 0 || h.Doc >= ix.Len() || ix.ID(h.Doc) != h.ID {
					t.Errorf("%s %q: hit %s names document %d", name, q, h.ID, h.Doc)
				}
			}
		}
	}
}

// TestKeptReadingsChangeNoHit: the reading of a vocabulary word, kept from the queries before, gives both
// rankings' hits the same bits as reading every word afresh, for the shortcutQueries and queries whose
// words join ("log out") or are a join's parts ("log", "out").
func TestKeptReadingsChangeNoHit(t *testing.T) {
	ix := libraryIndex(t)
	defer search.KeepReadings(true)
	qs := append(shortcutQueries(t), "log out", "log", "out", "sign in", "in", "sign", "check out", "lock screen")
	rankings := map[string]func(string, search.Options) ([]search.Hit, error){"fused": ix.Search, "semantic": ix.Semantic}
	for _, pass := range []string{"first", "kept"} { // the second pass reads every vocabulary word from what was kept
		for _, q := range qs {
			for name, rank := range rankings {
				o := search.Options{Limit: 50}
				search.KeepReadings(true)
				got, err1 := rank(q, o)
				search.KeepReadings(false)
				want, err2 := rank(q, o)
				if (err1 == nil) != (err2 == nil) {
					t.Fatalf("%s %q: %v, read afresh: %v", name, q, err1, err2)
				}
				if diff := cmp.Diff(want, got); diff != "" {
					t.Errorf("%s pass, %s %q: hits differ from reading afresh (-afresh +kept):\n%s", pass, name, q, diff)
				}
			}
		}
	}
}

// TestEmbeddingByRowsChangesNoHit: a query embedded from the rows its words' readings keep gives both
// rankings' hits the same bits as embedding the query's text, for every tenth query of the load mix (typos,
// corrections, words the embedder lacks) and the shortcutQueries.
func TestEmbeddingByRowsChangesNoHit(t *testing.T) {
	ix := libraryIndex(t)
	defer search.EmbedByRows(true)
	qs := shortcutQueries(t)
	for k, q := range loadMixQueries(t) {
		if k%10 == 0 {
			qs = append(qs, q)
		}
	}
	rankings := map[string]func(string, search.Options) ([]search.Hit, error){"fused": ix.Search, "semantic": ix.Semantic}
	for _, q := range qs {
		for name, rank := range rankings {
			search.EmbedByRows(true)
			got, err1 := rank(q, search.Options{})
			search.EmbedByRows(false)
			want, err2 := rank(q, search.Options{})
			if (err1 == nil) != (err2 == nil) {
				t.Fatalf("%s %q: %v, by text: %v", name, q, err1, err2)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s %q: hits differ from embedding the text (-text +rows):\n%s", name, q, diff)
			}
		}
	}
}

// TestSearchKnowsWhatPeopleMean checks, through the index as a build writes it and the edge opens it, the
// cases of issue 16: a synonym of UI vocabulary finds the icon it names, a real-word typo is corrected, the
// base icon of a concept comes first (the known first hits of testdata/firsts.txt, which iconlib eval
// --tune keeps), and no icon of the opposite meaning is in the top 5.
func TestSearchKnowsWhatPeopleMean(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the whole library's index")
	}
	ix := reopenedLibrary(t)
	top, semantic := rankedBy(t, ix.Search), rankedBy(t, ix.Semantic)
	t.Run("known firsts", func(t *testing.T) { knownFirstsComeFirst(t, top) })
	t.Run("semantic firsts", func(t *testing.T) { semanticFirsts(t, semantic) })
	t.Run("icon is noise", func(t *testing.T) { iconSaysNothing(t, ix, top) })
	t.Run("no false friends", func(t *testing.T) { noFalseFriends(t, top) })
	t.Run("no opposites", func(t *testing.T) {
		noOpposites(t, map[string]topFunc{"fused": top, "semantic": semantic})
	})
}

// topFunc returns the ids of a ranking's first n hits for a query.
type topFunc func(q string, n int) []string

// rankedBy is rank's topFunc, failing t on an error.
func rankedBy(t *testing.T, rank func(string, search.Options) ([]search.Hit, error)) topFunc {
	return func(q string, n int) []string {
		hits, err := rank(q, search.Options{Limit: n})
		if err != nil {
			t.Fatal(err)
		}
		return ids(hits)
	}
}

// reopenedLibrary writes the library's index to a file and opens it as the edge does.
func reopenedLibrary(t *testing.T) *search.Index {
	dir := t.TempDir()
	f, err := os.Create(filepath.Join(dir, search.IndexFile))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := libraryIndex(t).WriteTo(f); err != nil {
		t.Fatal(err)
	}
	f.Close()
	ix, err := search.Open(dir, libraryEmbedder(t))
	if err != nil {
		t.Fatal(err)
	}
	return ix
}

// knownFirstsComeFirst: each query of testdata/firsts.txt (each with its reason there) has its icon first.
func knownFirstsComeFirst(t *testing.T, top topFunc) {
	f, err := os.Open(filepath.Join("testdata", "firsts.txt"))
	if err != nil {
		t.Fatal(err)
	}
	firsts, err := eval.ReadFirsts(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range firsts {
		if got := top(c.Query, 1); len(got) == 0 || got[0] != c.ID {
			t.Errorf("%q: first %v, want %s", c.Query, got, c.ID)
		}
	}
}

// semanticFirsts: each word finds its own phrase (shuffle is no playlist icon), and among icons that mean
// much the same the one people mean, the generic icon before its variants, comes first.
func semanticFirsts(t *testing.T, semantic topFunc) {
	for q, want := range map[string][]string{
		"shuffle my playlist":   {"arrows-shuffle"},
		"skip to the next song": {"player-skip-forward", "player-track-next"},
		"delete":                {"trash"},
		"warning":               {"alert-triangle"},
		"cog":                   {"settings"},
		"more information":      {"info-circle"},
		"cogwheel":              {"settings"}, // a word the embedder lacks, meaning its synonym
	} {
		if got := semantic(q, 1); len(got) == 0 || !slices.Contains(want, got[0]) {
			t.Errorf("semantic %q: first %v, want one of %v", q, got, want)
		}
	}
}

// iconSaysNothing: "icon" says nothing in an icon library: a query ranks as without it, and still names an
// icon exactly; alone, or in an icon's own name, it is the query.
func iconSaysNothing(t *testing.T, ix *search.Index, top topFunc) {
	for with, without := range map[string]string{"arrow icon": "arrow", "bell icon": "bell", "lock icons": "lock", "an icon of a house": "a house"} {
		if got, want := top(with, 10), top(without, 10); !slices.Equal(got, want) {
			t.Errorf("%q: %v, want as %q: %v", with, got, without, want)
		}
	}
	for q, want := range map[string]string{"bell icon": "bell", "icons off": "icons-off", "icons": "icons"} {
		if hits, err := ix.Search(q, search.Options{Limit: 1}); err != nil || len(hits) == 0 || hits[0].ID != want || hits[0].Score <= 0.5 {
			t.Errorf("%q: %v (%v), want %s named exactly (score above 0.5)", q, hits, err, want)
		}
	}
	if got := top("icon", 3); !slices.Contains(got, "icons") {
		t.Errorf("icon: top 3 %v, want the icons icon among them", got)
	}
}

// noFalseFriends: a query finds what it means, not what only shares a word or a stem with it.
func noFalseFriends(t *testing.T, top topFunc) {
	if got := top("save document", 3); !slices.Contains(got, "device-floppy") {
		t.Errorf("save document: top 3 %v, want the floppy disk among them", got)
	}
	for _, q := range []string{"contact us", "follow us", "call us"} { // a pronoun, like we and our: no logo of "among us"
		if got := top(q, 5); slices.Contains(got, "brand-among-us") {
			t.Errorf("%q: top 5 %v holds brand-among-us, which only shares the stop word", q, got)
		}
	}
	for _, family := range []string{"arrow", "http", "text"} { // no icon is named so; many ids start with it
		if got := top(family, 5); slices.ContainsFunc(got, func(id string) bool { return !strings.HasPrefix(id, family+"-") }) {
			t.Errorf("%s: top 5 %v, want only %s-* icons, not the ones that only mention the word", family, got, family)
		}
	}
	for q, others := range map[string][]string{ // a word is not another word less its final e
		"hate":    {"chef-hat"},
		"win":     {"glass", "grape"}, // wine
		"pine":    {"pin", "pinned"},
		"sitting": {"crane", "bulldozer"}, // building sites
	} {
		if got := top(q, 3); slices.ContainsFunc(got, func(id string) bool { return slices.Contains(others, id) }) {
			t.Errorf("%q: top 3 %v holds one of %v, which only share a stem without the e", q, got, others)
		}
	}
}

// noOpposites: no icon of the opposite meaning is in the top 5 of either ranking.
func noOpposites(t *testing.T, rankings map[string]topFunc) {
	for q, opposites := range map[string][]string{
		"happy":        {"mood-sad", "mood-sad-2", "mood-cry", "mood-angry", "mood-sad-dizzy", "mood-sad-squint"},
		"zoom out":     {"zoom-in"},
		"thumbs up":    {"thumb-down"},
		"full battery": {"battery-1"},
		"sign out":     {"login", "login-2"},
		"open lock":    {"lock"},
	} {
		for ranking, top := range rankings {
			if got := top(q, 5); slices.ContainsFunc(got, func(id string) bool { return slices.Contains(opposites, id) }) {
				t.Errorf("%s %q: the top 5 %v holds an opposite, one of %v", ranking, q, got, opposites)
			}
		}
	}
}
