package content

import (
	"fmt"
	"strings"
)

// Concept is one row of the concept table (content/search/concepts.tsv): a phrase people use for what
// icons stand for ("idea", "bottleneck", "screen reader"), the icons it names, and the public thread where
// a person asked an icon set for it, with the line of the row.
type Concept struct {
	Phrase string
	IDs    []string
	Source string
	Line   int
}

// ReadConcepts reads the concept table: one row a line, "phrase<TAB>id,id,…<TAB>source"; blank lines and
// lines starting with # are skipped. A missing file means no table. A row without a phrase, an icon or an
// https source, or a phrase given twice, is an error.
func ReadConcepts(path string) ([]Concept, error) {
	var rows []Concept
	seen := map[string]int{}
	err := readListLines(path, func(line string, n int) error {
		c, err := parseConcept(line, n)
		if err != nil {
			return err
		}
		if first, dup := seen[c.Phrase]; dup {
			return fmt.Errorf("%q is a row already on line %d", c.Phrase, first)
		}
		seen[c.Phrase] = n
		rows = append(rows, c)
		return nil
	})
	return rows, err
}

// parseConcept parses the row of line n.
func parseConcept(line string, n int) (Concept, error) {
	f := strings.Split(line, "\t")
	if len(f) != 3 {
		return Concept{}, fmt.Errorf("want phrase, icon ids and source separated by tabs")
	}
	c := Concept{Phrase: strings.ToLower(strings.TrimSpace(f[0])), Source: strings.TrimSpace(f[2]), Line: n}
	for _, id := range strings.Split(f[1], ",") {
		if id = strings.TrimSpace(id); id != "" {
			c.IDs = append(c.IDs, id)
		}
	}
	switch {
	case c.Phrase == "":
		return c, fmt.Errorf("a row without a phrase")
	case len(c.IDs) == 0:
		return c, fmt.Errorf("%q names no icon", c.Phrase)
	case !strings.HasPrefix(c.Source, "https://"):
		return c, fmt.Errorf("%q: source %q, want the https address of the request", c.Phrase, c.Source)
	}
	return c, nil
}
