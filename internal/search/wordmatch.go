package search

import (
	"slices"

	"github.com/iconlib/iconlib/internal/wordvec"
)

// WordMatch is the baseline the evaluation compares with, matching words the way Iconify's search API
// does: a document matches when every query word equals a word of its id or name (no stems, typos or
// synonyms); shorter names rank first, then document order. Score is the share of the name's words the
// query names.
func (ix *Index) WordMatch(q string, o Options) ([]Hit, error) {
	words := wordvec.Tokenize(q)
	if len(words) == 0 {
		return nil, ErrEmptyQuery
	}
	scores := make([]float32, len(ix.docs))
	for i, d := range ix.docs {
		name := wordvec.Tokenize(d.ID + " " + d.Name)
		all := true
		for _, w := range words {
			all = all && slices.Contains(name, w)
		}
		if all {
			scores[i] = float32(len(words)) / float32(len(wordvec.Tokenize(d.ID)))
		}
	}
	return ix.top(scores, o), nil
}
