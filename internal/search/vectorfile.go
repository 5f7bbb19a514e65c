package search

import (
	"errors"
	"fmt"

	"github.com/iconlib/iconlib/internal/flat"
	"github.com/iconlib/iconlib/internal/search/kernel"
)

// putVectors appends what the index holds of the documents' vectors in its final form (see IndexFile):
// the vectors without the common direction, that direction, the phrase table and the bound tables.
func (ix *Index) putVectors(w *flat.Writer) {
	flat.Put(w, ix.vecs)
	flat.Put(w, ix.common)
	pt := &ix.phrases
	flat.Put(w, pt.vecs)
	flat.Put(w, pt.of)
	flat.Put(w, pt.start)
	flat.Put(w, pt.docs)
	flat.Put(w, pt.first)
	ix.docBounds.Put(w)
	ix.phraseBounds.Put(w)
}

// getVectors reads what putVectors wrote, as slices over the file's bytes, checking every length and
// every position the ranking indexes with.
func (ix *Index) getVectors(r *flat.Reader) error {
	n, dim := len(ix.docs), ix.dim
	ix.vecs, ix.common = flat.Get[float32](r), flat.Get[float32](r)
	pt := &ix.phrases
	pt.vecs, pt.of, pt.start = flat.Get[float32](r), flat.Get[int32](r), flat.Get[int32](r)
	pt.docs, pt.first = flat.Get[int32](r), flat.Get[int32](r)
	pt.n = len(pt.vecs) / dim
	if err := r.Err(); err != nil {
		return err
	}
	switch {
	case len(ix.vecs) != n*dim || len(ix.common) != dim && len(ix.common) != 0 || len(pt.vecs) != pt.n*dim:
		return errors.New("vectors of the wrong length")
	case !cuts(pt.start, n, len(pt.of)) || !within(pt.of, 2*pt.n):
		return errors.New("the documents' phrases are out of place")
	case !cuts(pt.first, 2*pt.n, len(pt.docs)) || !within(pt.docs, n):
		return errors.New("the phrases' documents are out of place")
	}
	var err error
	if ix.docBounds, err = kernel.GetBoundTable(r, n, dim); err != nil {
		return fmt.Errorf("the documents' bounds: %w", err)
	}
	if ix.phraseBounds, err = kernel.GetBoundTable(r, pt.n, dim); err != nil {
		return fmt.Errorf("the phrases' bounds: %w", err)
	}
	return nil
}

// cuts reports whether start cuts a list of size values into n parts in order: n+1 offsets from 0 to
// size, none before the one before it.
func cuts(start []int32, n, size int) bool {
	if len(start) != n+1 || start[0] != 0 || int(start[n]) != size {
		return false
	}
	for i := 1; i < len(start); i++ {
		if start[i] < start[i-1] {
			return false
		}
	}
	return true
}

// within reports whether every value of s is in [0, n).
func within(s []int32, n int) bool {
	for _, v := range s {
		if v < 0 || int(v) >= n {
			return false
		}
	}
	return true
}
