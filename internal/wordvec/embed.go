package wordvec

import (
	"math"
	"strings"
	"unicode"
)

// Tokenize lowercases text and splits it into words: runs of letters and digits. Everything else
// separates words.
func Tokenize(text string) []string {
	return strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}

// stopWords are function words that say nothing about what an icon means. Words of direction and
// negation (up, down, in, out, on, off, no, not, back, over) are kept: they tell zoom-in from zoom-out.
var stopWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`a about above after again against am an and any are as at be because been
		before being below between both but by can could did do does doing during each few for from further had
		has have having he her here hers herself him himself his how i if into is it its itself just me more most
		my myself nor of once only or other ought our ours ourselves own same she should so some such than that
		the their theirs them themselves then there these they this those through to too until very was we were
		what when where which while who whom why will with would you your yours yourself yourselves s t ll d re
		ve m want need something someone thing things`) {
		m[w] = true
	}
	return m
}()

// IsStopWord reports whether word (lowercase) is a function word that carries no meaning for search.
func IsStopWord(word string) bool { return stopWords[word] }

// sifA is the smoothing constant of smooth inverse frequency weighting (Arora et al. 2017): a word of
// estimated probability p weighs sifA / (sifA + p).
const sifA = 1e-3

// Embedder turns text into the SIF-weighted mean of its words' vectors. It is safe for concurrent use.
type Embedder struct {
	t *Table
}

// NewEmbedder returns an Embedder over t.
func NewEmbedder(t *Table) *Embedder { return &Embedder{t: t} }

// Rank returns word's frequency rank in the source vectors (0 is the most frequent word) and whether the
// table has the word.
func (e *Embedder) Rank(word string) (int, bool) { return e.t.Rank(word) }

// Dim is the number of dimensions of the vectors Embed returns.
func (e *Embedder) Dim() int { return e.t.dim }

// Weight is the SIF weight of a word of frequency rank r: words are taken to follow Zipf's law over the
// source vocabulary, so p(r) ≈ 1 / ((r+1) · ln(1.78 · V)).
func (e *Embedder) Weight(rank int) float32 {
	p := 1 / (float64(rank+1) * math.Log(1.78*float64(max(e.t.Len(), 2))))
	return float32(sifA / (sifA + p))
}

// Embed returns the unit-length, SIF-weighted mean of the vectors of text's words, leaving out stop words
// and words the table lacks; nil when no word is left.
func (e *Embedder) Embed(text string) []float32 {
	var v []float32
	for _, w := range Tokenize(text) {
		if stopWords[w] {
			continue
		}
		i, ok := e.t.index[w] // one look-up a word: the table's map is large, and each costs cache misses
		if !ok {
			continue
		}
		if v == nil {
			v = make([]float32, e.t.dim)
		}
		e.t.addRow(v, i, e.Weight(int(e.t.ranks[i])))
	}
	if Normalize(v) == 0 {
		return nil
	}
	return v
}

// Normalize scales v to unit length in place and returns its former length.
func Normalize(v []float32) float64 {
	var s float64
	for _, x := range v {
		s += float64(x) * float64(x)
	}
	n := math.Sqrt(s)
	if n > 0 {
		for i := range v {
			v[i] = float32(float64(v[i]) / n)
		}
	}
	return n
}
