package content

import (
	"bufio"
	"errors"
	"fmt"
	"os"
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
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var list []Popular
	seen := map[string]int{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		id := strings.TrimSpace(sc.Text())
		if id == "" || strings.HasPrefix(id, "#") {
			continue
		}
		if first, dup := seen[id]; dup {
			return nil, fmt.Errorf("%s:%d: icon %q is listed already on line %d", path, n, id, first)
		}
		seen[id] = n
		list = append(list, Popular{ID: id, Line: n})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return list, nil
}
