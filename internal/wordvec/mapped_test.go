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

// FuzzMapped feeds the mapped table reader any bytes behind the magic: it must return a table that
// embeds, or an error, never panic or read outside the bytes.
func FuzzMapped(f *testing.F) {
	tab := NewTable(2)
	tab.Add("a", 0, []float32{1, 0})
	tab.Add("bc", 1, []float32{0, -1})
	for _, t := range []*Table{NewTable(2), tab} {
		var buf bytes.Buffer
		t.WriteMappable(&buf)
		f.Add(buf.Bytes()[len(mappedMagic):])
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		b := append(append(make([]byte, 0, len(mappedMagic)+len(body)), mappedMagic...), body...) // aligned, as a mapping is
		if m, err := mapped(b); err == nil {
			NewEmbedder(m).Embed("a bc")
			m.Rank("a")
		}
	})
}
