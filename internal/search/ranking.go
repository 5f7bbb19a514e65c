package search

import (
	"fmt"
	"io"
	"path/filepath"
	"text/tabwriter"

	"github.com/iconlib/iconlib/internal/contract"
)

// OpenIcons opens the icon index of a built public/ directory with the word vectors it was built with.
func OpenIcons(publicDir string) (*Index, error) {
	emb, err := LoadEmbedder(publicDir)
	if err != nil {
		return nil, err
	}
	return Open(filepath.Join(publicDir, filepath.FromSlash(contract.IconIndexDir)), emb)
}

// WriteRanking ranks query with the fused ranking (semantic: by meaning alone) and writes the hits to w
// as iconlib search prints them: id, score, name and the document's text (what it was matched on), one a
// line, best first; or "no matches".
func (ix *Index) WriteRanking(w io.Writer, query string, o Options, semantic bool) error {
	rank := ix.Search
	if semantic {
		rank = ix.Semantic
	}
	hits, err := rank(query, o)
	if err != nil {
		return err
	}
	if len(hits) == 0 {
		_, err := fmt.Fprintln(w, "no matches")
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, h := range hits {
		d, _ := ix.Doc(h.ID)
		fmt.Fprintf(tw, "%s\t%.3f\t%s\t%s\n", h.ID, h.Score, d.Name, d.Text)
	}
	return tw.Flush()
}
