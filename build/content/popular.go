package content

import (
	"fmt"
	"strings"
)

// Popular is one icon of the curated "Popular icons" list, with the line that names it.
type Popular struct {
	ID   string
	Line int
}

// ReadPopular reads the curated list of popular icons, best known first: one icon id a line; blank lines
// and lines starting with # are skipped. A missing file means no list. A name given twice is an error.
func ReadPopular(path string) ([]Popular, error) {
	var list []Popular
	seen := map[string]int{}
	err := readListLines(path, func(line string, n int) error {
		id := strings.TrimSpace(line)
		if first, dup := seen[id]; dup {
			return fmt.Errorf("icon %q is listed already on line %d", id, first)
		}
		seen[id] = n
		list = append(list, Popular{ID: id, Line: n})
		return nil
	})
	return list, err
}
