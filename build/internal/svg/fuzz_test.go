package svg

import "testing"

// FuzzParsePath checks that ParsePath never panics and only returns finite points. The seed corpus
// is in testdata/fuzz/FuzzParsePath.
func FuzzParsePath(f *testing.F) {
	f.Fuzz(func(t *testing.T, d string) {
		cs, err := ParsePath(d)
		if err != nil {
			if cs != nil {
				t.Errorf("ParsePath(%q) returned contours with error %v", d, err)
			}
			return
		}
		for _, c := range cs {
			if !c.Start.finite() {
				t.Fatalf("ParsePath(%q): start %v is not finite", d, c.Start)
			}
			for _, s := range c.Segments {
				if !s.finite() {
					t.Fatalf("ParsePath(%q): segment %v is not finite", d, s)
				}
			}
		}
		Bounds(cs)
	})
}
