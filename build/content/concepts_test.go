package content

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestReadConcepts checks the concept table's rows and the errors of a row that is not one.
func TestReadConcepts(t *testing.T) {
	dir := t.TempDir()
	write := func(text string) string {
		p := filepath.Join(dir, "concepts.tsv")
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	rows, err := ReadConcepts(write("# comment\n\nEureka\tbulb\thttps://github.com/a/b/issues/1\nhelp\tlifebuoy, help\thttps://github.com/a/b/issues/2\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 || rows[0].Phrase != "eureka" || rows[0].Line != 3 || !slices.Equal(rows[1].IDs, []string{"lifebuoy", "help"}) {
		t.Errorf("rows %+v", rows)
	}
	for text, want := range map[string]string{
		"idea\tbulb\n":                                    "separated by tabs",
		"\tbulb\thttps://x\n":                             "without a phrase",
		"idea\t\thttps://x\n":                             "names no icon",
		"idea\tbulb\tforum post\n":                        "want the https address",
		"idea\tbulb\thttps://x\nidea\tbrain\thttps://y\n": "a row already on line 1",
	} {
		if _, err := ReadConcepts(write(text)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want %q", text, err, want)
		}
	}
	if rows, err := ReadConcepts(filepath.Join(dir, "none.tsv")); rows != nil || err != nil {
		t.Errorf("a missing table: %v, %v; want none", rows, err)
	}
}
