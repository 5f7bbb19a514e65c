package templates

import "github.com/iconlib/iconlib/internal/catalog"

// List is the data of one page of a long grid: every icon (Category nil) or a category's. Its HTML holds
// one page of tiles and links to every other page; the site's script windows the whole list from From.
type List struct {
	Category *catalog.Category // the category listed, or nil for every icon
	Count    int               // icons in the whole list
	From     int               // the position in the list of the page's first tile, from 0
	Tiles    []Tile            // the page's tiles
	Pager    Pager
}

// First is the number of the page's first tile, counting from 1.
func (l List) First() int { return l.From + 1 }

// Last is the number of the page's last tile.
func (l List) Last() int { return l.From + len(l.Tiles) }

// Pager links the pages of a list: the previous and the next (also as rel=prev and rel=next in the head)
// and every page by its number, so a reader without a script and a crawler reach each one.
type Pager struct {
	Page, Pages int    // this page, from 1, and how many there are
	Prev, Next  string // the URLs of the neighbours; "" at the ends
	Links       []PageLink
}

// PageLink is one numbered link of a Pager.
type PageLink struct {
	N       int
	URL     string
	Current bool
}

// NewPager is the pager of page (from 1) of pages, each at url(n). A list of one page has no links.
func NewPager(page, pages int, url func(n int) string) Pager {
	p := Pager{Page: page, Pages: pages}
	if pages <= 1 {
		return p
	}
	if page > 1 {
		p.Prev = url(page - 1)
	}
	if page < pages {
		p.Next = url(page + 1)
	}
	for n := 1; n <= pages; n++ {
		p.Links = append(p.Links, PageLink{N: n, URL: url(n), Current: n == page})
	}
	return p
}

// PageCount is how many pages of perPage hold n items: at least one, which shows that there are none.
func PageCount(n, perPage int) int {
	return max(1, (n+perPage-1)/perPage)
}
