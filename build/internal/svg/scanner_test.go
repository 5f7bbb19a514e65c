package svg

import "testing"

func TestScannerNumbers(t *testing.T) {
	tests := []struct {
		in   string
		want []float64
		rest string // unread input after the numbers
	}{
		{"0", []float64{0}, ""},
		{"-.5.5", []float64{-0.5, 0.5}, ""},
		{"1e-3", []float64{0.001}, ""},
		{"1E+2", []float64{100}, ""},
		{"10-5", []float64{10, -5}, ""},
		{"+.5", []float64{0.5}, ""},
		{"1.", []float64{1}, ""},
		{"1.e2", []float64{100}, ""},
		{"1.5.5", []float64{1.5, 0.5}, ""},
		{"3,4 5\t6", []float64{3, 4, 5, 6}, ""},
		{"1e", []float64{1}, "e"},
		{"1e+", []float64{1}, "e+"},
		{"1em", []float64{1}, "em"},
		{"2.5e-1z", []float64{0.25}, "z"},
		{"1e-400", []float64{0}, ""},
	}
	for _, tt := range tests {
		sc := scanner{s: tt.in}
		var got []float64
		for {
			v, err := sc.number()
			if err != nil {
				break
			}
			got = append(got, v)
			sc.skipCommaWS()
		}
		if len(got) != len(tt.want) || sc.s[sc.pos:] != tt.rest {
			t.Errorf("%q: got %v, rest %q; want %v, rest %q", tt.in, got, sc.s[sc.pos:], tt.want, tt.rest)
			continue
		}
		for i := range got {
			if got[i] != tt.want[i] {
				t.Errorf("%q: got %v, want %v", tt.in, got, tt.want)
				break
			}
		}
	}
}

func TestScannerNumberErrors(t *testing.T) {
	tests := []struct {
		in   string
		want error
	}{
		{"", errNoNumber},
		{"-", errNoNumber},
		{".", errNoNumber},
		{"+-1", errNoNumber},
		{".e5", errNoNumber},
		{"e5", errNoNumber},
		{"NaN", errNoNumber},
		{"Inf", errNoNumber},
		{"1e400", errRange},
		{"-1e309", errRange},
	}
	for _, tt := range tests {
		sc := scanner{s: tt.in}
		if _, err := sc.number(); err != tt.want {
			t.Errorf("%q: err = %v, want %v", tt.in, err, tt.want)
		}
		if sc.pos != 0 {
			t.Errorf("%q: position moved to %d on error", tt.in, sc.pos)
		}
	}
}
