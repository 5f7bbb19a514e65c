package search

import (
	"math"

	"github.com/iconlib/iconlib/internal/search/kernel"
)

// ScanAlways makes Search compute every document's similarity, for tests of the skip.
func ScanAlways(on bool) { scanAlways = on }

// CoverAll makes Search compute name and keyword coverage of every document a query reaches.
func CoverAll(on bool) { coverAll = on }

// BoundedScan turns the fused ranking's bounded scan on (where the int8 kernel runs) or off, and reports
// whether it is on.
func BoundedScan(on bool) bool {
	boundedScan = on && kernel.HasBoundKernel
	return boundedScan
}

// KeepReadings turns keeping the readings of vocabulary words on or off (off: every word is read afresh).
func KeepReadings(on bool) { keepReadings = on }

// EmbedByRows turns embedding a query by its words' rows on or off (off: by its text).
func EmbedByRows(on bool) { embedByRows = on }

// GatherKernel reports whether a kernel bounds rows one by one here, where the bounded scan looks first
// for the hits among the fused documents.
func GatherKernel() bool { return kernel.HasGatherKernel && boundedScan }

// PhraseBoundsWritten runs Search for q on a scratch of its own whose phrase bounds are NaN (a bound
// read before it is written spoils the hits), and returns the hits, how many of the phrase table's
// bounds the query wrote, and of how many.
func PhraseBoundsWritten(ix *Index, q string, o Options) (hits []Hit, written, of int, err error) {
	sc := ix.scratch()
	bounds := sc.phraseAll[:ix.phrases.n]
	for p := range bounds {
		bounds[p] = float32(math.NaN())
	}
	if hits, err = ix.search(q, o, sc); err != nil {
		return nil, 0, 0, err
	}
	for _, b := range bounds {
		if !math.IsNaN(float64(b)) {
			written++
		}
	}
	return hits, written, len(bounds), nil
}
