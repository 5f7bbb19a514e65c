package content

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"strings"
)

// readListLines calls row with each line of the list file at path that holds something (blank lines and
// lines starting with # are skipped) and its line number; a missing file has no lines. An error row
// returns is reported at its line.
func readListLines(path string, row func(line string, n int) error) error {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimRight(sc.Text(), "\r")
		if t := strings.TrimSpace(line); t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		if err := row(line, n); err != nil {
			return fmt.Errorf("%s:%d: %w", path, n, err)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}
