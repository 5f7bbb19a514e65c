package wordvec

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestAMappedTableEmbedsAsTheTable: a table written as a mapped table file and mapped back has the same
// words, ranks and vectors, so it embeds every text as the table it was written from; a file that is
// not one, or is cut, is refused with ErrCorrupt and the file's name.
func TestAMappedTableEmbedsAsTheTable(t *testing.T) {
	tab := smallTable(t)
	var buf bytes.Buffer
	if _, err := tab.WriteMappable(&buf); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), FileName)
	write := func(b []byte) {
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(buf.Bytes())
	m, err := Map(path)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(wordsOf(m), wordsOf(tab)) || m.Dim() != tab.Dim() {
		t.Fatalf("mapped words %v of %d dimensions, want %v of %d", wordsOf(m), m.Dim(), wordsOf(tab), tab.Dim())
	}
	for _, text := range []string{"cat", "the kitten and the car", "car cat", "dog"} {
		if a, b := NewEmbedder(tab).Embed(text), NewEmbedder(m).Embed(text); !slices.Equal(a, b) {
			t.Errorf("Embed(%q): %v from the table, %v mapped", text, a, b)
		}
	}
	for name, bad := range map[string][]byte{
		"version 1": func() []byte { var b bytes.Buffer; tab.WriteTo(&b); return b.Bytes() }(),
		"cut":       buf.Bytes()[:buf.Len()-8],
		"longer":    append(bytes.Clone(buf.Bytes()), make([]byte, 8)...),
		"empty":     {},
	} {
		write(bad)
		if _, err := Map(path); !errors.Is(err, ErrCorrupt) || !bytes.Contains([]byte(err.Error()), []byte(path)) {
			t.Errorf("%s: err %v, want ErrCorrupt naming the file", name, err)
		}
	}
}
