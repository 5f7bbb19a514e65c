package svg

import (
	"errors"
	"fmt"
	"strings"
)

// kappa is the control-point distance, as a fraction of the radius, of a cubic quarter circle.
const kappa = 0.5522847498

// Element is one SVG node as the Tabler "nodes" JSON gives it: a tag name and its attributes.
type Element struct {
	Name  string // "path", "circle", "rect", "line", "polyline", "polygon", "ellipse"
	Attrs map[string]string
}

// Contours converts one element into contours: path (d), circle (cx, cy, r), ellipse (cx, cy, rx, ry),
// rect (x, y, width, height, optional rx/ry rounded corners per the SVG rules: a missing one copies the other,
// clamped to half width/height), line (x1, y1, x2, y2), polyline and polygon (points; polygon closed).
// Missing coordinate attributes default to 0 as in SVG; a missing/invalid required size (r<=0 etc.) or
// unparsable number is an error naming the element and attribute, e.g. `circle: attribute r: "abc" is not a number`.
// An unknown element name is an error `unsupported element "foo"`.
//
// Numbers are SVG numbers in user units, optionally followed by "px". Circles, ellipses and rects
// are single closed contours running clockwise on screen; circles and ellipses start at the
// rightmost point, rects at the left end of the top edge. A rect's rx or ry of "auto" counts as
// missing, as in SVG 2. A path needs its d attribute; polyline and polygon need at least one point
// pair in points, and an odd number of coordinates is an error.
func Contours(e Element) ([]Contour, error) {
	a := attrs{e: e}
	var cs []Contour
	switch e.Name {
	case "path":
		d, ok := a.get("d")
		if !ok {
			return nil, a.errorf("d", "missing")
		}
		var err error
		if cs, err = ParsePath(d); err != nil {
			return nil, fmt.Errorf("%s: attribute d: %w", e.Name, err)
		}
		return cs, nil
	case "circle":
		cx, cy, r := a.coord("cx"), a.coord("cy"), a.size("r")
		if a.err == nil {
			cs = []Contour{ellipse(cx, cy, r, r)}
		}
	case "ellipse":
		cx, cy, rx, ry := a.coord("cx"), a.coord("cy"), a.size("rx"), a.size("ry")
		if a.err == nil {
			cs = []Contour{ellipse(cx, cy, rx, ry)}
		}
	case "rect":
		x, y, w, h := a.coord("x"), a.coord("y"), a.size("width"), a.size("height")
		rx, okx := a.radius("rx")
		ry, oky := a.radius("ry")
		if !okx {
			rx = ry
		}
		if !oky {
			ry = rx
		}
		if a.err == nil {
			cs = []Contour{rect(x, y, w, h, min(rx, w/2), min(ry, h/2))}
		}
	case "line":
		p0 := Point{a.coord("x1"), a.coord("y1")}
		p1 := Point{a.coord("x2"), a.coord("y2")}
		if a.err == nil {
			cs = []Contour{{Start: p0, Segments: []Cubic{line(p0, p1)}}}
		}
	case "polyline", "polygon":
		pts := a.points("points")
		if a.err == nil {
			cs = []Contour{poly(pts, e.Name == "polygon")}
		}
	default:
		return nil, fmt.Errorf("unsupported element %q", e.Name)
	}
	if a.err != nil {
		return nil, a.err
	}
	for _, c := range cs {
		if !c.Start.finite() {
			return nil, fmt.Errorf("%s: coordinates out of range", e.Name)
		}
		for _, s := range c.Segments {
			if !s.finite() {
				return nil, fmt.Errorf("%s: coordinates out of range", e.Name)
			}
		}
	}
	return cs, nil
}

// attrs reads numeric attributes of an element, keeping the first error.
type attrs struct {
	e   Element
	err error
}

func (a *attrs) get(name string) (string, bool) {
	v, ok := a.e.Attrs[name]
	return v, ok
}

func (a *attrs) errorf(name, format string, args ...any) error {
	return fmt.Errorf("%s: attribute %s: %s", a.e.Name, name, fmt.Sprintf(format, args...))
}

func (a *attrs) fail(err error) {
	if a.err == nil {
		a.err = err
	}
}

// number parses the attribute, reporting whether it is present.
func (a *attrs) number(name string) (float64, bool) {
	s, ok := a.get(name)
	if !ok {
		return 0, false
	}
	v, err := parseNumber(s)
	if err != nil {
		a.fail(a.errorf(name, "%q is %v", s, err))
	}
	return v, true
}

// coord returns a coordinate attribute, 0 if missing.
func (a *attrs) coord(name string) float64 {
	v, _ := a.number(name)
	return v
}

// size returns a required attribute that must be positive.
func (a *attrs) size(name string) float64 {
	v, ok := a.number(name)
	switch {
	case !ok:
		a.fail(a.errorf(name, "missing"))
	case v <= 0:
		a.fail(a.errorf(name, "must be positive, got %q", a.e.Attrs[name]))
	}
	return v
}

// radius returns an optional corner radius that must not be negative; "auto" counts as missing.
func (a *attrs) radius(name string) (float64, bool) {
	if s, ok := a.get(name); ok && strings.TrimSpace(s) == "auto" {
		return 0, false
	}
	v, ok := a.number(name)
	if v < 0 {
		a.fail(a.errorf(name, "must not be negative, got %q", a.e.Attrs[name]))
	}
	return v, ok
}

// points parses a points attribute: pairs of numbers separated by whitespace and/or a comma.
func (a *attrs) points(name string) []Point {
	s, ok := a.get(name)
	switch {
	case !ok:
		a.fail(a.errorf(name, "missing"))
		return nil
	case len(s) > maxInput:
		a.fail(a.errorf(name, "%d bytes exceeds the limit of %d", len(s), maxInput))
		return nil
	}
	sc := scanner{s: s}
	var vs []float64
	sc.skipWS()
	for !sc.eof() {
		pos := sc.pos
		v, err := sc.number()
		if err != nil {
			what := "expected number"
			if err == errRange {
				what = "number out of range"
			}
			a.fail(a.errorf(name, "at %d: %s", pos, what))
			return nil
		}
		vs = append(vs, v)
		sc.skipCommaWS()
		if sc.comma && sc.eof() {
			a.fail(a.errorf(name, "at %d: expected number", sc.pos))
			return nil
		}
	}
	switch {
	case len(vs) == 0:
		a.fail(a.errorf(name, "no points"))
		return nil
	case len(vs)%2 != 0:
		a.fail(a.errorf(name, "odd number of coordinates (%d)", len(vs)))
		return nil
	}
	pts := make([]Point, len(vs)/2)
	for i := range pts {
		pts[i] = Point{vs[2*i], vs[2*i+1]}
	}
	return pts
}

var errNotNumber = errors.New("not a number")

// parseNumber parses an attribute value: one SVG number, optionally followed by "px", with
// surrounding whitespace allowed.
func parseNumber(s string) (float64, error) {
	sc := scanner{s: strings.TrimSuffix(strings.TrimRight(s, " \t\n\r\f"), "px")}
	sc.skipWS()
	v, err := sc.number()
	if err == errRange {
		return 0, errors.New("out of range")
	}
	if err != nil || !sc.eof() {
		return 0, errNotNumber
	}
	return v, nil
}

// quarter returns the cubic quarter-ellipse from a to b whose tangents meet at corner.
func quarter(a, corner, b Point) Cubic {
	return Cubic{a, a.lerp(corner, kappa), b.lerp(corner, kappa), b}
}

// ellipse returns the closed contour of an ellipse as four quarters, starting at the rightmost
// point and running clockwise on screen (towards +y first).
func ellipse(cx, cy, rx, ry float64) Contour {
	r := Point{cx + rx, cy}
	b := Point{cx, cy + ry}
	l := Point{cx - rx, cy}
	t := Point{cx, cy - ry}
	return Contour{
		Start: r,
		Segments: []Cubic{
			quarter(r, Point{cx + rx, cy + ry}, b),
			quarter(b, Point{cx - rx, cy + ry}, l),
			quarter(l, Point{cx - rx, cy - ry}, t),
			quarter(t, Point{cx + rx, cy - ry}, r),
		},
		Closed: true,
	}
}

// rect returns the closed contour of a rectangle with corner radii rx, ry (both already clamped to
// half the size; either zero means square corners), clockwise on screen from the top-left.
func rect(x, y, w, h, rx, ry float64) Contour {
	x2, y2 := x+w, y+h
	if rx <= 0 || ry <= 0 {
		return poly([]Point{{x, y}, {x2, y}, {x2, y2}, {x, y2}}, true)
	}
	c := Contour{Start: Point{x + rx, y}, Closed: true}
	// Each side as its two end points, then the corner after it.
	sides := [4][3]Point{
		{{x + rx, y}, {x2 - rx, y}, {x2, y}},
		{{x2, y + ry}, {x2, y2 - ry}, {x2, y2}},
		{{x2 - rx, y2}, {x + rx, y2}, {x, y2}},
		{{x, y2 - ry}, {x, y + ry}, {x, y}},
	}
	for i, s := range sides {
		if s[0] != s[1] {
			c.Segments = append(c.Segments, line(s[0], s[1]))
		}
		next := sides[(i+1)%4][0]
		c.Segments = append(c.Segments, quarter(s[1], s[2], next))
	}
	return c
}

// poly returns the contour through pts, closed back to the first point if closed is set.
func poly(pts []Point, closed bool) Contour {
	c := Contour{Start: pts[0], Closed: closed}
	for i := 1; i < len(pts); i++ {
		c.Segments = append(c.Segments, line(pts[i-1], pts[i]))
	}
	if last := pts[len(pts)-1]; closed && last != pts[0] {
		c.Segments = append(c.Segments, line(last, pts[0]))
	}
	return c
}
