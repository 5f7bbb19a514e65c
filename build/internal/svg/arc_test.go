package svg

import (
	"math"
	"testing"
)

// eval returns the point of c at parameter t.
func eval(c Cubic, t float64) Point {
	u := 1 - t
	a, b, d, e := u*u*u, 3*u*u*t, 3*u*t*t, t*t*t
	return Point{
		a*c.P0.X + b*c.C1.X + d*c.C2.X + e*c.P3.X,
		a*c.P0.Y + b*c.C1.Y + d*c.C2.Y + e*c.P3.Y,
	}
}

func dist(a, b Point) float64 { return math.Hypot(a.X-b.X, a.Y-b.Y) }

// onePath parses d and returns the segments of its single contour.
func onePath(t *testing.T, d string) Contour {
	t.Helper()
	cs, err := ParsePath(d)
	if err != nil {
		t.Fatalf("ParsePath(%q): %v", d, err)
	}
	if len(cs) != 1 {
		t.Fatalf("ParsePath(%q): %d contours, want 1", d, len(cs))
	}
	return cs[0]
}

// checkChain checks that segments join exactly and that the contour runs from start to end exactly.
func checkChain(t *testing.T, c Contour, start, end Point) {
	t.Helper()
	if len(c.Segments) == 0 {
		t.Fatal("no segments")
	}
	if c.Start != start || c.Segments[0].P0 != start {
		t.Errorf("starts at %v / %v, want exactly %v", c.Start, c.Segments[0].P0, start)
	}
	for i := 1; i < len(c.Segments); i++ {
		if c.Segments[i].P0 != c.Segments[i-1].P3 {
			t.Errorf("segment %d starts at %v, previous ends at %v", i, c.Segments[i].P0, c.Segments[i-1].P3)
		}
	}
	if got := c.Segments[len(c.Segments)-1].P3; got != end {
		t.Errorf("ends at %v, want exactly %v", got, end)
	}
}

// onEllipse returns the worst relative deviation from the ellipse of samples along the segments.
func onEllipse(segs []Cubic, center Point, rx, ry, rotDeg float64) float64 {
	sin, cos := math.Sincos(rotDeg * math.Pi / 180)
	worst := 0.0
	for _, s := range segs {
		for i := 0; i <= 20; i++ {
			p := eval(s, float64(i)/20)
			dx, dy := p.X-center.X, p.Y-center.Y
			x, y := cos*dx+sin*dy, -sin*dx+cos*dy
			worst = math.Max(worst, math.Abs(math.Hypot(x/rx, y/ry)-1))
		}
	}
	return worst
}

// The cubic approximation of a 90° arc strays at most 2.7e-4 of the radius from it.
const arcTolerance = 3e-4

func TestArcSemicircle(t *testing.T) {
	tests := []struct {
		d   string
		mid Point // the point halfway along the arc
	}{
		{"M0 0 A5 5 0 0 1 10 0", pt(5, -5)},
		{"M0 0 A5 5 0 0 0 10 0", pt(5, 5)},
		{"M0 0 A5 5 0 1 1 10 0", pt(5, -5)}, // large flag is moot for a semicircle
		{"M0 0 A1 1 0 0 1 10 0", pt(5, -5)}, // radius scaled up to 5
		{"M0 0 a2 2 0 0 0 10 0", pt(5, 5)},
	}
	for _, tt := range tests {
		c := onePath(t, tt.d)
		checkChain(t, c, pt(0, 0), pt(10, 0))
		if len(c.Segments) != 2 {
			t.Fatalf("%q: %d segments, want 2", tt.d, len(c.Segments))
		}
		mid := c.Segments[0].P3
		if math.Abs(dist(mid, pt(5, 0))-5) > 1e-3 || dist(mid, tt.mid) > 1e-3 {
			t.Errorf("%q: midpoint %v, want %v at distance 5 from the center", tt.d, mid, tt.mid)
		}
		if w := onEllipse(c.Segments, pt(5, 0), 5, 5, 0); w > arcTolerance {
			t.Errorf("%q: strays %g of the radius from the circle", tt.d, w)
		}
	}
}

func TestArcFullCircleOfTwoArcs(t *testing.T) {
	for _, d := range []string{
		"M0 0 A5 5 0 1 0 10 0 A5 5 0 1 0 0 0",
		"M0 0 a5 5 0 1 1 10 0 a5 5 0 1 1 -10 0z",
	} {
		c := onePath(t, d)
		checkChain(t, c, pt(0, 0), pt(0, 0))
		if len(c.Segments) != 4 {
			t.Errorf("%q: %d segments, want 4", d, len(c.Segments))
		}
		if w := onEllipse(c.Segments, pt(5, 0), 5, 5, 0); w > arcTolerance {
			t.Errorf("%q: strays %g of the radius from the circle", d, w)
		}
		// The two halves lie on opposite sides of the diameter.
		if a, b := c.Segments[0].P3.Y, c.Segments[2].P3.Y; math.Abs(a+b) > 1e-9 || math.Abs(math.Abs(a)-5) > 1e-9 {
			t.Errorf("%q: half-way points at y=%v and y=%v, want ±5", d, a, b)
		}
	}
}

func TestArcFlagsAndSplitting(t *testing.T) {
	// Quarter-circle chords of the circle of radius 5 around the origin, from (5,0) to (0,5).
	tests := []struct {
		d        string
		segments int
		center   Point
	}{
		{"M5 0 A5 5 0 0 1 0 5", 1, pt(0, 0)}, // 90° clockwise on screen
		{"M5 0 A5 5 0 1 0 0 5", 3, pt(0, 0)}, // 270° the other way round
		{"M5 0 A5 5 0 0 0 0 5", 1, pt(5, 5)}, // the other center
		{"M5 0 A5 5 0 1 1 0 5", 3, pt(5, 5)},
		{"M5 0 A5 5 0 00 0 5", 1, pt(5, 5)}, // flags without separators
		{"M5 0 A5 5 0 110 5", 3, pt(5, 5)},
	}
	for _, tt := range tests {
		c := onePath(t, tt.d)
		checkChain(t, c, pt(5, 0), pt(0, 5))
		if len(c.Segments) != tt.segments {
			t.Errorf("%q: %d segments, want %d", tt.d, len(c.Segments), tt.segments)
		}
		if w := onEllipse(c.Segments, tt.center, 5, 5, 0); w > arcTolerance {
			t.Errorf("%q: strays %g of the radius from the circle around %v", tt.d, w, tt.center)
		}
	}
}

func TestArcRotatedEllipse(t *testing.T) {
	// Points of the ellipse centered at (50, 50) with radii 20, 10 rotated by 30°, at parameter
	// angles 10° and 130°.
	center, rx, ry, rot := pt(50, 50), 20.0, 10.0, 30.0
	at := func(deg float64) Point {
		s, c := math.Sincos(deg * math.Pi / 180)
		rs, rc := math.Sincos(rot * math.Pi / 180)
		x, y := rx*c, ry*s
		return Point{center.X + rc*x - rs*y, center.Y + rs*x + rc*y}
	}
	p0, p1 := at(10), at(130)
	tests := []struct {
		large, sweep bool
		segments     int
	}{
		{false, true, 2}, // 120° with increasing angle
		{true, false, 3}, // 240° the other way round, on the same ellipse
	}
	for _, tt := range tests {
		segs := arc(p0, rx, ry, rot, tt.large, tt.sweep, p1)
		c := Contour{Start: p0, Segments: segs}
		checkChain(t, c, p0, p1)
		if len(segs) != tt.segments {
			t.Errorf("large=%v sweep=%v: %d segments, want %d", tt.large, tt.sweep, len(segs), tt.segments)
		}
		if w := onEllipse(segs, center, rx, ry, rot); w > arcTolerance {
			t.Errorf("large=%v sweep=%v: strays %g from the ellipse", tt.large, tt.sweep, w)
		}
		// Halfway along, the arc passes the parameter angle 70° (or -110° the long way round).
		want, got := at(70), segs[0].P3
		if tt.large {
			want, got = at(-110), eval(segs[1], 0.5)
		}
		if dist(got, want) > 1e-9 {
			t.Errorf("large=%v sweep=%v: midpoint %v, want %v", tt.large, tt.sweep, got, want)
		}
	}
}

func TestArcSegmentsAtMost90Degrees(t *testing.T) {
	// Every segment of a circular arc spans at most 90°: its chord is at most r·√2.
	tests := []struct {
		d string
		r float64
	}{
		{"M0 0 A5 5 0 1 1 0.001 0", 5},
		{"M0 0 A5 5 0 1 0 0.001 0", 5},
		{"M0 0 A5 5 0 1 1 7.0710678 7.0710678", 5},
		{"M7 3.34a10 10 0 1 1 -4.995 8.984", 10},
	}
	for _, tt := range tests {
		c := onePath(t, tt.d)
		if n := len(c.Segments); n < 3 || n > 4 {
			t.Errorf("%q: %d segments, want 3 or 4", tt.d, n)
		}
		for _, s := range c.Segments {
			if chord := dist(s.P0, s.P3); chord > tt.r*math.Sqrt2+1e-6 {
				t.Errorf("%q: segment %v spans more than 90°", tt.d, s)
			}
		}
	}
}

func TestArcTinyRadiusScaled(t *testing.T) {
	// A radius far too small is scaled up, not lost to underflow.
	c := onePath(t, "M0 0 A1e-200 1e-200 0 0 1 10 0")
	checkChain(t, c, pt(0, 0), pt(10, 0))
	if w := onEllipse(c.Segments, pt(5, 0), 5, 5, 0); w > arcTolerance {
		t.Errorf("strays %g from the circle", w)
	}
}
