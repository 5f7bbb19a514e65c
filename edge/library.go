package edge

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/iconlib/iconlib/internal/catalog"
)

// library is the catalog the build wrote, held in memory so lists and searches are assembled from
// precomputed parts.
type library struct {
	baseURL    string
	icons      []catalog.Icon
	compact    [][]byte // each icon's record as compact JSON, in catalog order
	byID       map[string]int
	categories map[string]catalog.Category
	members    map[string][]int // catalog positions per category id; "" holds every icon
}

// loadLibrary reads public/catalog.json.
func loadLibrary(dir string) (*library, error) {
	path := filepath.Join(dir, catalog.CatalogFile)
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("public directory %s holds no build (run `iconlib build` first): %w", dir, err)
	}
	var c catalog.Catalog
	if err := json.Unmarshal(b, &c); err != nil || c.BaseURL == "" {
		return nil, fmt.Errorf("%s: unreadable catalog: %v", path, err)
	}
	lib := &library{baseURL: c.BaseURL, icons: c.Icons, compact: make([][]byte, len(c.Icons)), byID: map[string]int{},
		categories: map[string]catalog.Category{}, members: map[string][]int{}}
	for i, ic := range c.Icons {
		if lib.compact[i], err = json.Marshal(ic); err != nil {
			return nil, err
		}
		lib.byID[ic.ID] = i
		lib.members[""] = append(lib.members[""], i)
		lib.members[ic.Category] = append(lib.members[ic.Category], i)
	}
	for _, cat := range c.Categories {
		lib.categories[cat.ID] = cat
	}
	return lib, nil
}
