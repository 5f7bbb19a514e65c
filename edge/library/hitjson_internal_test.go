package library

import (
	"encoding/json"
	"math"
	"testing"
)

// TestAppendScoreIsWhatEncodingJSONWrites: a score is written as encoding/json writes a float64, in the
// decimal form and, below 1e-6 and from 1e21, the exponent form.
func TestAppendScoreIsWhatEncodingJSONWrites(t *testing.T) {
	for _, f := range []float64{0, 1, 0.5, 1.0 / 3, 0.1 + 0.2, 0.000001, 0.00000099999, 1e-7, 2.5e-12,
		123456789, 1e20, 1e21, -0.25, float64(float32(0.7)), math.SmallestNonzeroFloat64} {
		want, err := json.Marshal(f)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := appendScore([]byte("x"), f); err != nil || string(got) != "x"+string(want) {
			t.Errorf("%g: %s (%v), want x%s", f, got, err, want)
		}
	}
	if _, err := appendScore(nil, math.NaN()); err == nil {
		t.Error("NaN: no error; encoding/json refuses it")
	}
}
