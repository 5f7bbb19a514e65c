package search

// ScanAlways makes Search compute every document's similarity, for tests of the skip.
func ScanAlways(on bool) { scanAlways = on }

// CoverAll makes Search compute name and keyword coverage of every document a query reaches.
func CoverAll(on bool) { coverAll = on }

// BoundedScan turns the fused ranking's bounded scan on (where the int8 kernel runs) or off, and reports
// whether it is on.
func BoundedScan(on bool) bool {
	boundedScan = on && hasBoundKernel
	return boundedScan
}

// KeepReadings turns keeping the readings of vocabulary words on or off (off: every word is read afresh).
func KeepReadings(on bool) { keepReadings = on }

// EmbedByRows turns embedding a query by its words' rows on or off (off: by its text).
func EmbedByRows(on bool) { embedByRows = on }
