package search

import (
	"strings"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas32"

	"github.com/iconlib/iconlib/internal/wordvec"
)

// Semantic similarity by parts: a document's embedding averages its name, keywords and text, so a query of
// one or two words ("cog", "warning") is far from every document that has it as one keyword among ten. So
// the index also embeds each distinct phrase documents are labelled with (an id's words, a keyword), and a
// document's similarity to a query is a blend of its embedding's and its closest phrase's: weightPhrase of
// the latter. The phrase vectors are computed when the index is built or opened, from the embedder.

// weightPhrase is the share of a document's similarity that its closest phrase's makes; a keyword counts
// weightKeyword as much as the document's own name (the id's words), so the base icon named by a query's
// word comes before its variants tagged with it.
var (
	weightPhrase  = float32(0.6)
	weightKeyword = float32(0.9)
)

// phraseTable holds the distinct phrases' unit vectors (without the common direction) and, per document,
// the phrases it is labelled with.
type phraseTable struct {
	vecs []float32 // n × dim
	n    int
	of   [][]int32 // per document: indexes of its phrases
}

func newPhraseTable(docs []Doc, emb Embedder, dim int, common []float32) phraseTable {
	var pt phraseTable
	ids := map[string]int32{}
	pt.of = make([][]int32, len(docs))
	for i, d := range docs {
		for k, p := range append([]string{d.ID}, d.Keywords...) {
			key := strings.Join(wordvec.Tokenize(p), " ")
			j, ok := ids[key]
			if !ok {
				v := emb.Embed(key)
				if len(v) != dim {
					if k == 0 {
						pt.of[i] = append(pt.of[i], -1) // the id's place, so of[i][0] is always the id
					}
					continue
				}
				removeDirection(v, common)
				j = int32(pt.n)
				ids[key] = j
				pt.vecs = append(pt.vecs, v...)
				pt.n++
			}
			pt.of[i] = append(pt.of[i], j)
		}
	}
	return pt
}

// blend mixes into sem (per document, the cosine with the document's embedding) the cosine with each
// document's closest phrase; out is scratch of len(pt.n).
func (ix *Index) blend(v, sem, out []float32) {
	pt := &ix.phrases
	if pt.n == 0 {
		return
	}
	m := blas32.General{Rows: pt.n, Cols: ix.dim, Stride: ix.dim, Data: pt.vecs}
	blas32.Gemv(blas.NoTrans, 1, m, blas32.Vector{N: ix.dim, Inc: 1, Data: v}, 0, blas32.Vector{N: pt.n, Inc: 1, Data: out[:pt.n]})
	for d, ps := range pt.of {
		best := float32(-1)
		for k, p := range ps {
			if p < 0 {
				continue
			}
			if k == 0 {
				best = max(best, out[p])
			} else {
				best = max(best, weightKeyword*out[p])
			}
		}
		if best > -1 {
			sem[d] = (1-weightPhrase)*sem[d] + weightPhrase*best
		}
	}
}

// similarity is document d's blended similarity to v (a queryVector, nil for none): its embedding's cosine
// mixed with its closest phrase's, as blend computes it for every document; 0 without v.
func (ix *Index) similarity(v []float32, d int32) float32 {
	if v == nil {
		return 0
	}
	sem := ix.cosine(v, d)
	ps := ix.phrases.of[d]
	if len(ps) == 0 {
		return sem
	}
	best := float32(-1)
	x := blas32.Vector{N: ix.dim, Inc: 1, Data: v}
	for k, p := range ps {
		if p < 0 {
			continue
		}
		c := blas32.Dot(x, blas32.Vector{N: ix.dim, Inc: 1, Data: ix.phrases.vecs[int(p)*ix.dim : int(p+1)*ix.dim]})
		if k > 0 {
			c *= weightKeyword
		}
		best = max(best, c)
	}
	if best == -1 {
		return sem
	}
	return (1-weightPhrase)*sem + weightPhrase*best
}
