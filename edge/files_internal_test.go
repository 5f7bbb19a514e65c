package edge

import (
	"fmt"
	"testing"

	"github.com/iconlib/iconlib/internal/contract"
)

// TestIndexingFilesAllocatesAFewTimes: the file index holds its files, their variants and their strings
// in a few large allocations, not several per file, so the garbage collector does not visit some 150,000
// small objects on every cycle.
func TestIndexingFilesAllocatesAFewTimes(t *testing.T) {
	sha := fmt.Sprintf("%064x", 1)
	var listed []listing
	for i := range 2000 {
		e := contract.ManifestEntry{SHA256: sha, Size: i, Encodings: map[string]contract.ManifestVariant{
			"br": {SHA256: sha, Size: 1}, "gzip": {SHA256: sha, Size: 2}}}
		listed = append(listed, newListing(fmt.Sprintf("assets/icon-%d.json", i), e, "application/json", "no-cache"))
	}
	var byPath map[string]*file
	allocs := testing.AllocsPerRun(5, func() { byPath = newFiles(listed) })
	if allocs > float64(len(listed)/20) { // the map's tables of up to 1,024 slots are the most of them
		t.Errorf("indexing %d files took %.0f allocations; want one for many files", len(listed), allocs)
	}
	if len(byPath) != 3*len(listed) {
		t.Fatalf("%d paths indexed, want %d (each file and its two variants)", len(byPath), 3*len(listed))
	}
	f := byPath["assets/icon-7.json"]
	if f == nil || f.size != 7 || f.etag != `"`+sha[:32]+`"` || len(f.encodings) != 2 {
		t.Fatalf("assets/icon-7.json: %+v", f)
	}
	if br, gz := f.encodings[0], f.encodings[1]; br.coding != "br" || br.rel != "assets/icon-7.json.br" ||
		br.size != 1 || br.contentType != "application/json" || gz.coding != "gzip" || gz.size != 2 {
		t.Errorf("variants of assets/icon-7.json: %+v, %+v", *br.file, *gz.file)
	}
	if direct := byPath["assets/icon-7.json.gz"]; direct == nil || direct.contentType != contract.MediaType("x.gz") ||
		direct.size != 2 || len(direct.encodings) != 0 {
		t.Errorf("assets/icon-7.json.gz as a file of its own: %+v", direct)
	}
}
