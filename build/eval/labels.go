package eval

import (
	"bufio"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io"
	"strings"

	"github.com/iconlib/iconlib/internal/wordvec"
)

// Query is one labelled query of an evaluation set (one JSON object per line). Relevance is graded:
// Relevant are the best answers (grade 2), Acceptable ones a user would also take (grade 1). Avoid lists
// answers that must not be in the top 5 (the opposite of what the query asks for: an antonym trap).
type Query struct {
	Query      string   `json:"query"`
	Kind       string   `json:"kind"`                 // exact, typo, realword, synonym, meaning, multiword, generic, antonym; requests.jsonl also concept, action, variant
	Relevant   []string `json:"relevant"`             // the best answers
	Acceptable []string `json:"acceptable,omitempty"` // answers that also do
	Avoid      []string `json:"avoid,omitempty"`      // answers that must not be in the top 5
	Source     string   `json:"source,omitempty"`     // where a person wrote the request (requests.jsonl)
}

// ReadSet reads an evaluation set, one Query per line; blank lines are skipped.
func ReadSet(r io.Reader) ([]Query, error) {
	var qs []Query
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var q Query
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
func Half(q Query) string {
	h := fnv.New32a()
	h.Write([]byte(strings.Join(wordvec.Tokenize(q.Query), " ")))
	if h.Sum32()%2 == 0 {
		return Tuning
	}
	return HeldOut
}

// Split divides qs into its Tuning and HeldOut halves, keeping their order.
func Split(qs []Query) (tuning, heldOut []Query) {
	for _, q := range qs {
		if Half(q) == Tuning {
			tuning = append(tuning, q)
		} else {
			heldOut = append(heldOut, q)
		}
	}
	return tuning, heldOut
}
