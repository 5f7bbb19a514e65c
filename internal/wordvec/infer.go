package wordvec

import (
	"math"
	"slices"
)

// Infer returns a copy of t with a vector for each word of contexts that t lacks (the words icons are
// labelled with that the source vectors never saw: "webhook", "selfie", "dropdown"): the SIF-weighted mean
// of the vectors of its context words, scaled to their mean length, ranked as rarer than every word of t.
// A word none of whose context words t has stays out. This is the mean-of-contexts estimate of a new
// word's vector that retrofitting then refines.
func Infer(t *Table, contexts map[string][]string) *Table {
	out := t.clone()
	e := NewEmbedder(t)
	words := make([]string, 0, len(contexts))
	for w := range contexts {
		if _, known := t.words.Find(w); !known {
			words = append(words, w)
		}
	}
	slices.Sort(words)
	rank := int(slices.Max(append([]uint32{0}, t.ranks...)))
	v := make([]float32, t.dim)
	for _, w := range words {
		clear(v)
		var length, weight float32
		for _, c := range contexts[w] {
			i, ok := t.words.Find(c)
			if !ok || stopWords[c] {
				continue
			}
			cw := e.Weight(int(t.ranks[i]))
			t.AddTo(v, c, cw)
			length += cw * t.length(i)
			weight += cw
		}
		if weight == 0 || Normalize(v) == 0 {
			continue
		}
		for k := range v {
			v[k] *= length / weight
		}
		rank++
		out.Add(w, rank, v) // cannot fail: a new word of t's dimension
	}
	return out
}

// clone is a copy of t that Add can extend without changing t.
func (t *Table) clone() *Table {
	return &Table{dim: t.dim, words: t.words.Clone(), ranks: slices.Clone(t.ranks),
		scales: slices.Clone(t.scales), data: slices.Clone(t.data)}
}

// length is the Euclidean length of word i's vector.
func (t *Table) length(i int32) float32 {
	var s float64
	for _, q := range t.data[int(i)*t.dim : int(i+1)*t.dim] {
		s += float64(q) * float64(q)
	}
	return t.scales[i] * float32(math.Sqrt(s))
}
