package eval

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"text/tabwriter"

	"github.com/iconlib/iconlib/internal/search"
)

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
func Evaluate(qs []Query, rank func(q string, o search.Options) ([]search.Hit, error)) (map[string]*Metrics, error) {
	out := map[string]*Metrics{Overall: {}}
	for _, q := range qs {
		hits, err := rank(q.Query, search.Options{Limit: 10})
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
func score(q Query, hits []search.Hit) scored {
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
func (q Query) grade(id string) int {
	switch {
	case slices.Contains(q.Relevant, id):
		return 2
	case slices.Contains(q.Acceptable, id):
		return 1
	}
	return 0
}

// idealDCG is the discounted cumulative gain of the best ranking of q's answers: its best answers first.
func (q Query) idealDCG() float64 {
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
func (m *Metrics) add(q Query, r scored) {
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

// WriteTable prints one row per ranking and kind (kinds sorted, Overall last).
func WriteTable(w io.Writer, names []string, results []map[string]*Metrics) error {
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
