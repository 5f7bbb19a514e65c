package search

import (
	"bufio"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/iconlib/iconlib/internal/wordvec"
)

// EvalQuery is one labelled query of an evaluation set (one JSON object per line). Relevance is graded:
// Relevant are the best answers (grade 2), Acceptable ones a user would also take (grade 1). Avoid lists
// answers that must not be in the top 5 (the opposite of what the query asks for: an antonym trap).
type EvalQuery struct {
	Query      string   `json:"query"`
	Kind       string   `json:"kind"`                 // exact, typo, realword, synonym, meaning, multiword, generic, antonym
	Relevant   []string `json:"relevant"`             // the best answers
	Acceptable []string `json:"acceptable,omitempty"` // answers that also do
	Avoid      []string `json:"avoid,omitempty"`      // answers that must not be in the top 5
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

// Halves of an evaluation set: weights are tuned on the first and reported on the second.
const (
	Tuning  = "tuning"
	HeldOut = "held-out"
)

// Half is the half of an evaluation set a query belongs to, decided by a hash of its normalised words, so
// it never changes when queries are added, removed or reordered, and a query written twice lands in one half.
func Half(q EvalQuery) string {
	h := fnv.New32a()
	h.Write([]byte(strings.Join(wordvec.Tokenize(q.Query), " ")))
	if h.Sum32()%2 == 0 {
		return Tuning
	}
	return HeldOut
}

// Split divides qs into its Tuning and HeldOut halves, keeping their order.
func Split(qs []EvalQuery) (tuning, heldOut []EvalQuery) {
	for _, q := range qs {
		if Half(q) == Tuning {
			tuning = append(tuning, q)
		} else {
			heldOut = append(heldOut, q)
		}
	}
	return tuning, heldOut
}

// Metrics sum up a ranking over N queries:
//   - MRR@10: the mean reciprocal rank of the first best answer within the top 10;
//   - nDCG@10: discounted cumulative gain of the top 10 (gain 3 for a best answer, 1 for an acceptable one)
//     over that of the ideal ranking;
//   - P@5: the share of the top 5 that are best or acceptable answers;
//   - hit@k: the share of queries with a best answer in the top k;
//   - Trapped: the queries with an answer to avoid in the top 5.
type Metrics struct {
	N                                int
	MRR, NDCG, P5, Hit1, Hit3, Hit10 float64
	Misses, FirstMiss, Trapped       []string // no best answer in the top 10; a wrong first answer; an answer to avoid in the top 5
	traps                            int
	rr                               []float64 // each query's reciprocal rank
}

// Traps is the number of queries with answers to avoid among those measured.
func (m *Metrics) Traps() int { return m.traps }

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
		r := score(q, hits[:min(len(hits), 10)])
		if out[q.Kind] == nil {
			out[q.Kind] = &Metrics{}
		}
		out[q.Kind].add(q, r)
		out[Overall].add(q, r)
	}
	for _, m := range out {
		n := float64(max(m.N, 1))
		m.MRR, m.NDCG, m.P5, m.Hit1, m.Hit3, m.Hit10 = m.MRR/n, m.NDCG/n, m.P5/n, m.Hit1/n, m.Hit3/n, m.Hit10/n
	}
	return out, nil
}

// MRRInterval is the 95% bootstrap interval of MRR: where it would fall on another set of queries like
// these (resampled with replacement, percentiles of the means). A change inside it may be chance.
func (m *Metrics) MRRInterval() (lo, hi float64) { return bootstrapInterval(m.rr) }

// bootstrapResamples is how many resampled sets bootstrapInterval draws: enough for the 2.5th and 97.5th
// percentiles to settle to the printed third decimal.
const bootstrapResamples = 4000

// bootstrapInterval returns the 95% percentile bootstrap interval of the mean of xs. The draws come from a
// fixed seed, so one set of results always gives one interval.
func bootstrapInterval(xs []float64) (lo, hi float64) {
	if len(xs) == 0 {
		return 0, 0
	}
	rng := rand.New(rand.NewPCG(1, 2))
	means := make([]float64, bootstrapResamples)
	for b := range means {
		var sum float64
		for range xs {
			sum += xs[rng.IntN(len(xs))]
		}
		means[b] = sum / float64(len(xs))
	}
	slices.Sort(means)
	return means[bootstrapResamples*25/1000], means[bootstrapResamples*975/1000-1]
}

// scored is how one ranking of one query did.
type scored struct {
	rr, ndcg, p5 float64
	first        int  // where the first best answer is, -1 for nowhere
	trapped      bool // an answer to avoid is in the top 5
}

// score measures the top 10 hits of q.
func score(q EvalQuery, hits []Hit) scored {
	r := scored{first: -1}
	dcg := 0.0
	for i, h := range hits {
		g := q.grade(h.ID)
		if g == 2 && r.first < 0 {
			r.first, r.rr = i, 1/float64(i+1)
		}
		dcg += gain(g, i)
		if i < 5 && g > 0 {
			r.p5 += 0.2
		}
		if i < 5 && slices.Contains(q.Avoid, h.ID) {
			r.trapped = true
		}
	}
	r.ndcg = dcg / q.idealDCG()
	return r
}

// grade is 2 for a best answer of q, 1 for an acceptable one, else 0.
func (q EvalQuery) grade(id string) int {
	switch {
	case slices.Contains(q.Relevant, id):
		return 2
	case slices.Contains(q.Acceptable, id):
		return 1
	}
	return 0
}

// idealDCG is the discounted cumulative gain of the best ranking of q's answers: its best answers first.
func (q EvalQuery) idealDCG() float64 {
	var ideal []int
	for range q.Relevant {
		ideal = append(ideal, 2)
	}
	for _, id := range q.Acceptable {
		if !slices.Contains(q.Relevant, id) {
			ideal = append(ideal, 1)
		}
	}
	idcg := 0.0
	for i, g := range ideal[:min(len(ideal), 10)] {
		idcg += gain(g, i)
	}
	return idcg
}

// gain is the discounted gain of an answer of grade g at place i (from 0).
func gain(g, i int) float64 { return (math.Exp2(float64(g)) - 1) / math.Log2(float64(i+2)) }

// add counts one query's result.
func (m *Metrics) add(q EvalQuery, r scored) {
	m.N++
	m.MRR += r.rr
	m.rr = append(m.rr, r.rr)
	m.NDCG += r.ndcg
	m.P5 += r.p5
	if r.first == 0 {
		m.Hit1++
	} else {
		m.FirstMiss = append(m.FirstMiss, q.Query)
	}
	if r.first >= 0 && r.first < 3 {
		m.Hit3++
	}
	if r.first >= 0 {
		m.Hit10++
	} else {
		m.Misses = append(m.Misses, q.Query)
	}
	if len(q.Avoid) > 0 {
		m.traps++
		if r.trapped {
			m.Trapped = append(m.Trapped, q.Query)
		}
	}
}

// WriteEvalTable prints one row per ranking and kind (kinds sorted, Overall last).
func WriteEvalTable(w io.Writer, names []string, results []map[string]*Metrics) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "ranking\tkind\tqueries\tMRR@10\t95% interval\tnDCG@10\tP@5\thit@1\thit@3\thit@10\ttrapped\t")
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
			trapped := "-"
			if m.traps > 0 {
				trapped = fmt.Sprintf("%d/%d", len(m.Trapped), m.traps)
			}
			lo, hi := m.MRRInterval()
			fmt.Fprintf(tw, "%s\t%s\t%d\t%.3f\t%.3f–%.3f\t%.3f\t%.3f\t%.3f\t%.3f\t%.3f\t%s\t\n", names[i], k, m.N, m.MRR,
				lo, hi, m.NDCG, m.P5, m.Hit1, m.Hit3, m.Hit10, trapped)
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

// First is a query whose first hit of the fused ranking is known.
type First struct {
	Query string
	ID    string
}

// ReadFirsts reads known first hits, one a line: "query: id", optionally followed by "# why"; blank
// lines and lines starting with "#" are skipped.
func ReadFirsts(r io.Reader) ([]First, error) {
	var fs []First
	const want = `"query: id"`
	err := readKeyed(r, want, func(line int, q, id string) error {
		q, id = strings.TrimSpace(q), strings.TrimSpace(id)
		if q == "" || id == "" || strings.ContainsAny(id, " \t") {
			return fmt.Errorf("line %d: want %s", line, want)
		}
		fs = append(fs, First{q, id})
		return nil
	})
	return fs, err
}

// NotFirst returns the queries of fs whose first hit by rank is not the one they name.
func NotFirst(fs []First, rank func(string, Options) ([]Hit, error)) ([]string, error) {
	var out []string
	for _, f := range fs {
		hits, err := rank(f.Query, Options{Limit: 1})
		if err != nil {
			return nil, fmt.Errorf("%q: %w", f.Query, err)
		}
		if len(hits) == 0 || hits[0].ID != f.ID {
			out = append(out, f.Query)
		}
	}
	return out, nil
}
