package library

import (
	"errors"
	"fmt"
	"path/filepath"

	"github.com/iconlib/iconlib/internal/contract"
	"github.com/iconlib/iconlib/internal/search"
)

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
		return ix
	}
	icons, guides = open(contract.IconIndexDir), open(contract.GuideIndexDir)
	return icons, guides, errors.Join(errs...)
}
