package wordvec

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestRetrofitPullsNeighboursAndPushesAntonyms checks the two forces of Retrofit: a word moves towards its
// neighbours, away from its antonyms, and a word with neither keeps its vector.
func TestRetrofitPullsNeighboursAndPushesAntonyms(t *testing.T) {
	tab := NewTable(2)
	tab.Add("cog", 0, []float32{1, 0})
	tab.Add("settings", 1, []float32{0, 1})
	tab.Add("happy", 2, []float32{1, 1})
	tab.Add("sad", 3, []float32{1, 0.9})
	tab.Add("alone", 4, []float32{-1, 0.5})
	out := Retrofit(tab, map[string][]string{"cog": {"settings"}, "settings": {"cog"}},
		map[string][]string{"happy": {"sad"}, "sad": {"happy"}}, 10, 0.5)
	cos := func(tb *Table, a, b string) float64 {
		va, vb := make([]float32, 2), make([]float32, 2)
		tb.AddTo(va, a, 1)
		tb.AddTo(vb, b, 1)
		return float64(dot32(va, vb) / (norm(va) * norm(vb)))
	}
	if before, after := cos(tab, "cog", "settings"), cos(out, "cog", "settings"); after <= before+0.1 {
		t.Errorf("cog and settings: cosine %.2f before, %.2f after, want them pulled together", before, after)
	}
	if before, after := cos(tab, "happy", "sad"), cos(out, "happy", "sad"); after >= before-0.05 {
		t.Errorf("happy and sad: cosine %.2f before, %.2f after, want them pushed apart", before, after)
	}
	a, b := make([]float32, 2), make([]float32, 2)
	tab.AddTo(a, "alone", 1)
	out.AddTo(b, "alone", 1)
	if math.Abs(float64(a[0]-b[0]))+math.Abs(float64(a[1]-b[1])) > 0.02 {
		t.Errorf("a word without relations moved: %v → %v", a, b)
	}
	if out.Len() != tab.Len() {
		t.Errorf("%d words after, want %d", out.Len(), tab.Len())
	}
}

// TestReadWordNet reads a tiny database in WordNet's format: the first sense's synonyms and hypernyms,
// antonyms with the words similar to them, and derived forms from and to the words the links name.
func TestReadWordNet(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"data.noun": "  1 licence line\n" +
			"00000001 05 n 02 cog 0 gear 0 001 @ 00000002 n 0000 | a toothed wheel\n" +
			"00000002 05 n 01 wheel 0 000 | a circular frame\n" +
			"00000008 06 n 02 vaccinum 0 vaccine 0 001 + 00000007 v 0201 | a preparation for immunity\n" +
			"00000009 04 n 02 profit 0 net 0 000 | the excess of revenues over outlays\n" +
			"00000010 06 n 02 net 0 internet 0 000 | a computer network\n" +
			"00000011 06 n 01 net 0 000 | an open fabric\n",
		"index.noun": "  1 licence line\ncog n 1 1 @ 1 0 00000001\ngear n 1 1 @ 1 0 00000001\nwheel n 1 0 1 0 00000002\n" +
			"vaccine n 1 1 + 1 0 00000008\nvaccinum n 1 1 + 1 0 00000008\n" +
			// profit's first sense is net's third: net is no synonym of profit, as internet is of net
			"profit n 1 0 1 0 00000009\nnet n 3 0 3 0 00000010 00000011 00000009\ninternet n 1 0 1 0 00000010\n",
		"data.adj": "00000003 00 a 01 hot 0 002 ! 00000004 a 0101 & 00000005 a 0000 | high temperature\n" +
			"00000004 00 a 01 cold 0 002 ! 00000003 a 0101 & 00000006 s 0000 | low temperature\n" +
			"00000005 00 s 01 scorching 0 001 & 00000003 a 0000 | very hot\n" +
			"00000006 00 s 01 icy 0 001 & 00000004 a 0000 | very cold\n",
		"index.adj":  "hot a 1 2 ! & 1 0 00000003\ncold a 1 2 ! & 1 0 00000004\nscorching a 1 1 & 1 0 00000005\nicy a 1 1 & 1 0 00000006\n",
		"data.verb":  "00000007 29 v 01 vaccinate 0 001 + 00000008 n 0102 | perform vaccinations\n",
		"index.verb": "vaccinate v 1 1 + 1 0 00000007\n",
		"data.adv":   "", "index.adv": "",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	rel, err := ReadWordNet(dir, func(w string) bool { return !strings.Contains(w, "_") })
	if err != nil {
		t.Fatal(err)
	}
	want := &Relations{
		Synonyms: map[string][]string{"cog": {"gear"}, "gear": {"cog"}, "vaccine": {"vaccinum"}, "vaccinum": {"vaccine"},
			"net": {"internet"}, "internet": {"net"}},
		Hypernyms: map[string][]string{"cog": {"wheel"}, "gear": {"wheel"}},
		Antonyms: map[string][]string{"hot": {"cold", "icy"}, "cold": {"hot", "scorching"},
			"scorching": {"cold", "icy"}, "icy": {"hot", "scorching"}},
		Derived: map[string][]string{"vaccinate": {"vaccine"}, "vaccine": {"vaccinate"}},
	}
	if diff := cmp.Diff(want, rel); diff != "" {
		t.Errorf("relations (-want +got):\n%s", diff)
	}
	var buf bytes.Buffer
	if _, err := rel.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := ReadRelations(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(rel, back); diff != "" {
		t.Errorf("relations after writing and reading (-wrote +read):\n%s", diff)
	}
	for _, line := range []string{"cog\tgear\n", "cog\tgear\twheel\t\n"} {
		if _, err := ReadRelations(strings.NewReader(line)); err == nil {
			t.Errorf("%q read without an error", line)
		}
	}
}
