package build

import (
	"context"
	"encoding/json"
	"sort"
	"strings"

	"github.com/iconlib/iconlib/internal/catalog"
	"github.com/iconlib/iconlib/internal/contract"
)

// generate produces every file of the site into b.site.
func (b *builder) generate(ctx context.Context) error {
	p, err := loadPages()
	if err != nil {
		return err
	}
	if err := b.buildIcons(ctx); err != nil {
		return err
	}
	b.categories = countCategories(b.icons)
	steps := []func() error{
		b.addCatalog,
		func() error { return b.addGuides(p) },
		func() error { return b.addPages(p) },
		b.addStatic,
		b.addIconIndex,
		b.addSearchIndex,
		b.addDiscovery,
		b.addAgents,
	}
	for _, step := range steps {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := step(); err != nil {
			return err
		}
	}
	return nil
}

func countCategories(icons []catalog.Icon) []catalog.Category {
	byID := map[string]*catalog.Category{}
	for _, ic := range icons {
		c, ok := byID[ic.Category]
		if !ok {
			c = &catalog.Category{ID: ic.Category, Name: ic.CategoryName}
			byID[ic.Category] = c
		}
		c.Count++
	}
	out := make([]catalog.Category, 0, len(byID))
	for _, c := range byID {
		out = append(out, *c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// addCatalog writes catalog.json (compact: it is large) and the categories list.
func (b *builder) addCatalog() error {
	cat := catalog.Catalog{
		Name: "iconlib", BaseURL: b.base,
		Source:  "Tabler Icons 3.51.0 (https://tabler.io/icons)",
		License: "MIT (icons: Tabler Icons, Paweł Kuna)",
		Count:   len(b.icons), Categories: b.categories, Icons: b.icons,
	}
	body, err := json.Marshal(cat)
	if err != nil {
		return err
	}
	if err := b.site.add(contract.CatalogFile, append(body, '\n')); err != nil {
		return err
	}
	return b.addJSON(contract.CategoriesFile, catalog.CategoryList{Items: b.categories, Total: len(b.categories)})
}

// addIconIndex writes the small index the website filters when no edge ranks queries (a static host):
// [id, name, category, "words to match"] per icon.
func (b *builder) addIconIndex() error {
	rows := make([][4]string, len(b.icons))
	for i, ic := range b.icons {
		words := strings.ToLower(strings.Join(append([]string{ic.ID, ic.Name, ic.CategoryName}, ic.Tags...), " "))
		rows[i] = [4]string{ic.ID, ic.Name, ic.Category, words}
	}
	body, err := json.Marshal(rows)
	if err != nil {
		return err
	}
	return b.site.add(contract.IconIndexFile, body)
}
