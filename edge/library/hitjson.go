package library

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
)

// hitJSON is an icon's summary as encoding/json writes an IconHit, cut where the score goes: head ends
// with `"score":`, tail is the rest. A search's items are then joined from these with the scores between,
// instead of encoding every field of every hit again (a third of an uncached REST search's CPU beside the
// ranking).
type hitJSON struct{ head, tail []byte }

// scoreKey is what precedes an IconHit's score in its JSON; a key comes after a comma outside any string
// (inside one a quote is escaped), so its first occurrence is the key.
const scoreKey = `,"score":`

// encodeSummaries cuts each summary's JSON around its score.
func encodeSummaries(summaries []IconHit) ([]hitJSON, error) {
	out := make([]hitJSON, len(summaries))
	for i, s := range summaries {
		s.Score = 0
		b, err := json.Marshal(s)
		if err != nil {
			return nil, fmt.Errorf("icon %s: %w", s.ID, err)
		}
		cut := bytes.Index(b, []byte(scoreKey+"0"))
		if cut < 0 {
			return nil, fmt.Errorf("icon %s: no score in %s", s.ID, b)
		}
		cut += len(scoreKey)
		out[i] = hitJSON{head: b[:cut:cut], tail: b[cut+1:]}
	}
	return out, nil
}

// AppendIconHits appends the hits of s (from Check) to b as a JSON array, the bytes encoding/json writes
// of SearchIcons' hits, and returns how many there are; errors are SearchIcons'. Nothing is allocated but
// b's growth: a search answered from the rankings cache costs what copying its bytes costs.
func (l *Library) AppendIconHits(b []byte, s Search) ([]byte, int, error) {
	ranking, err := l.rankIcons(s)
	if err != nil {
		return nil, 0, err
	}
	b = append(b, '[')
	for k, r := range ranking {
		if k > 0 {
			b = append(b, ',')
		}
		b = append(b, l.hitJSON[r.icon].head...)
		if b, err = appendScore(b, r.score); err != nil {
			return nil, 0, err
		}
		b = append(b, l.hitJSON[r.icon].tail...)
	}
	return append(b, ']'), len(ranking), nil
}

// appendScore appends f as encoding/json writes a float64: shortest decimal, in exponent form only
// outside [1e-6, 1e21), which scores (0 to 1) reach only when tiny; those take encoding/json itself.
func appendScore(b []byte, f float64) ([]byte, error) {
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) || math.IsNaN(f) {
		e, err := json.Marshal(f)
		return append(b, e...), err
	}
	return strconv.AppendFloat(b, f, 'f', -1, 64), nil
}
