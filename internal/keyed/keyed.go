// Package keyed reads the project's hand-written "key: value" lists (the thesaurus, the known first
// hits): a line each, "#" starting a comment, blank lines skipped.
package keyed

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// Read calls entry with each line's number, key and value, the comment cut off; a line without ":" is
// an error naming its number and want, the form a line should have.
func Read(r io.Reader, want string, entry func(line int, key, value string) error) error {
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		text, _, _ := strings.Cut(sc.Text(), "#")
		if strings.TrimSpace(text) == "" {
			continue
		}
		key, value, ok := strings.Cut(text, ":")
		if !ok {
			return fmt.Errorf("line %d: want %s", line, want)
		}
		if err := entry(line, key, value); err != nil {
			return err
		}
	}
	return sc.Err()
}
