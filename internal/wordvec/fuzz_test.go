package wordvec

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// FuzzParse feeds Parse tables with any bytes behind a valid header and checksum, so the fuzzer reaches the
// decoding past the checksum: it must return a table or an error, never panic.
func FuzzParse(f *testing.F) {
	var buf bytes.Buffer
	NewTable(2).WriteTo(&buf)
	tab := NewTable(2)
	tab.Add("a", 0, []float32{1, 0})
	tab.Add("bc", 1, []float32{0, -1})
	var two bytes.Buffer
	tab.WriteTo(&two)
	for _, b := range [][]byte{buf.Bytes(), two.Bytes()} {
		f.Add(b[8 : len(b)-4])
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		b := append(append([]byte(nil), magic...), body...)
		b = binary.LittleEndian.AppendUint32(b, crc32.ChecksumIEEE(b))
		if tab, err := Parse(b); err == nil {
			NewEmbedder(tab).Embed("a bc")
		}
	})
}

// FuzzTokenize: whatever the text, every word Tokenize gives is a non-empty run of letters and digits
// (apostrophes read away), and tokenizing its words again, joined by spaces, gives them back.
func FuzzTokenize(f *testing.F) {
	for _, s := range []string{"couldn't sync", "Can’t connect", "dont", "the user's 'saved' items", "n't", "'", "ain't'", "x’n't"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		words := Tokenize(text)
		for _, w := range words {
			if w == "" || strings.ContainsFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
				t.Fatalf("Tokenize(%q) = %q: %q is no word", text, words, w)
			}
		}
		if again := Tokenize(strings.Join(words, " ")); !slices.Equal(again, words) {
			t.Fatalf("Tokenize(%q) = %q, but of those words joined %q", text, words, again)
		}
	})
}
