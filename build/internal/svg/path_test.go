package svg

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

// pt, ln and cb keep the expected contours short.
func pt(x, y float64) Point { return Point{x, y} }

func ln(x0, y0, x1, y1 float64) Cubic { return line(pt(x0, y0), pt(x1, y1)) }

func cb(x0, y0, x1, y1, x2, y2, x3, y3 float64) Cubic {
	return Cubic{pt(x0, y0), pt(x1, y1), pt(x2, y2), pt(x3, y3)}
}

const eps = 1e-9

func near(a, b Point) bool { return math.Abs(a.X-b.X) <= eps && math.Abs(a.Y-b.Y) <= eps }

// sameContours compares contours with a tolerance of eps on every coordinate.
func sameContours(a, b []Contour) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Closed != b[i].Closed || !near(a[i].Start, b[i].Start) || len(a[i].Segments) != len(b[i].Segments) {
			return false
		}
		for j, s := range a[i].Segments {
			t := b[i].Segments[j]
			if !near(s.P0, t.P0) || !near(s.C1, t.C1) || !near(s.C2, t.C2) || !near(s.P3, t.P3) {
				return false
			}
		}
	}
	return true
}

func TestParsePath(t *testing.T) {
	tests := []struct {
		name string
		d    string
		want []Contour
	}{
		{"empty", "", nil},
		{"whitespace only", " \t\r\n", nil},
		{"single point", "M10 20", []Contour{{Start: pt(10, 20)}}},
		{"single closed point", "M5 5z", []Contour{{Start: pt(5, 5), Closed: true}}},
		{"moveto after moveto", "M1 1 m2 2", []Contour{{Start: pt(1, 1)}, {Start: pt(3, 3)}}},
		{"leading relative moveto", "m5 5l1 1", []Contour{{Start: pt(5, 5), Segments: []Cubic{ln(5, 5, 6, 6)}}}},

		// Lines.
		{"L absolute", "M0 0 L10 0 L10 10", []Contour{{Start: pt(0, 0), Segments: []Cubic{ln(0, 0, 10, 0), ln(10, 0, 10, 10)}}}},
		{"l relative", "m1 1 l10 0 l0 10", []Contour{{Start: pt(1, 1), Segments: []Cubic{ln(1, 1, 11, 1), ln(11, 1, 11, 11)}}}},
		{"L implicit", "M0 0 L1 2 3 4", []Contour{{Start: pt(0, 0), Segments: []Cubic{ln(0, 0, 1, 2), ln(1, 2, 3, 4)}}}},
		{"M implicit lineto", "M0 0 10 10 20 0", []Contour{{Start: pt(0, 0), Segments: []Cubic{ln(0, 0, 10, 10), ln(10, 10, 20, 0)}}}},
		{"m implicit relative lineto", "m1 1 2 2 1 0", []Contour{{Start: pt(1, 1), Segments: []Cubic{ln(1, 1, 3, 3), ln(3, 3, 4, 3)}}}},
		{"H V absolute", "M1 2 H5 V7", []Contour{{Start: pt(1, 2), Segments: []Cubic{ln(1, 2, 5, 2), ln(5, 2, 5, 7)}}}},
		{"h v relative", "M1 2 h4 v5 h-1 v-2", []Contour{{Start: pt(1, 2), Segments: []Cubic{ln(1, 2, 5, 2), ln(5, 2, 5, 7), ln(5, 7, 4, 7), ln(4, 7, 4, 5)}}}},
		{"H implicit", "M0 0 H1 2", []Contour{{Start: pt(0, 0), Segments: []Cubic{ln(0, 0, 1, 0), ln(1, 0, 2, 0)}}}},
		{"v implicit", "M0 0 v1 2", []Contour{{Start: pt(0, 0), Segments: []Cubic{ln(0, 0, 0, 1), ln(0, 1, 0, 3)}}}},

		// Cubics.
		{"C absolute", "M0 0 C1 2 3 4 5 6", []Contour{{Start: pt(0, 0), Segments: []Cubic{cb(0, 0, 1, 2, 3, 4, 5, 6)}}}},
		{"c relative", "M1 1 c1 2 3 4 5 6", []Contour{{Start: pt(1, 1), Segments: []Cubic{cb(1, 1, 2, 3, 4, 5, 6, 7)}}}},
		{"c implicit", "M0 0 c1 1 2 2 3 3 1 1 2 2 3 3", []Contour{{Start: pt(0, 0), Segments: []Cubic{cb(0, 0, 1, 1, 2, 2, 3, 3), cb(3, 3, 4, 4, 5, 5, 6, 6)}}}},
		{"S after C reflects", "M0 0 C0 10 10 10 10 0 S20 -10 20 0", []Contour{{Start: pt(0, 0), Segments: []Cubic{
			cb(0, 0, 0, 10, 10, 10, 10, 0), cb(10, 0, 10, -10, 20, -10, 20, 0)}}}},
		{"s after c reflects", "M0 0 c0 10 10 10 10 0 s10 -10 10 0", []Contour{{Start: pt(0, 0), Segments: []Cubic{
			cb(0, 0, 0, 10, 10, 10, 10, 0), cb(10, 0, 10, -10, 20, -10, 20, 0)}}}},
		{"S after S reflects", "M0 0 S1 1 2 0 S4 -1 4 0", []Contour{{Start: pt(0, 0), Segments: []Cubic{
			cb(0, 0, 0, 0, 1, 1, 2, 0), cb(2, 0, 3, -1, 4, -1, 4, 0)}}}},
		{"s implicit reflects", "M0 0 s1 1 2 0 2 -1 2 0", []Contour{{Start: pt(0, 0), Segments: []Cubic{
			cb(0, 0, 0, 0, 1, 1, 2, 0), cb(2, 0, 3, -1, 4, -1, 4, 0)}}}},
		{"S after L uses current point", "M0 0 L10 0 S20 10 30 0", []Contour{{Start: pt(0, 0), Segments: []Cubic{
			ln(0, 0, 10, 0), cb(10, 0, 10, 0, 20, 10, 30, 0)}}}},
		{"S after Q uses current point", "M0 0 Q3 6 6 0 S8 2 9 0", []Contour{{Start: pt(0, 0), Segments: []Cubic{
			cb(0, 0, 2, 4, 4, 4, 6, 0), cb(6, 0, 6, 0, 8, 2, 9, 0)}}}},
		{"S first after M", "M1 1 S2 2 3 1", []Contour{{Start: pt(1, 1), Segments: []Cubic{cb(1, 1, 1, 1, 2, 2, 3, 1)}}}},

		// Quadratics: C1 = P0 + 2/3 (Q - P0), C2 = P3 + 2/3 (Q - P3).
		{"Q absolute", "M0 0 Q3 6 6 0", []Contour{{Start: pt(0, 0), Segments: []Cubic{cb(0, 0, 2, 4, 4, 4, 6, 0)}}}},
		{"q relative", "M1 1 q3 6 6 0", []Contour{{Start: pt(1, 1), Segments: []Cubic{cb(1, 1, 3, 5, 5, 5, 7, 1)}}}},
		{"T after Q reflects", "M0 0 Q3 6 6 0 T12 0", []Contour{{Start: pt(0, 0), Segments: []Cubic{
			cb(0, 0, 2, 4, 4, 4, 6, 0), cb(6, 0, 8, -4, 10, -4, 12, 0)}}}},
		{"t after q reflects", "M0 0 q3 6 6 0 t6 0", []Contour{{Start: pt(0, 0), Segments: []Cubic{
			cb(0, 0, 2, 4, 4, 4, 6, 0), cb(6, 0, 8, -4, 10, -4, 12, 0)}}}},
		{"T after T reflects", "M0 0 Q3 6 6 0 T12 0 T18 0", []Contour{{Start: pt(0, 0), Segments: []Cubic{
			cb(0, 0, 2, 4, 4, 4, 6, 0), cb(6, 0, 8, -4, 10, -4, 12, 0), cb(12, 0, 14, 4, 16, 4, 18, 0)}}}},
		{"T implicit reflects", "M0 0 Q3 6 6 0 T12 0 18 0", []Contour{{Start: pt(0, 0), Segments: []Cubic{
			cb(0, 0, 2, 4, 4, 4, 6, 0), cb(6, 0, 8, -4, 10, -4, 12, 0), cb(12, 0, 14, 4, 16, 4, 18, 0)}}}},
		{"T after L uses current point", "M0 0 L6 0 T12 0", []Contour{{Start: pt(0, 0), Segments: []Cubic{
			ln(0, 0, 6, 0), cb(6, 0, 6, 0, 8, 0, 12, 0)}}}},
		{"T after C uses current point", "M0 0 C0 1 1 1 1 0 T4 0", []Contour{{Start: pt(0, 0), Segments: []Cubic{
			cb(0, 0, 0, 1, 1, 1, 1, 0), cb(1, 0, 1, 0, 2, 0, 4, 0)}}}},

		// Closepath and subpaths.
		{"Z adds closing segment", "M0 0 L10 0 L10 10 Z", []Contour{{Start: pt(0, 0), Closed: true, Segments: []Cubic{
			ln(0, 0, 10, 0), ln(10, 0, 10, 10), ln(10, 10, 0, 0)}}}},
		{"z at start adds nothing", "M0 0 L10 0 L0 0 z", []Contour{{Start: pt(0, 0), Closed: true, Segments: []Cubic{
			ln(0, 0, 10, 0), ln(10, 0, 0, 0)}}}},
		{"double z", "M0 0 L1 1 z z", []Contour{{Start: pt(0, 0), Closed: true, Segments: []Cubic{ln(0, 0, 1, 1), ln(1, 1, 0, 0)}}}},
		{"drawing after z starts at subpath start", "M2 2 L10 2 z l5 5", []Contour{
			{Start: pt(2, 2), Closed: true, Segments: []Cubic{ln(2, 2, 10, 2), ln(10, 2, 2, 2)}},
			{Start: pt(2, 2), Segments: []Cubic{ln(2, 2, 7, 7)}}}},
		{"m after z is relative to subpath start", "M10 10 l5 0 z m1 1 h1", []Contour{
			{Start: pt(10, 10), Closed: true, Segments: []Cubic{ln(10, 10, 15, 10), ln(15, 10, 10, 10)}},
			{Start: pt(11, 11), Segments: []Cubic{ln(11, 11, 12, 11)}}}},
		{"S after z uses current point", "M0 0 C0 1 1 1 1 0 z S1 1 2 0", []Contour{
			{Start: pt(0, 0), Closed: true, Segments: []Cubic{cb(0, 0, 0, 1, 1, 1, 1, 0), ln(1, 0, 0, 0)}},
			{Start: pt(0, 0), Segments: []Cubic{cb(0, 0, 0, 0, 1, 1, 2, 0)}}}},
		{"two subpaths", "M0 0 L1 1 M5 5 L6 6", []Contour{
			{Start: pt(0, 0), Segments: []Cubic{ln(0, 0, 1, 1)}},
			{Start: pt(5, 5), Segments: []Cubic{ln(5, 5, 6, 6)}}}},

		// Number and separator syntax.
		{"compact numbers", "M-.5.5L1e-3,2E+1", []Contour{{Start: pt(-0.5, 0.5), Segments: []Cubic{ln(-0.5, 0.5, 0.001, 20)}}}},
		{"sign separates", "M10-5l-1-1", []Contour{{Start: pt(10, -5), Segments: []Cubic{ln(10, -5, 9, -6)}}}},
		{"commas", "M0,0L1,1,2,2", []Contour{{Start: pt(0, 0), Segments: []Cubic{ln(0, 0, 1, 1), ln(1, 1, 2, 2)}}}},
		{"comma with spaces", "M0 , 0 L 1 ,1", []Contour{{Start: pt(0, 0), Segments: []Cubic{ln(0, 0, 1, 1)}}}},
		{"all whitespace kinds", "  M 0 0\n\tL\r1 1\f ", []Contour{{Start: pt(0, 0), Segments: []Cubic{ln(0, 0, 1, 1)}}}},

		// Arcs whose result is exact.
		{"zero radius arc is a line", "M0 0 A0 5 0 0 1 10 0", []Contour{{Start: pt(0, 0), Segments: []Cubic{ln(0, 0, 10, 0)}}}},
		{"arc to current point is omitted", "M3 4 A5 5 0 0 1 3 4", []Contour{{Start: pt(3, 4)}}},
		{"arc to current point then line", "M3 4 a5 5 0 0 1 0 0 l1 0", []Contour{{Start: pt(3, 4), Segments: []Cubic{ln(3, 4, 4, 4)}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParsePath(tt.d)
			if err != nil {
				t.Fatalf("ParsePath(%q): %v", tt.d, err)
			}
			if !sameContours(got, tt.want) {
				t.Errorf("ParsePath(%q)\n got %v\nwant %v", tt.d, got, tt.want)
			}
		})
	}
}

// TestParsePathEquivalent checks spellings that must mean the same path.
func TestParsePathEquivalent(t *testing.T) {
	tests := []struct{ a, b string }{
		{"M0 0a1 1 0 00 1 1", "M0 0 a1 1 0 0 0 1 1"},
		{"M0 0a1 1 0 1110 10", "M0 0 a1 1 0 1 1 10 10"},
		{"M0 0a2 2 0 0,1-2-2", "M0 0 a2 2 0 0 1 -2 -2"},
		{"M0 0a1,1,0,1,0,3,0", "M0 0 a1 1 0 1 0 3 0"},
		{"M0 0A5 5 0 0 1 10 0", "M0 0 a5 5 0 0 1 10 0"},
		{"M0 0A5 5 0 0 1 10 0 5 5 0 0 1 20 0", "M0 0 A5 5 0 0 1 10 0 A5 5 0 0 1 20 0"},
		{"M0 0A1 1 0 0 1 10 0", "M0 0 A5 5 0 0 1 10 0"},      // radii scaled up
		{"M0 0A-5 -5 0 0 1 10 0", "M0 0 A5 5 0 0 1 10 0"},    // negative radii
		{"M0 0A10 5 390 0 1 10 7", "M0 0 A10 5 30 0 1 10 7"}, // rotation modulo 360
		{"M0 0A5 5 45 0 1 10 0", "M0 0 A5 5 0 0 1 10 0"},     // rotation of a circle
		{"M0 0L5 5", "M0 0 5 5"},
		{"m0 0l5 5", "m0 0 5 5"},
	}
	for _, tt := range tests {
		a, err := ParsePath(tt.a)
		if err != nil {
			t.Fatalf("ParsePath(%q): %v", tt.a, err)
		}
		b, err := ParsePath(tt.b)
		if err != nil {
			t.Fatalf("ParsePath(%q): %v", tt.b, err)
		}
		if len(a) == 0 || !sameContours(a, b) {
			t.Errorf("ParsePath(%q) = %v\nParsePath(%q) = %v", tt.a, a, tt.b, b)
		}
	}
}

func TestParsePathErrors(t *testing.T) {
	tests := []struct {
		d, want string
	}{
		{"L0 0", `path data at 0: expected moveto ("M" or "m"), found "L"`},
		{"  z", `path data at 2: expected moveto ("M" or "m"), found "z"`},
		{"0 0", `path data at 0: expected moveto ("M" or "m"), found "0"`},
		{"M0 0 L10 10 l", `path data at 13: expected number after "l"`},
		{"M4 17v2a2 2 l", `path data at 12: expected number after "a"`},
		{"M4 17v2a2 2 0 l", `path data at 14: expected flag (0 or 1) after "a", found "l"`},
		{"M0 0 L1", `path data at 7: expected number after "L"`},
		{"M0 0 L1 x", `path data at 8: expected number after "L"`},
		{"M0 0 C1 1 2 2", `path data at 13: expected number after "C"`},
		{"M0 0 c1 1 2 2 3 3 4", `path data at 19: expected number after "c"`},
		{"M 0 0 L - 1", `path data at 8: expected number after "L"`},
		{"M,0 0", `path data at 1: expected number after "M"`},
		{"M0 0 L1 1 -", `path data at 10: expected number after "L"`},
		{"M0 0 A1 1 0 2 0 1 1", `path data at 12: expected flag (0 or 1) after "A", found "2"`},
		{"M0 0 a1 1 0 0", `path data at 13: expected flag (0 or 1) after "a", found end of data`},
		{"M0 0 Z 1 1", `path data at 7: expected command after "Z", found "1"`},
		{"M0 0 X", `path data at 5: unexpected character "X"`},
		{"M0 0 L1 1e", `path data at 9: unexpected character "e"`},
		{"M0 0 L1 1 ∑", `path data at 10: unexpected character "∑"`},
		{"M0 0 z,", `path data at 6: unexpected character ","`},
		{"M0 0,", `path data at 5: expected number after ",", found end of data`},
		{"M0 0,L1 1", `path data at 5: expected number after ",", found "L"`},
		{"M0 0 L1,,1", `path data at 8: expected number after "L"`},
		{"M1e999 0", `path data at 1: number out of range`},
		{"M0 0 L0 -1e400", `path data at 8: number out of range`},
		{"M1e308 0 m1e308 0", `path data at 9: coordinate out of range in "m"`},
		{"M1e308 0 h1e308", `path data at 9: coordinate out of range in "h"`},
		{"M0 0 c1e308 0 1e308 0 1e308 0 1e308 0 1e308 0 1e308 0", `path data at 30: coordinate out of range in "c"`},
		{"M0 0 NaN", `path data at 5: unexpected character "N"`},
		{"M0 0 L Inf 0", `path data at 7: expected number after "L"`},
		{strings.Repeat("M0 0", 1<<14) + " ", `path data: 65537 bytes exceeds the limit of 65536`},
	}
	for _, tt := range tests {
		got, err := ParsePath(tt.d)
		if err == nil {
			t.Errorf("ParsePath(%.40q) = %v, want error %q", tt.d, got, tt.want)
			continue
		}
		if err.Error() != tt.want {
			t.Errorf("ParsePath(%.40q) error\n got %q\nwant %q", tt.d, err, tt.want)
		}
		if got != nil {
			t.Errorf("ParsePath(%.40q) returned contours with an error", tt.d)
		}
	}
}

func TestParsePathLimit(t *testing.T) {
	d := strings.Repeat("M0 0", 1<<14) // exactly 64 KiB
	cs, err := ParsePath(d)
	if err != nil || len(cs) != 1<<14 {
		t.Errorf("64 KiB of path data: %d contours, error %v", len(cs), err)
	}
}

var benchPaths = []string{
	"M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2 -2v-2",
	"M7 3.34a10 10 0 1 1 -4.995 8.984l-.005 -.324l.005 -.324a10 10 0 0 1 4.995 -8.336z",
	"M16 21h3c.81 0 1.48 -.67 1.48 -1.48l.02 -.02c0 -.82 -.69 -1.5 -1.5 -1.5h-3v3",
	"M12 2c5.523 0 10 4.477 10 10s-4.477 10 -10 10s-10 -4.477 -10 -10s4.477 -10 10 -10zm0 5a1 1 0 0 0 -1 1v3h-3a1 1 0 0 0 0 2h3v3a1 1 0 0 0 2 0v-3h3a1 1 0 0 0 0 -2h-3v-3a1 1 0 0 0 -1 -1z",
	"M3 12a9 9 0 1 0 18 0a9 9 0 0 0 -18 0M9 12l2 2l4 -4",
}

func BenchmarkParsePath(b *testing.B) {
	for _, d := range benchPaths {
		b.Run(fmt.Sprintf("%d", len(d)), func(b *testing.B) {
			b.SetBytes(int64(len(d)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := ParsePath(d); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
