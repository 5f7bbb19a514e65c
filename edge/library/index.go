package library

import (
	"errors"
	"fmt"
	"path/filepath"

	"github.com/iconlib/iconlib/internal/contract"
	"github.com/iconlib/iconlib/internal/search"
)

// searchIndex adapts a search core index to Ranker.
type searchIndex struct{ ix *search.Index }

var _ Ranker = searchIndex{}

// Fused ranks with the core's fused ranking. A query with no searchable word ("?!") finds nothing.
func (s searchIndex) Fused(q, group string, limit int) ([]Hit, error) {
	return hits(s.ix.Search(q, search.Options{Group: group, Limit: limit}))
}

// Semantic ranks by embedding similarity alone.
func (s searchIndex) Semantic(q, group string, limit int) ([]Hit, error) {
	return hits(s.ix.Semantic(q, search.Options{Group: group, Limit: limit}))
}

func hits(found []search.Hit, err error) ([]Hit, error) {
	if errors.Is(err, search.ErrEmptyQuery) {
		return []Hit{}, nil
	}
	if err != nil {
		return nil, err
	}
	out := make([]Hit, len(found))
	for i, h := range found {
		out[i] = Hit{ID: h.ID, Score: h.Score}
	}
	return out, nil
}

// openIndexes loads the word vectors and the icon and guide indexes the build wrote. An index that cannot
// be read is left out (its search answers "unavailable") and reported in the error.
func openIndexes(publicDir string) (icons, guides Ranker, err error) {
	emb, err := search.LoadEmbedder(publicDir)
	if err != nil {
		return nil, nil, fmt.Errorf("word vectors: %w", err)
	}
	var errs []error
	open := func(dir string) Ranker {
		ix, err := search.Open(filepath.Join(publicDir, filepath.FromSlash(dir)), emb)
		if err != nil {
			errs = append(errs, fmt.Errorf("search index %s: %w", dir, err))
			return nil
		}
		return searchIndex{ix}
	}
	icons, guides = open(contract.IconIndexDir), open(contract.GuideIndexDir)
	return icons, guides, errors.Join(errs...)
}
