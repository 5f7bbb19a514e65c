package eval

import (
	"fmt"
	"io"
	"strings"

	"github.com/iconlib/iconlib/internal/keyed"
	"github.com/iconlib/iconlib/internal/search"
)

// First is a query whose first hit of the fused ranking is known.
type First struct {
	Query string
	ID    string
}

// ReadFirsts reads known first hits, one a line: "query: id", optionally followed by "# why"; blank
// lines and lines starting with "#" are skipped.
func ReadFirsts(r io.Reader) ([]First, error) {
	var fs []First
	const want = `"query: id"`
	err := keyed.Read(r, want, func(line int, q, id string) error {
		q, id = strings.TrimSpace(q), strings.TrimSpace(id)
		if q == "" || id == "" || strings.ContainsAny(id, " \t") {
			return fmt.Errorf("line %d: want %s", line, want)
		}
		fs = append(fs, First{q, id})
		return nil
	})
	return fs, err
}

// NotFirst returns the queries of fs whose first hit by rank is not the one they name.
func NotFirst(fs []First, rank func(string, search.Options) ([]search.Hit, error)) ([]string, error) {
	var out []string
	for _, f := range fs {
		hits, err := rank(f.Query, search.Options{Limit: 1})
		if err != nil {
			return nil, fmt.Errorf("%q: %w", f.Query, err)
		}
		if len(hits) == 0 || hits[0].ID != f.ID {
			out = append(out, f.Query)
		}
	}
	return out, nil
}
