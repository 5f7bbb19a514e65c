package search

// ScanAlways makes Search compute every document's similarity, for tests of the skip.
func ScanAlways(on bool) { scanAlways = on }
