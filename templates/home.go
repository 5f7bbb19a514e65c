package templates

import "github.com/iconlib/iconlib/internal/catalog"

// Home is the data of the home page: the build renders it with popular icons into index.html, and the edge
// renders it with a search's results for visitors without JavaScript (/?q=…).
type Home struct {
	Count      int                // icons in the library
	Categories []catalog.Category // for the filter and the category list
	Featured   []Tile             // the grid
	Query      string             // the search shown, if any
	Category   string             // the category searched in, if any
}

// Tile is one icon of a grid.
type Tile struct {
	ID, Name, Description string
	Styles                []string // the styles with an animation file
}
