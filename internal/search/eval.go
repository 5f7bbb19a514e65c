package search

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/iconlib/iconlib/internal/wordvec"
)

// EvalQuery is one labelled query of an evaluation set (one JSON object per line).
type EvalQuery struct {
	Query    string   `json:"query"`
	Kind     string   `json:"kind"`     // exact, typo, synonym, meaning, multiword
	Relevant []string `json:"relevant"` // ids that count as a right answer
}

// ReadEvalSet reads an evaluation set, one EvalQuery per line; blank lines are skipped.
func ReadEvalSet(r io.Reader) ([]EvalQuery, error) {
	var qs []EvalQuery
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var q EvalQuery
		if err := json.Unmarshal(sc.Bytes(), &q); err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		if q.Query == "" || q.Kind == "" || len(q.Relevant) == 0 {
			return nil, fmt.Errorf("line %d: want query, kind and relevant ids", line)
		}
		qs = append(qs, q)
	}
	return qs, sc.Err()
}

// Metrics sum up a ranking over N queries: the mean reciprocal rank of the first right answer within the
// top 10 (MRR@10), and the share of queries with a right answer first (Hit1) or in the top 10 (Hit10).
type Metrics struct {
	N                 int
	MRR, Hit1, Hit10  float64
	Misses, FirstMiss []string // queries without a right answer in the top 10, and with a wrong first answer
}

// Overall is the key of the metrics over every query in an Evaluation.
const Overall = "overall"

// Evaluate ranks every query with rank (Limit 10) and returns the metrics per kind and Overall.
func Evaluate(qs []EvalQuery, rank func(q string, o Options) ([]Hit, error)) (map[string]*Metrics, error) {
	out := map[string]*Metrics{Overall: {}}
	for _, q := range qs {
		hits, err := rank(q.Query, Options{Limit: 10})
		if err != nil {
			return nil, fmt.Errorf("query %q: %w", q.Query, err)
		}
		rr := 0.0
		for i, h := range hits {
			if i < 10 && slices.Contains(q.Relevant, h.ID) {
				rr = 1 / float64(i+1)
				break
			}
		}
		if out[q.Kind] == nil {
			out[q.Kind] = &Metrics{}
		}
		for _, m := range []*Metrics{out[q.Kind], out[Overall]} {
			m.N++
			m.MRR += rr
			if rr == 1 {
				m.Hit1++
			} else {
				m.FirstMiss = append(m.FirstMiss, q.Query)
			}
			if rr > 0 {
				m.Hit10++
			} else {
				m.Misses = append(m.Misses, q.Query)
			}
		}
	}
	for _, m := range out {
		n := float64(max(m.N, 1))
		m.MRR, m.Hit1, m.Hit10 = m.MRR/n, m.Hit1/n, m.Hit10/n
	}
	return out, nil
}

// WriteEvalTable prints one row per ranking and kind (kinds sorted, Overall last).
func WriteEvalTable(w io.Writer, names []string, results []map[string]*Metrics) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "ranking\tkind\tqueries\tMRR@10\thit@1\thit@10\t")
	for i, res := range results {
		var kinds []string
		for k := range res {
			if k != Overall {
				kinds = append(kinds, k)
			}
		}
		sort.Strings(kinds)
		for _, k := range append(kinds, Overall) {
			m := res[k]
			fmt.Fprintf(tw, "%s\t%s\t%d\t%.3f\t%.3f\t%.3f\t\n", names[i], k, m.N, m.MRR, m.Hit1, m.Hit10)
		}
	}
	return tw.Flush()
}

// WordMatch is the baseline the evaluation compares with, matching words the way Iconify's search API
// does: a document matches when every query word equals a word of its id or name (no stems, typos or
// synonyms); shorter names rank first, then document order. Score is the share of the name's words the
// query names.
func (ix *Index) WordMatch(q string, o Options) ([]Hit, error) {
	words := wordvec.Tokenize(q)
	if len(words) == 0 {
		return nil, ErrEmptyQuery
	}
	scores := make([]float32, len(ix.docs))
	for i, d := range ix.docs {
		name := wordvec.Tokenize(d.ID + " " + d.Name)
		all := true
		for _, w := range words {
			all = all && slices.Contains(name, w)
		}
		if all {
			scores[i] = float32(len(words)) / float32(len(wordvec.Tokenize(d.ID)))
		}
	}
	return ix.top(scores, o), nil
}
