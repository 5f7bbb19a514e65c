package search

// ScanAlways makes Search compute every document's similarity, for tests of the skip.
func ScanAlways(on bool) { scanAlways = on }

// CoverAll makes Search compute name and keyword coverage of every document a query reaches.
func CoverAll(on bool) { coverAll = on }
