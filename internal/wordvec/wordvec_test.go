package wordvec

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func smallTable(t *testing.T) *Table {
	t.Helper()
	tab := NewTable(3)
	for i, e := range []struct {
		word string
		vec  []float32
	}{
		{"the", []float32{1, 1, 1}},
		{"cat", []float32{1, 0, 0}},
		{"kitten", []float32{0.9, 0.1, 0}},
		{"car", []float32{0, 0, -2}},
	} {
		if err := tab.Add(e.word, i*1000, e.vec); err != nil {
			t.Fatal(err)
		}
	}
	return tab
}

// wordsOf lists tab's words in order.
func wordsOf(tab *Table) []string {
	words := make([]string, tab.Len())
	for i := range words {
		words[i] = tab.words.String(i)
	}
	return words
}

// TestManyWordsFindTheirRows: in a table of 5,000 words, added one by one (the index grows as they come)
// and parsed back from its file, every word has its own rank and vector, and words it lacks (a prefix, a
// longer word, a word differing in one letter, the empty word) are not found.
func TestManyWordsFindTheirRows(t *testing.T) {
	tab := NewTable(2)
	word := func(i int) string { return fmt.Sprintf("w%dx", i) }
	for i := range 5000 {
		if err := tab.Add(word(i), 3*i, []float32{float32(i), 1}); err != nil {
			t.Fatal(err)
		}
	}
	var buf bytes.Buffer
	tab.WriteTo(&buf)
	parsed, err := Parse(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	for name, tab := range map[string]*Table{"added": tab, "parsed": parsed} {
		for i := range 5000 {
			v := make([]float32, 2)
			if r, ok := tab.Rank(word(i)); !ok || r != 3*i || !tab.AddTo(v, word(i), 1) || math.Abs(float64(v[0]-float32(i))) > float64(i)/100+0.01 {
				t.Fatalf("%s: %s: rank %d, %v, vector %v; want rank %d, vector [%d 1]", name, word(i), r, ok, v, 3*i, i)
			}
		}
		for _, absent := range []string{"w1", "w1xx", "w12y", "", "x1x", "w5000x"} {
			if _, ok := tab.Rank(absent); ok {
				t.Errorf("%s: %q found", name, absent)
			}
		}
	}
}

func TestTableRoundTrip(t *testing.T) {
	tab := smallTable(t)
	var buf bytes.Buffer
	if _, err := tab.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), FileName)
	os.WriteFile(path, buf.Bytes(), 0o644)
	got, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if got.Dim() != 3 || got.Len() != 4 {
		t.Fatalf("dim %d len %d", got.Dim(), got.Len())
	}
	if r, ok := got.Rank("kitten"); !ok || r != 2000 {
		t.Errorf("Rank(kitten) = %d, %v", r, ok)
	}
	if _, ok := got.Rank("dog"); ok {
		t.Error("Rank(dog) found")
	}
	v := make([]float32, 3)
	if !got.AddTo(v, "car", 0.5) || math.Abs(float64(v[2]+1)) > 0.01 || v[0] != 0 {
		t.Errorf("AddTo(car, 0.5) = %v, want about [0 0 -1]", v)
	}
	var again bytes.Buffer
	got.WriteTo(&again)
	if !bytes.Equal(buf.Bytes(), again.Bytes()) {
		t.Error("writing a loaded table gives other bytes")
	}
}

func TestAddRejects(t *testing.T) {
	tab := smallTable(t)
	for _, e := range []struct {
		word string
		vec  []float32
	}{{"cat", []float32{0, 0, 1}}, {"", []float32{0, 0, 1}}, {strings.Repeat("x", 256), []float32{0, 0, 1}}, {"dog", []float32{1}}} {
		if err := tab.Add(e.word, 0, e.vec); err == nil {
			t.Errorf("Add(%.10q, %v) accepted", e.word, e.vec)
		}
	}
}

func TestParseCorrupt(t *testing.T) {
	var buf bytes.Buffer
	smallTable(t).WriteTo(&buf)
	good := buf.Bytes()
	twice := NewTable(1) // "ab" and "ac", then the second made "ab" too, its checksum made good
	twice.Add("ab", 0, []float32{1})
	twice.Add("ac", 1, []float32{1})
	var two bytes.Buffer
	twice.WriteTo(&two)
	dup := two.Bytes()
	dup[16+5] = 'b'
	binary.LittleEndian.PutUint32(dup[len(dup)-4:], crc32.ChecksumIEEE(dup[:len(dup)-4]))
	for name, bad := range map[string][]byte{
		"word twice": dup,
		"empty":      nil,
		"magic":      append([]byte("XXXXXXXX"), good[8:]...),
		"cut":        good[:len(good)-10],
		"flipped":    append(append(slices.Clone(good[:20]), good[20]^0x40), good[21:]...),
	} {
		if _, err := Parse(bad); !errors.Is(err, ErrCorrupt) {
			t.Errorf("%s: err %v, want ErrCorrupt", name, err)
		}
	}
	if _, err := Load(filepath.Join(t.TempDir(), "missing.bin")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: err %v", err)
	}
}

func TestTokenize(t *testing.T) {
	for text, want := range map[string][]string{
		"Sign-out of MY account! Café 3D wi_fi": {"sign", "out", "of", "my", "account", "café", "3d", "wi", "fi"},
		"couldn't sync":                         {"could", "not", "sync"},
		"Can’t connect, won't load":             {"can", "not", "connect", "will", "not", "load"},
		"dont track me":                         {"do", "not", "track", "me"},
		"the user's 'saved' items":              {"the", "user", "s", "saved", "items"},
		"paint print want cant wont":            {"paint", "print", "want", "cant", "wont"},
		"n't":                                   {"n", "t"},
	} {
		if got := Tokenize(text); !slices.Equal(got, want) {
			t.Errorf("Tokenize(%q) = %q, want %q", text, got, want)
		}
	}
}

func TestEmbed(t *testing.T) {
	e := NewEmbedder(smallTable(t))
	if e.Dim() != 3 {
		t.Fatalf("Dim = %d", e.Dim())
	}
	for _, text := range []string{"", "the", "the of and", "unknown words only"} {
		if v := e.Embed(text); v != nil {
			t.Errorf("Embed(%q) = %v, want nil", text, v)
		}
	}
	v := e.Embed("The cat!")
	if len(v) != 3 || math.Abs(float64(v[0])-1) > 1e-6 {
		t.Errorf("Embed(The cat!) = %v, want the unit vector of cat (the stop word left out)", v)
	}
	cos := func(a, b []float32) float32 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
	cat, kitten, car := e.Embed("cat"), e.Embed("kitten"), e.Embed("car")
	if cos(cat, kitten) < 0.9 || cos(cat, car) > 0.1 {
		t.Errorf("cos(cat, kitten) = %v, cos(cat, car) = %v", cos(cat, kitten), cos(cat, car))
	}
	if e.Weight(0) >= e.Weight(1000) || e.Weight(1000) >= e.Weight(100000) || e.Weight(100000) > 1 {
		t.Errorf("weights do not grow with rarity up to 1: %v %v %v", e.Weight(0), e.Weight(1000), e.Weight(100000))
	}
}

func TestImportWink(t *testing.T) {
	const src = `{"precision":8,"l2NormIndex":3,"wordIndex":4,"size":7,"dimensions":3,
		"words":["the",",","cat","e-mail","1987","zebra","kitten"],
		"vectors":{"the":[1,1,1,1.7,0],",":[0,0,1,1,1],"cat":[1,0,0,1,2],"e-mail":[0,1,0,1,3],
		"1987":[0,0,1,1,4],"zebra":[0,1,1,1.4,5],"kitten":[1,1,0,1.4,6]},"unkVector":[0,0,0,0,-1]}`
	tab, err := ImportWink(strings.NewReader(src), 5, func(w string) bool { return w == "kitten" })
	if err != nil {
		t.Fatal(err)
	}
	// Kept: the 5 most frequent whole words (no punctuation, hyphenated words or long numbers) and kitten.
	if !slices.Equal(wordsOf(tab), []string{"the", "cat", "kitten"}) || tab.Dim() != 3 {
		t.Errorf("words %v dim %d", wordsOf(tab), tab.Dim())
	}
	if r, _ := tab.Rank("kitten"); r != 6 {
		t.Errorf("kitten keeps its source rank: %d", r)
	}
	for _, bad := range []string{`[]`, `{"vectors":{}}`, `{"dimensions":3,"vectors":{"cat":[1,0]}}`, `{"dimensions":3}`} {
		if _, err := ImportWink(strings.NewReader(bad), 5, func(string) bool { return false }); err == nil {
			t.Errorf("%s: imported", bad)
		}
	}
}
