package search

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/iconlib/iconlib/internal/contract"
)

// OpenIcons opens the icon index of a built public/ directory with the word vectors it was built with.
func OpenIcons(publicDir string) (*Index, error) {
	emb, err := LoadEmbedder(publicDir)
	if err == nil {
		var ix *Index
		if ix, err = Open(filepath.Join(publicDir, filepath.FromSlash(contract.IconIndexDir)), emb); err == nil {
			return ix, nil
		}
	}
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("public directory %s holds no build (run `iconlib build` first): %w", publicDir, err)
	}
	return nil, err
}

// CheckOptions refuses options WriteRanking cannot honour, saying what is allowed: a limit outside 1 to
// contract.REST.LimitMax, or a group no document has (naming the groups closest to it).
func (ix *Index) CheckOptions(o Options) error {
	if o.Limit < 1 || o.Limit > contract.REST.LimitMax {
		return fmt.Errorf("limit %d: want 1 to %d", o.Limit, contract.REST.LimitMax)
	}
	if o.Group == "" {
		return nil
	}
	groups := map[string]bool{}
	for _, d := range ix.docs {
		groups[d.Group] = true
	}
	if groups[o.Group] {
		return nil
	}
	short := func(s string) string { return s[:min(len(s), maxWordLen)] }
	away := func(g string) int { return osaDistance(short(strings.ToLower(o.Group)), short(g), maxWordLen) }
	names := slices.Sorted(maps.Keys(groups))
	slices.SortStableFunc(names, func(a, b string) int { return cmp.Compare(away(a), away(b)) })
	return fmt.Errorf("no category %q; the closest: %s", o.Group, strings.Join(names[:min(5, len(names))], ", "))
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
