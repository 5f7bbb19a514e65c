package build

import (
	"encoding/json"
	"strings"

	"github.com/iconlib/iconlib/internal/catalog"
	"github.com/iconlib/iconlib/internal/contract"
	"github.com/iconlib/iconlib/templates"
)

// listJobs are the pages of the long grids: every icon from contract.AllIconsPage, and each category's
// icons from its page, contract.TilesPerPage tiles a page.
func (m *model) listJobs() []pageJob {
	byCategory := map[string][]catalog.Icon{}
	for _, ic := range m.icons {
		byCategory[ic.Category] = append(byCategory[ic.Category], ic)
	}
	jobs := listPages(contract.AllIconsPage, nil, m.icons)
	for _, c := range m.categories {
		jobs = append(jobs, listPages(contract.CategoryPage(c.ID), &c, byCategory[c.ID])...)
	}
	return jobs
}

// listPages cuts icons into pages, the first at first, the others at contract.ListPage(first, n).
func listPages(first string, c *catalog.Category, icons []catalog.Icon) []pageJob {
	pages := templates.PageCount(len(icons), contract.TilesPerPage)
	url := func(n int) string { return contract.ListPage(first, n) }
	jobs := make([]pageJob, 0, pages)
	for n := 1; n <= pages; n++ {
		from := (n - 1) * contract.TilesPerPage
		list := templates.List{Category: c, Count: len(icons), From: from, Pager: templates.NewPager(n, pages, url)}
		for _, ic := range icons[from:min(from+contract.TilesPerPage, len(icons))] {
			list.Tiles = append(list.Tiles, tileOf(ic))
		}
		jobs = append(jobs, pageJob{url(n), "list", list})
	}
	return jobs
}

// addIconList writes every icon's tile in catalog order, [id, name, category, "styles"] per icon (the
// styles with an animation file, space-separated): what the script needs to window a long grid.
func (m *model) addIconList(s *site) error {
	rows := make([][4]string, len(m.icons))
	for i, ic := range m.icons {
		rows[i] = [4]string{ic.ID, ic.Name, ic.Category, strings.Join(ic.Styles, " ")}
	}
	body, err := json.Marshal(rows)
	if err != nil {
		return err
	}
	return s.add(contract.IconListFile, body)
}
