package edge

import (
	"fmt"
	"testing"

	"github.com/iconlib/iconlib/internal/contract"
)

// TestIndexingFilesAllocatesAFewTimes: the file index serves each file and each precompressed variant by
// its own path, with its size, ETag, type and class, and a file's variants best first; and it holds them
// in a few large allocations that hold no pointer per file, not several objects per file for the garbage
// collector to visit on every cycle.
func TestIndexingFilesAllocatesAFewTimes(t *testing.T) {
	sha := fmt.Sprintf("%064x", 1)
	var listed []listing
	for i := range 2000 {
		e := contract.ManifestEntry{SHA256: sha, Size: i, Encodings: map[string]contract.ManifestVariant{
			"br": {SHA256: sha, Size: 1}, "gzip": {SHA256: sha, Size: 2}}}
		listed = append(listed, newListing(fmt.Sprintf("assets/icon-%d.json", i), e, "application/json", "no-cache"))
	}
	var idx *fileIndex
	allocs := testing.AllocsPerRun(5, func() { idx = &fileIndex{}; idx.addFiles(listed) })
	if allocs > 50 {
		t.Errorf("indexing %d files took %.0f allocations; want a few for all of them", len(listed), allocs)
	}
	if idx.paths.Len() != 3*len(listed) {
		t.Fatalf("%d paths indexed, want %d (each file and its two variants)", idx.paths.Len(), 3*len(listed))
	}
	f := idx.lookup("assets/icon-7.json")
	if f == nil || f.size != 7 || idx.etag(f) != `"`+sha[:32]+`"` || idx.rel(f) != "assets/icon-7.json" ||
		idx.contentType(f) != "application/json" || idx.cacheControl(f) != "no-cache" || len(idx.encodings(f)) != 2 {
		t.Fatalf("assets/icon-7.json: %+v", f)
	}
	br, gz := idx.encodings(f)[0], idx.encodings(f)[1]
	if b, g := idx.variantFile(&br), idx.variantFile(&gz); br.coding != "br" || idx.rel(b) != "assets/icon-7.json.br" ||
		b.size != 1 || idx.contentType(b) != "application/json" || gz.coding != "gzip" || g.size != 2 {
		t.Errorf("variants of assets/icon-7.json: %+v, %+v", *b, *g)
	}
	if direct := idx.lookup("assets/icon-7.json.gz"); direct == nil || idx.contentType(direct) != contract.MediaType("x.gz") ||
		direct.size != 2 || len(idx.encodings(direct)) != 0 || idx.rel(direct) != "assets/icon-7.json.gz" {
		t.Errorf("assets/icon-7.json.gz as a file of its own: %+v", direct)
	}
	if f := idx.lookup("assets/icon-2000.json"); f != nil {
		t.Errorf("a path never listed: %+v", f)
	}
}
