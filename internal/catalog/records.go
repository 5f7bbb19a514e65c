package catalog

import (
	"path/filepath"
	"strings"

	"github.com/iconlib/iconlib/internal/contract"
	"github.com/iconlib/iconlib/internal/jsonfile"
)

// ReadRecords reads a built library as a client of public/ does: catalog.json, then the record of every
// icon it lists, at its record_path, in catalog order.
func ReadRecords(publicDir string) (Catalog, []Icon, error) {
	var c Catalog
	if err := jsonfile.Read(filepath.Join(publicDir, contract.CatalogFile), &c); err != nil {
		return c, nil, err
	}
	records := make([]Icon, len(c.Icons))
	for i, e := range c.Icons {
		path := filepath.Join(publicDir, filepath.FromSlash(strings.ReplaceAll(c.RecordPath, "{id}", e.ID)))
		if err := jsonfile.Read(path, &records[i]); err != nil {
			return c, nil, err
		}
	}
	return c, records, nil
}
