// Package svg turns SVG shape elements into contours of cubic Bézier segments.
//
// Every drawing command becomes cubics: a straight line is a cubic whose control points sit on
// its end points (C1 == P0, C2 == P3, i.e. zero tangents), a quadratic is degree-elevated exactly,
// and an elliptical arc is approximated by one cubic per at most 90° of sweep.
package svg

import (
	"fmt"
	"math"
	"unicode/utf8"
)

// Point is a position in the SVG user space.
type Point struct{ X, Y float64 }

// Cubic is one cubic Bézier segment from P0 through control points C1, C2 to P3.
type Cubic struct{ P0, C1, C2, P3 Point }

// Contour is one connected run of segments (one subpath). Closed reports a closing `z` (the closing
// segment back to the start is included in Segments when the last point differs from the first).
// A contour that is a single point (e.g. "M5 5" alone, or "M5 5z") has no segments and Start set.
type Contour struct {
	Start    Point
	Segments []Cubic
	Closed   bool
}

// maxInput is the longest path data (and points attribute) accepted, in bytes.
const maxInput = 64 << 10

func (p Point) add(q Point) Point             { return Point{p.X + q.X, p.Y + q.Y} }
func (p Point) sub(q Point) Point             { return Point{p.X - q.X, p.Y - q.Y} }
func (p Point) scale(f float64) Point         { return Point{p.X * f, p.Y * f} }
func (p Point) lerp(q Point, t float64) Point { return p.add(q.sub(p).scale(t)) }

func (p Point) finite() bool {
	return !math.IsInf(p.X, 0) && !math.IsNaN(p.X) && !math.IsInf(p.Y, 0) && !math.IsNaN(p.Y)
}

func (c Cubic) finite() bool {
	return c.P0.finite() && c.C1.finite() && c.C2.finite() && c.P3.finite()
}

// line returns the straight segment from a to b as a cubic with zero-length tangents.
func line(a, b Point) Cubic { return Cubic{a, a, b, b} }

// quad returns the exact cubic form of the quadratic segment a, q, b.
func quad(a, q, b Point) Cubic { return Cubic{a, a.lerp(q, 2.0/3), b.lerp(q, 2.0/3), b} }

// ParsePath parses SVG path data (the d attribute): all commands M m L l H h V v C c S s Q q T t A a Z z,
// implicit repeated commands, numbers like "-.5.5", "1e-3", commas/whitespace optional where the grammar allows,
// arc flags written without separators ("a1 1 0 00 1 1"). Lines, quadratics and arcs become cubics (arcs split
// into segments of at most 90°, endpoint-to-center conversion per SVG 1.1 F.6.5/F.6.6 including out-of-range
// radii scaling and zero-radius arcs as lines). Errors name the position and the problem, e.g.
// `path data at 12: expected number after "l"`.
//
// Positions are 0-based byte offsets into d. Empty or all-whitespace data yields no contours and no
// error. On error no contours are returned. Data longer than 64 KiB, numbers outside the float64
// range and commands whose results are not finite are errors.
func ParsePath(d string) ([]Contour, error) {
	if len(d) > maxInput {
		return nil, fmt.Errorf("path data: %d bytes exceeds the limit of %d", len(d), maxInput)
	}
	p := pathParser{sc: scanner{s: d}}
	if err := p.parse(); err != nil {
		return nil, err
	}
	return p.contours, nil
}

// Kinds of the previous segment, for the reflected control point of S and T.
const (
	prevOther = iota
	prevCubic
	prevQuad
)

type pathParser struct {
	sc       scanner
	contours []Contour
	cur      Point // current point
	start    Point // start of the current subpath
	prev     int   // prevCubic, prevQuad or prevOther
	ctrl     Point // last control point of the previous C/S (cubic) or Q/T (quadratic)
	cmd      byte  // command being read
	cmdPos   int   // offset of the command's first byte, for errors about its result
}

func (p *pathParser) errorf(pos int, format string, args ...any) error {
	return fmt.Errorf("path data at %d: %s", pos, fmt.Sprintf(format, args...))
}

// unexpected describes the input at pos for an error message.
func (p *pathParser) unexpected(pos int) string {
	if pos >= len(p.sc.s) {
		return "end of data"
	}
	r, _ := utf8.DecodeRuneInString(p.sc.s[pos:])
	return fmt.Sprintf("%q", string(r))
}

func isCommand(c byte) bool {
	switch c {
	case 'M', 'm', 'L', 'l', 'H', 'h', 'V', 'v', 'C', 'c', 'S', 's', 'Q', 'q', 'T', 't', 'A', 'a', 'Z', 'z':
		return true
	}
	return false
}

func (p *pathParser) parse() error {
	sc := &p.sc
	var last byte // previous command letter, 0 before the first
	for {
		sc.skipWS()
		if sc.comma && !sc.numberAhead() {
			return p.errorf(sc.pos, "expected number after \",\", found %s", p.unexpected(sc.pos))
		}
		if sc.eof() {
			return nil
		}
		c := sc.peek()
		switch {
		case isCommand(c):
			if last == 0 && c != 'M' && c != 'm' {
				return p.errorf(sc.pos, "expected moveto (\"M\" or \"m\"), found %q", string(c))
			}
			p.cmdPos = sc.pos
			sc.pos++
			p.cmd = c
		case sc.numberAhead():
			switch last {
			case 0:
				return p.errorf(sc.pos, "expected moveto (\"M\" or \"m\"), found %s", p.unexpected(sc.pos))
			case 'Z', 'z':
				return p.errorf(sc.pos, "expected command after %q, found %s", string(last), p.unexpected(sc.pos))
			}
			// An implicit repeat of the previous command; after a moveto it is a lineto.
			p.cmdPos = sc.pos
			switch last {
			case 'M':
				p.cmd = 'L'
			case 'm':
				p.cmd = 'l'
			default:
				p.cmd = last
			}
		default:
			return p.errorf(sc.pos, "unexpected character %s", p.unexpected(sc.pos))
		}
		if err := p.command(); err != nil {
			return err
		}
		last = p.cmd
	}
}

// num reads one argument of the current command and the separator after it.
func (p *pathParser) num() (float64, error) {
	sc := &p.sc
	sc.skipWS()
	pos := sc.pos
	v, err := sc.number()
	switch err {
	case nil:
	case errRange:
		return 0, p.errorf(pos, "number out of range")
	default:
		return 0, p.errorf(pos, "expected number after %q", string(p.cmd))
	}
	sc.skipCommaWS()
	return v, nil
}

// nums reads len(dst) arguments.
func (p *pathParser) nums(dst ...*float64) error {
	for _, d := range dst {
		v, err := p.num()
		if err != nil {
			return err
		}
		*d = v
	}
	return nil
}

// flag reads an arc flag argument and the separator after it.
func (p *pathParser) flag() (bool, error) {
	sc := &p.sc
	sc.skipWS()
	f, ok := sc.flag()
	if !ok {
		return false, p.errorf(sc.pos, "expected flag (0 or 1) after %q, found %s", string(p.cmd), p.unexpected(sc.pos))
	}
	sc.skipCommaWS()
	return f, nil
}

// point reads an x, y pair, relative to the current point for lower-case commands.
func (p *pathParser) point() (Point, error) {
	var q Point
	if err := p.nums(&q.X, &q.Y); err != nil {
		return Point{}, err
	}
	if p.relative() {
		q = p.cur.add(q)
	}
	return q, nil
}

func (p *pathParser) relative() bool { return p.cmd >= 'a' }

// current returns the contour that takes new segments, starting a new one at the current point
// after a closepath.
func (p *pathParser) current() *Contour {
	if n := len(p.contours); n > 0 && !p.contours[n-1].Closed {
		return &p.contours[n-1]
	}
	p.contours = append(p.contours, Contour{Start: p.cur})
	return &p.contours[len(p.contours)-1]
}

func (p *pathParser) add(segs ...Cubic) error {
	for _, s := range segs {
		if !s.finite() {
			return p.errorf(p.cmdPos, "coordinate out of range in %q", string(p.cmd))
		}
	}
	c := p.current()
	c.Segments = append(c.Segments, segs...)
	return nil
}

// command reads the arguments of p.cmd and appends its segments.
func (p *pathParser) command() error {
	prev := p.prev
	p.prev = prevOther
	var end Point
	var err error
	switch p.cmd {
	case 'M', 'm':
		if end, err = p.point(); err != nil {
			return err
		}
		if !end.finite() {
			return p.errorf(p.cmdPos, "coordinate out of range in %q", string(p.cmd))
		}
		p.contours = append(p.contours, Contour{Start: end})
		p.start = end
	case 'L', 'l':
		if end, err = p.point(); err != nil {
			return err
		}
		err = p.add(line(p.cur, end))
	case 'H', 'h', 'V', 'v':
		var v float64
		if v, err = p.num(); err != nil {
			return err
		}
		end = p.cur
		switch p.cmd {
		case 'H':
			end.X = v
		case 'h':
			end.X += v
		case 'V':
			end.Y = v
		case 'v':
			end.Y += v
		}
		err = p.add(line(p.cur, end))
	case 'C', 'c', 'S', 's':
		var c1, c2 Point
		if p.cmd == 'C' || p.cmd == 'c' {
			if c1, err = p.point(); err != nil {
				return err
			}
		} else {
			c1 = p.reflect(prev, prevCubic)
		}
		if c2, err = p.point(); err != nil {
			return err
		}
		if end, err = p.point(); err != nil {
			return err
		}
		err = p.add(Cubic{p.cur, c1, c2, end})
		p.prev, p.ctrl = prevCubic, c2
	case 'Q', 'q', 'T', 't':
		var q Point
		if p.cmd == 'Q' || p.cmd == 'q' {
			if q, err = p.point(); err != nil {
				return err
			}
		} else {
			q = p.reflect(prev, prevQuad)
		}
		if end, err = p.point(); err != nil {
			return err
		}
		err = p.add(quad(p.cur, q, end))
		p.prev, p.ctrl = prevQuad, q
	case 'A', 'a':
		var rx, ry, rot float64
		var large, sweep bool
		if err = p.nums(&rx, &ry, &rot); err != nil {
			return err
		}
		if large, err = p.flag(); err != nil {
			return err
		}
		if sweep, err = p.flag(); err != nil {
			return err
		}
		if end, err = p.point(); err != nil {
			return err
		}
		if segs := arc(p.cur, rx, ry, rot, large, sweep, end); len(segs) > 0 {
			err = p.add(segs...)
		}
	case 'Z', 'z':
		c := &p.contours[len(p.contours)-1]
		if !c.Closed {
			if p.cur != p.start {
				c.Segments = append(c.Segments, line(p.cur, p.start))
			}
			c.Closed = true
		}
		end = p.start
	}
	if err != nil {
		return err
	}
	p.cur = end
	return nil
}

// reflect returns the first control point of a smooth segment: the previous segment's last control
// point mirrored about the current point if the previous segment was of the same kind, else the
// current point itself.
func (p *pathParser) reflect(prev, kind int) Point {
	if prev != kind {
		return p.cur
	}
	return p.cur.scale(2).sub(p.ctrl)
}

// Bounds returns the bounding box of the contours' end and control points (a cheap, conservative box).
// It contains the whole drawn shape, since a cubic lies in the hull of its points. Without any
// points it returns two zero points.
func Bounds(cs []Contour) (min, max Point) {
	first := true
	grow := func(p Point) {
		if first {
			min, max, first = p, p, false
			return
		}
		min.X, min.Y = math.Min(min.X, p.X), math.Min(min.Y, p.Y)
		max.X, max.Y = math.Max(max.X, p.X), math.Max(max.Y, p.Y)
	}
	for _, c := range cs {
		grow(c.Start)
		for _, s := range c.Segments {
			grow(s.P0)
			grow(s.C1)
			grow(s.C2)
			grow(s.P3)
		}
	}
	return min, max
}
