package contract

import "testing"

func TestRelevanceStrong(t *testing.T) {
	for _, tc := range []struct {
		name   string
		scores []float64
		want   int
	}{
		{"none", nil, 0},
		{"one", []float64{0.1}, 1},
		{"an exact name keeps its close family", []float64{0.988, 0.387, 0.381, 0.373, 0.264, 0.111, 0.056}, 5},
		{"a cliff after the good matches", []float64{0.378, 0.347, 0.27, 0.171, 0.063}, 3},
		{"a lone strong hit over a flat tail", []float64{0.373, 0.057, 0.051, 0.05}, 1},
		{"a flat list keeps everything", []float64{0.42, 0.39, 0.38, 0.37}, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Relevance.Strong(tc.scores); got != tc.want {
				t.Errorf("Strong(%v) = %d, want %d", tc.scores, got, tc.want)
			}
		})
	}
}
