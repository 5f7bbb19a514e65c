package wordvec

import (
	"slices"
	"testing"
)

func TestInferGivesAnUnknownWordItsContextsMeaning(t *testing.T) {
	tab := smallTable(t)
	got := Infer(tab, map[string][]string{
		"kitty":  {"the", "cat", "kitten"}, // unknown: gets the cats' direction
		"cat":    {"car"},                  // known: keeps its vector
		"zzyzx":  {"qwerty"},               // no known context: stays out
		"vroomy": {"car", "car"},
	})
	if got.Len() != tab.Len()+2 {
		t.Fatalf("%d words, want %d", got.Len(), tab.Len()+2)
	}
	if tab.Len() != 4 {
		t.Errorf("Infer changed its input: %d words", tab.Len())
	}
	if _, ok := got.Rank("zzyzx"); ok {
		t.Error("zzyzx, with no known context, got a vector")
	}
	e := NewEmbedder(got)
	cos := func(a, b string) float32 {
		va, vb := e.Embed(a), e.Embed(b)
		return dot32(va, vb)
	}
	if c := cos("kitty", "cat"); c < 0.95 {
		t.Errorf("cos(kitty, cat) = %.2f, want about 1", c)
	}
	if c := cos("vroomy", "car"); c < 0.99 {
		t.Errorf("cos(vroomy, car) = %.2f, want 1", c)
	}
	if c := cos("cat", "car"); c > 0.01 {
		t.Errorf("cos(cat, car) = %.2f: a known word's vector changed", c)
	}
	rk, _ := got.Rank("kitty")
	rv, _ := got.Rank("vroomy")
	if maxKnown := 3000; rk <= maxKnown || rv <= maxKnown || rk == rv {
		t.Errorf("ranks kitty %d, vroomy %d: want distinct and rarer than every known word", rk, rv)
	}
	v := make([]float32, 3)
	got.AddTo(v, "vroomy", 1)
	if !slices.EqualFunc(v, []float32{0, 0, -2}, func(a, b float32) bool { return a-b < 0.05 && b-a < 0.05 }) {
		t.Errorf("vroomy = %v, want car's vector, length and all", v)
	}
}
