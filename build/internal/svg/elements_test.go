package svg

import (
	"strings"
	"testing"
)

func el(name string, kv ...string) Element {
	e := Element{Name: name, Attrs: map[string]string{}}
	for i := 0; i+1 < len(kv); i += 2 {
		e.Attrs[kv[i]] = kv[i+1]
	}
	return e
}

func TestContours(t *testing.T) {
	k5 := kappa * 5 // control distance for radius 5
	k2 := kappa * 2
	tests := []struct {
		name string
		e    Element
		want []Contour
	}{
		{"path", el("path", "d", "M1 2h3"), []Contour{{Start: pt(1, 2), Segments: []Cubic{ln(1, 2, 4, 2)}}}},
		{"empty path", el("path", "d", ""), nil},
		{"circle", el("circle", "cx", "10", "cy", "20", "r", "5"), []Contour{{Start: pt(15, 20), Closed: true, Segments: []Cubic{
			cb(15, 20, 15, 20+k5, 10+k5, 25, 10, 25),
			cb(10, 25, 10-k5, 25, 5, 20+k5, 5, 20),
			cb(5, 20, 5, 20-k5, 10-k5, 15, 10, 15),
			cb(10, 15, 10+k5, 15, 15, 20-k5, 15, 20),
		}}}},
		{"circle at origin by default", el("circle", "r", " 5px "), []Contour{{Start: pt(5, 0), Closed: true, Segments: []Cubic{
			cb(5, 0, 5, k5, k5, 5, 0, 5),
			cb(0, 5, -k5, 5, -5, k5, -5, 0),
			cb(-5, 0, -5, -k5, -k5, -5, 0, -5),
			cb(0, -5, k5, -5, 5, -k5, 5, 0),
		}}}},
		{"ellipse", el("ellipse", "cx", "10", "cy", "20", "rx", "5", "ry", "2"), []Contour{{Start: pt(15, 20), Closed: true, Segments: []Cubic{
			cb(15, 20, 15, 20+k2, 10+k5, 22, 10, 22),
			cb(10, 22, 10-k5, 22, 5, 20+k2, 5, 20),
			cb(5, 20, 5, 20-k2, 10-k5, 18, 10, 18),
			cb(10, 18, 10+k5, 18, 15, 20-k2, 15, 20),
		}}}},
		{"rect", el("rect", "x", "1", "y", "2", "width", "10", "height", "6"), []Contour{{Start: pt(1, 2), Closed: true, Segments: []Cubic{
			ln(1, 2, 11, 2), ln(11, 2, 11, 8), ln(11, 8, 1, 8), ln(1, 8, 1, 2),
		}}}},
		{"rect with zero rx", el("rect", "width", "10", "height", "6", "rx", "0", "ry", "2"), []Contour{{Start: pt(0, 0), Closed: true, Segments: []Cubic{
			ln(0, 0, 10, 0), ln(10, 0, 10, 6), ln(10, 6, 0, 6), ln(0, 6, 0, 0),
		}}}},
		{"rounded rect, ry copies rx", el("rect", "width", "10", "height", "6", "rx", "2"), []Contour{{Start: pt(2, 0), Closed: true, Segments: []Cubic{
			ln(2, 0, 8, 0), cb(8, 0, 8+k2, 0, 10, 2-k2, 10, 2),
			ln(10, 2, 10, 4), cb(10, 4, 10, 4+k2, 8+k2, 6, 8, 6),
			ln(8, 6, 2, 6), cb(2, 6, 2-k2, 6, 0, 4+k2, 0, 4),
			ln(0, 4, 0, 2), cb(0, 2, 0, 2-k2, 2-k2, 0, 2, 0),
		}}}},
		{"rounded rect, rx copies ry", el("rect", "width", "10", "height", "6", "ry", "2"), []Contour{{Start: pt(2, 0), Closed: true, Segments: []Cubic{
			ln(2, 0, 8, 0), cb(8, 0, 8+k2, 0, 10, 2-k2, 10, 2),
			ln(10, 2, 10, 4), cb(10, 4, 10, 4+k2, 8+k2, 6, 8, 6),
			ln(8, 6, 2, 6), cb(2, 6, 2-k2, 6, 0, 4+k2, 0, 4),
			ln(0, 4, 0, 2), cb(0, 2, 0, 2-k2, 2-k2, 0, 2, 0),
		}}}},
		{"rounded rect, auto rx", el("rect", "width", "4", "height", "4", "rx", "auto", "ry", "2"), []Contour{{Start: pt(2, 0), Closed: true, Segments: []Cubic{
			cb(2, 0, 2+k2, 0, 4, 2-k2, 4, 2),
			cb(4, 2, 4, 2+k2, 2+k2, 4, 2, 4),
			cb(2, 4, 2-k2, 4, 0, 2+k2, 0, 2),
			cb(0, 2, 0, 2-k2, 2-k2, 0, 2, 0),
		}}}},
		{"rounded rect, radii clamped", el("rect", "x", "-2", "y", "-2", "width", "4", "height", "10", "rx", "9", "ry", "2"), []Contour{{Start: pt(0, -2), Closed: true, Segments: []Cubic{
			cb(0, -2, k2, -2, 2, -k2, 2, 0),
			ln(2, 0, 2, 6), cb(2, 6, 2, 6+k2, k2, 8, 0, 8),
			cb(0, 8, -k2, 8, -2, 6+k2, -2, 6),
			ln(-2, 6, -2, 0), cb(-2, 0, -2, -k2, -k2, -2, 0, -2),
		}}}},
		{"line", el("line", "x1", "1", "y1", "2", "x2", "3", "y2", "4"), []Contour{{Start: pt(1, 2), Segments: []Cubic{ln(1, 2, 3, 4)}}}},
		{"line defaults", el("line", "x2", "3"), []Contour{{Start: pt(0, 0), Segments: []Cubic{ln(0, 0, 3, 0)}}}},
		{"polyline", el("polyline", "points", "0,0 10,0 10,10"), []Contour{{Start: pt(0, 0), Segments: []Cubic{ln(0, 0, 10, 0), ln(10, 0, 10, 10)}}}},
		{"polyline single point", el("polyline", "points", " 3 4 "), []Contour{{Start: pt(3, 4)}}},
		{"polygon", el("polygon", "points", "0 0,10 0\n10-10"), []Contour{{Start: pt(0, 0), Closed: true, Segments: []Cubic{
			ln(0, 0, 10, 0), ln(10, 0, 10, -10), ln(10, -10, 0, 0)}}}},
		{"polygon ending at its start", el("polygon", "points", "0 0 1 0 1 1 0 0"), []Contour{{Start: pt(0, 0), Closed: true, Segments: []Cubic{
			ln(0, 0, 1, 0), ln(1, 0, 1, 1), ln(1, 1, 0, 0)}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Contours(tt.e)
			if err != nil {
				t.Fatalf("Contours(%v): %v", tt.e, err)
			}
			if !sameContours(got, tt.want) {
				t.Errorf("Contours(%v)\n got %v\nwant %v", tt.e, got, tt.want)
			}
		})
	}
}

func TestContoursRoundRectIsEllipse(t *testing.T) {
	// Radii of half the size leave no straight edges: the rect is an ellipse starting at its top.
	cs, err := Contours(el("rect", "x", "0", "y", "0", "width", "10", "height", "6", "rx", "100"))
	if err != nil {
		t.Fatal(err)
	}
	c := cs[0]
	checkChain(t, c, pt(5, 0), pt(5, 0))
	if len(c.Segments) != 4 {
		t.Errorf("%d segments, want 4", len(c.Segments))
	}
	if w := onEllipse(c.Segments, pt(5, 3), 5, 3, 0); w > arcTolerance {
		t.Errorf("strays %g from the ellipse", w)
	}
}

func TestContoursErrors(t *testing.T) {
	tests := []struct {
		e    Element
		want string
	}{
		{el("foo"), `unsupported element "foo"`},
		{el("g"), `unsupported element "g"`},
		{el("Circle", "r", "1"), `unsupported element "Circle"`},
		{el("path"), `path: attribute d: missing`},
		{el("path", "d", "M0 0 L1"), `path: attribute d: path data at 7: expected number after "L"`},
		{el("circle", "r", "abc"), `circle: attribute r: "abc" is not a number`},
		{el("circle", "r", "1", "cx", "1e999"), `circle: attribute cx: "1e999" is out of range`},
		{el("circle", "r", "1", "cx", "NaN"), `circle: attribute cx: "NaN" is not a number`},
		{el("circle", "r", "1", "cy", ""), `circle: attribute cy: "" is not a number`},
		{el("circle", "r", "1 2"), `circle: attribute r: "1 2" is not a number`},
		{el("circle", "r", "50%"), `circle: attribute r: "50%" is not a number`},
		{el("circle"), `circle: attribute r: missing`},
		{el("circle", "r", "0"), `circle: attribute r: must be positive, got "0"`},
		{el("circle", "r", "-1"), `circle: attribute r: must be positive, got "-1"`},
		{el("circle", "cx", "1e308", "r", "1e308"), `circle: coordinates out of range`},
		{el("ellipse", "rx", "1"), `ellipse: attribute ry: missing`},
		{el("ellipse", "rx", "0", "ry", "1"), `ellipse: attribute rx: must be positive, got "0"`},
		{el("rect", "height", "1"), `rect: attribute width: missing`},
		{el("rect", "width", "1", "height", "0"), `rect: attribute height: must be positive, got "0"`},
		{el("rect", "width", "1", "height", "1", "rx", "-1"), `rect: attribute rx: must not be negative, got "-1"`},
		{el("rect", "width", "1", "height", "1", "ry", "x"), `rect: attribute ry: "x" is not a number`},
		{el("rect", "x", "a", "width", "b"), `rect: attribute x: "a" is not a number`},
		{el("line", "x1", "--1"), `line: attribute x1: "--1" is not a number`},
		{el("polyline"), `polyline: attribute points: missing`},
		{el("polyline", "points", " "), `polyline: attribute points: no points`},
		{el("polygon", "points", "1 2 3"), `polygon: attribute points: odd number of coordinates (3)`},
		{el("polygon", "points", "1 2 x 4"), `polygon: attribute points: at 4: expected number`},
		{el("polygon", "points", "1 2,"), `polygon: attribute points: at 4: expected number`},
		{el("polygon", "points", "1,,2"), `polygon: attribute points: at 2: expected number`},
		{el("polygon", "points", "1 1e999"), `polygon: attribute points: at 2: number out of range`},
		{el("polygon", "points", strings.Repeat("1 ", 1<<15)+"1"), `polygon: attribute points: 65537 bytes exceeds the limit of 65536`},
	}
	for _, tt := range tests {
		got, err := Contours(tt.e)
		if err == nil {
			t.Errorf("Contours(%.60v) = %v, want error %q", tt.e, got, tt.want)
			continue
		}
		if err.Error() != tt.want {
			t.Errorf("Contours(%.60v) error\n got %q\nwant %q", tt.e, err, tt.want)
		}
	}
}

func TestBounds(t *testing.T) {
	tests := []struct {
		name     string
		cs       []Contour
		min, max Point
	}{
		{"none", nil, pt(0, 0), pt(0, 0)},
		{"single point", []Contour{{Start: pt(-3, 4)}}, pt(-3, 4), pt(-3, 4)},
		{"control points count", []Contour{{Start: pt(0, 0), Segments: []Cubic{cb(0, 0, -1, 5, 3, -2, 2, 2)}}}, pt(-1, -2), pt(3, 5)},
		{"several contours", []Contour{
			{Start: pt(1, 1), Segments: []Cubic{ln(1, 1, 2, 2)}},
			{Start: pt(10, -10)},
		}, pt(1, -10), pt(10, 2)},
	}
	for _, tt := range tests {
		min, max := Bounds(tt.cs)
		if min != tt.min || max != tt.max {
			t.Errorf("%s: Bounds = %v, %v; want %v, %v", tt.name, min, max, tt.min, tt.max)
		}
	}
	cs, err := Contours(el("circle", "cx", "10", "cy", "20", "r", "5"))
	if err != nil {
		t.Fatal(err)
	}
	if min, max := Bounds(cs); min != pt(5, 15) || max != pt(15, 25) {
		t.Errorf("circle: Bounds = %v, %v", min, max)
	}
}
