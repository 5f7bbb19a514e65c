package search_test

import (
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/iconlib/iconlib/build"
	"github.com/iconlib/iconlib/build/eval"
	"github.com/iconlib/iconlib/internal/search"
)

var library struct {
	once sync.Once
	emb  search.Embedder
	ix   *search.Index
	err  error
}

// libraryIndex builds the index of the real library in memory as a build would (its thesaurus, its
// retrofitted word vectors), once per test binary.
func libraryIndex(t testing.TB) *search.Index {
	t.Helper()
	library.once.Do(func() {
		var docs []search.Doc
		if docs, library.err = build.SearchDocs("../../content"); library.err != nil {
			return
		}
		library.ix, library.emb, library.err = build.NewSearchIndex("../../content", docs)
	})
	if library.err != nil {
		t.Fatal(library.err)
	}
	return library.ix
}

// libraryEmbedder is the embedder of libraryIndex.
func libraryEmbedder(t testing.TB) search.Embedder {
	libraryIndex(t)
	return library.emb
}

func readEvalSet(t testing.TB, name string) []eval.Query {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	qs, err := eval.ReadSet(f)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return qs
}
