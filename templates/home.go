package templates

import (
	"fmt"
	"strings"

	"github.com/iconlib/iconlib/internal/catalog"
)

// Home is the data of the home page: the build renders it with popular icons into index.html, and the edge
// renders it with a search's results for visitors without JavaScript (/?q=…).
type Home struct {
	Count      int                // icons in the library
	Categories []catalog.Category // for the filter and the category list
	Featured   []Tile             // the grid: popular icons, or the search's good matches
	More       []Tile             // a search's weaker matches, behind "show more"
	Query      string             // the search shown, if any
	Matches    int                // of a search: the icons that match well, in the whole ranking
	Ranked     int                // of a search: the icons ranked, over all its pages
	Pager      Pager              // of a search: its pages (?page=)
	Category   string             // the category searched in, if any
	Problem    string             // why the search asked for could not run, for the visitor
}

// CategoryName is the name of the category searched in, or "" for all.
func (h Home) CategoryName() string {
	for _, c := range h.Categories {
		if c.ID == h.Category {
			return c.Name
		}
	}
	return ""
}

// ResultCount says what a search found, honest about what lies past its page: how many icons match
// well over all its pages (at least Ranked, when every one ranked does), whether weaker ones follow, and
// which page this is.
func (h Home) ResultCount() string {
	if h.Ranked == 0 {
		return "No icons found. Try other words, or fewer."
	}
	var b strings.Builder
	if h.Matches == h.Ranked && h.Pager.Next != "" {
		b.WriteString("At least ")
	}
	fmt.Fprintf(&b, "%d %s well, best first", h.Matches, plural(h.Matches, "icon matches", "icons match"))
	if h.Ranked > h.Matches {
		b.WriteString("; weaker matches follow")
	}
	if h.Pager.Pages > 1 {
		fmt.Fprintf(&b, "; page %d of %d", h.Pager.Page, h.Pager.Pages)
	}
	return b.String() + "."
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Tile is one icon of a grid.
type Tile struct {
	ID, Name, Description string
	Styles                []string // the styles with an animation file
}

// Problem is the data of the page a person gets instead of the one asked for: 404 with the icons closest
// to what the address named and a search box, or a failure of the server.
type Problem struct {
	Status      int    // the HTTP status
	Title       string // the page's heading
	Message     string // what happened and what to do, in a sentence or two
	Query       string // the words the address named, searched for the suggestions
	Pages       []Link // the guides or categories the address most likely meant, closest first
	Suggestions []Tile // the closest icons
}

// Link is a page of the site by its name.
type Link struct {
	Name, URL string
}
