package library

import (
	"fmt"
	"strings"

	"github.com/iconlib/iconlib/internal/contract"
)

// Bounds limit one kind of search: the query's length in characters, and how many results it returns
// unless asked (LimitDefault) and at most (LimitMax). Query is what the refusals call the text: a query
// for icons, a question for the guides.
type Bounds struct {
	Query                                 string
	QueryMaxRunes, LimitDefault, LimitMax int
}

// The bounds of every surface's searches, in one table: a change here is a change everywhere. An icon
// query is as long as the REST API's q on every surface; agents (MCP, A2A) get fewer results, to spare
// their context; the home page shows one grid; a guide question is a sentence, so it may be longer.
var (
	RESTIcons  = Bounds{"query", contract.REST.QueryMaxRunes, contract.REST.LimitDefault, contract.REST.LimitMax}
	AgentIcons = Bounds{"query", contract.REST.QueryMaxRunes, 10, 50}
	HomeIcons  = Bounds{"query", contract.REST.QueryMaxRunes, 48, 48}
	Guides     = Bounds{"question", 500, 5, 20}
)

// Suggestions is how many close icons every surface offers for an icon id the library lacks.
const Suggestions = 5

// UnknownCategory is the message, in one wording on every surface, for a category id the library lacks.
func (l *Library) UnknownCategory(id string) string {
	ids := make([]string, 0, len(l.categories))
	for _, c := range l.categories {
		ids = append(ids, c.ID)
	}
	if len(id) > 80 {
		id = id[:80] + "…"
	}
	return fmt.Sprintf("category %q does not exist; the category ids are %s (also at %s)",
		strings.ToValidUTF8(id, "�"), strings.Join(ids, ", "), contract.SiteLinks.Categories)
}
