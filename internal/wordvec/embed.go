package wordvec

import (
	"math"
	"runtime"
	"slices"
	"strings"
	"unicode"
)

// Tokenize lowercases text and splits it into words: runs of letters and digits. Everything else
// separates words, but a negative contraction is read as its two words: "couldn't sync" (or "couldnt
// sync") is "could not sync", "can't" is "can not", "won't" is "will not".
func Tokenize(text string) []string {
	words := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !isApostrophe(r)
	})
	if !slices.ContainsFunc(words, needsReading) {
		return words
	}
	out := make([]string, 0, len(words)+2)
	for _, w := range words {
		if base, ok := negated(w); ok {
			out = append(out, base, "not")
		} else {
			out = appendParts(out, w)
		}
	}
	return out
}

// needsReading reports whether a run of Tokenize is more than one word as it is: it holds an apostrophe,
// or is a contraction typed without one.
func needsReading(w string) bool {
	if strings.ContainsFunc(w, isApostrophe) {
		return true
	}
	_, ok := negated(w)
	return ok
}

// appendParts appends w's parts between apostrophes ("user's": user, s) to out.
func appendParts(out []string, w string) []string {
	if !strings.ContainsFunc(w, isApostrophe) {
		return append(out, w)
	}
	return append(out, strings.FieldsFunc(w, isApostrophe)...)
}

func isApostrophe(r rune) bool { return r == '\'' || r == '’' }

// negated returns the word a negative contraction negates ("couldn't" → could), and whether w is one:
// any word ending in "n't", and the usual ones typed without the apostrophe that are no other word
// ("dont", "couldnt"; not "cant" or "wont").
func negated(w string) (string, bool) {
	if base, ok := cutNegation(w); ok && base != "" && !strings.ContainsFunc(base, isApostrophe) {
		if whole, ok := irregularNegated[base]; ok {
			return whole, true
		}
		return base, true
	}
	if base, ok := strings.CutSuffix(w, "nt"); ok && negatedBare[base] {
		return base, true
	}
	return "", false
}

// cutNegation returns w without its "n't" (either apostrophe), and whether it ends so.
func cutNegation(w string) (string, bool) {
	if base, ok := strings.CutSuffix(w, "n't"); ok {
		return base, true
	}
	return strings.CutSuffix(w, "n’t")
}

// irregularNegated are the negative contractions whose word is not the letters before "n't".
var irregularNegated = map[string]string{"ca": "can", "wo": "will", "sha": "shall", "ai": "is"}

// negatedBare are the words whose negative contraction people also type without the apostrophe.
var negatedBare = map[string]bool{"do": true, "does": true, "did": true, "is": true, "are": true, "was": true,
	"were": true, "has": true, "have": true, "had": true, "could": true, "would": true, "should": true,
	"must": true, "need": true}

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
		ve m want need something someone thing things us`) {
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
	var rows [16]int32
	return e.EmbedRows(nil, e.AppendRows(rows[:0], text))
}

// AppendRows appends to rows the table rows of text's words that Embed adds up, in order (stop words and
// words the table lacks left out), and returns it. A caller that embeds the same words often can keep
// their rows: the look-up of a word in the table's large index costs cache misses.
func (e *Embedder) AppendRows(rows []int32, text string) []int32 {
	for _, w := range Tokenize(text) {
		if stopWords[w] {
			continue
		}
		if i, ok := e.t.words.Find(w); ok {
			rows = append(rows, i)
		}
	}
	runtime.KeepAlive(e.t) // a mapped table's bytes live as long as it (Map)
	return rows
}

// EmbedRows is Embed of the words whose rows are rows (from AppendRows): the unit-length, SIF-weighted
// mean of their vectors, nil for none. It is written into dst when dst has room for it (Dim), which a
// caller embedding often can reuse; else into a new slice.
func (e *Embedder) EmbedRows(dst []float32, rows []int32) []float32 {
	if len(rows) == 0 {
		return nil
	}
	var v []float32
	if cap(dst) >= e.t.dim {
		v = dst[:e.t.dim]
		clear(v)
	} else {
		v = make([]float32, e.t.dim)
	}
	for _, i := range rows {
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
