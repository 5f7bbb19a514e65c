package library

import (
	"fmt"
	"os"
	"strings"

	"github.com/go-json-experiment/json"

	"github.com/iconlib/iconlib/internal/catalog"
	"github.com/iconlib/iconlib/internal/contract"
)

// catalogFile is what the edge learns of catalog.json at start: the base URL, the categories and what a
// result list shows of each icon. The records themselves stay on disk (in the page cache), one file per
// icon, read when an answer carries them.
type catalogFile struct {
	baseURL    string
	base       contract.BaseURL // baseURL, parsed
	recordPath string           // where an icon's record lies, "{id}" in place of its id
	categories []catalog.Category
	summaries  []IconHit
}

// readCatalog reads catalog.json and makes each icon's summary, its paths made URLs at its base URL.
func readCatalog(path string) (c catalogFile, err error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return c, err
	}
	var cat catalog.Catalog
	if err := json.Unmarshal(b, &cat); err != nil {
		return c, err
	}
	if cat.BaseURL == "" {
		return c, fmt.Errorf("no base_url")
	}
	if c.base, err = contract.ParseBaseURL(cat.BaseURL); err != nil {
		return c, fmt.Errorf("base_url: %w", err)
	}
	if !strings.Contains(cat.RecordPath, "{id}") {
		return c, fmt.Errorf("record_path %q has no {id}", cat.RecordPath)
	}
	c.baseURL, c.recordPath, c.categories = cat.BaseURL, cat.RecordPath, cat.Categories
	c.summaries = make([]IconHit, len(cat.Icons))
	for i, e := range cat.Icons {
		if c.summaries[i], err = summarize(e, cat.BaseURL); err != nil {
			return c, fmt.Errorf("icon %d: %w", i, err)
		}
	}
	return c, nil
}

// summarize is what a result list shows of the catalog entry e, at base.
func summarize(e catalog.Entry, base string) (IconHit, error) {
	if e.ID == "" {
		return IconHit{}, fmt.Errorf("no id")
	}
	if len(e.Files) == 0 {
		return IconHit{}, fmt.Errorf("icon %s has no files", e.ID)
	}
	url := func(path string) string { return base + "/" + path }
	return IconHit{ID: e.ID, Name: e.Name, Description: e.Description, Category: e.Category,
		PageURL: url(e.PagePath), FileURL: url(e.Files[0].Path), SVGURL: url(e.Files[0].SVGPath), Styles: e.Styles}, nil
}
