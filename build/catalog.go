package build

import (
	"strings"

	"encoding/json"

	"github.com/iconlib/iconlib/internal/catalog"
	"github.com/iconlib/iconlib/internal/contract"
)

// addCatalog writes catalog.json (compact: it lists every icon) and the categories list. The catalog
// holds what a client needs to choose an icon and fetch its files; each record file holds the rest.
func (m *model) addCatalog(s *site) error {
	cat := catalog.Catalog{
		Schema: m.base + "/" + contract.CatalogSchemaFile,
		Name:   "iconlib", BaseURL: m.base,
		Source:     drawingsSource(),
		License:    m.license,
		RecordPath: contract.RecordFile("{id}"),
		Count:      len(m.icons), Categories: m.categories,
		Icons: make([]catalog.Entry, len(m.icons)),
	}
	for i, ic := range m.icons {
		cat.Icons[i] = catalogEntry(ic, m.base)
	}
	body, err := json.Marshal(cat)
	if err != nil {
		return err
	}
	if err := s.add(contract.CatalogFile, append(body, '\n')); err != nil {
		return err
	}
	return s.addJSON(contract.CategoriesFile, catalog.CategoryList{Items: m.categories, Total: len(m.categories)})
}

// catalogEntry is what catalog.json lists of the record ic, its URLs made paths relative to base.
func catalogEntry(ic catalog.Icon, base string) catalog.Entry {
	path := func(url string) string { return strings.TrimPrefix(url, base+"/") }
	e := catalog.Entry{
		ID: ic.ID, Name: ic.Name, Description: ic.Description, Category: ic.Category,
		Tags: ic.Tags, Styles: ic.Styles, PagePath: path(ic.PageURL),
	}
	for _, mo := range ic.Motions {
		ms := catalog.MotionStates{Name: mo.Name, States: []string{}}
		for _, st := range ic.States {
			if st.Motion == mo.Name {
				ms.States = append(ms.States, st.Name)
			}
		}
		e.Motions = append(e.Motions, ms)
	}
	for _, f := range ic.Files {
		e.Files = append(e.Files, catalog.FilePaths{Style: f.Style, Path: path(f.FileURL), SHA256: f.SHA256,
			SizeBytes: f.SizeBytes, SVGPath: path(f.SVGURL)})
	}
	return e
}
