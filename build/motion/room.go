package motion

import (
	"cmp"
	"math"
	"slices"

	"github.com/iconlib/iconlib/build/internal/svg"
)

// The artboard is all the room a motion has: players clip what a frame draws outside 24×24, so a badge
// that pops past the edge or a bell that swings out of view reads as a fault. fitted lowers a move's
// amplitude until the ink of its moving parts (their paths, plus half the stroke width, which scaling
// motions keep constant) stays inside the artboard at every pose any state of the motion takes. A
// drawing whose still ink already passes an edge keeps that much room and no more.

// ink is the points the moving parts draw through, sampled along their contours, and how far their ink
// reaches beyond those points.
type ink struct {
	points []svg.Point
	margin float64 // half the stroke width of stroked parts; 0 for fills
}

func inkOf(fig Figure, parts []int) ink {
	var k ink
	for _, i := range parts {
		if fig[i].Paint.Stroke {
			k.margin = StrokeWidth / 2
		}
		for _, c := range fig[i].Contours {
			k.points = append(k.points, traced(c)...)
		}
	}
	return k
}

// traced is a contour's start and, along each of its cubics, eight points ending on the cubic's end: every
// vertex exactly (a flame's tip is one), and no point of a curve far from a traced one.
func traced(c svg.Contour) []svg.Point {
	out := []svg.Point{c.Start}
	for _, s := range c.Segments {
		for i := 1; i <= 8; i++ {
			out = append(out, cubicAt(s, float64(i)/8))
		}
	}
	return out
}

// room is the box the ink may reach: the artboard, grown to the still drawing's own ink where it passes
// an edge.
func room(fig Figure) box {
	r := box{max: svg.Point{X: Size, Y: Size}}
	all := make([]int, len(fig))
	for i := range all {
		all[i] = i
	}
	k := inkOf(fig, all)
	for _, p := range k.points {
		r.min.X, r.min.Y = math.Min(r.min.X, p.X-k.margin), math.Min(r.min.Y, p.Y-k.margin)
		r.max.X, r.max.Y = math.Max(r.max.X, p.X+k.margin), math.Max(r.max.Y, p.Y+k.margin)
	}
	return r
}

// fitted is the largest amplitude up to m.amp at which the moving parts stay in the room; 0 when even
// the least motion leaves it.
func (m move) fitted(fig Figure) float64 {
	if len(m.def.tracks) == 0 || m.def.tracks[0].prop == fade || m.def.fills || m.def.redraws() || len(fig) == 0 || len(fig[0].Contours) == 0 {
		return m.amp
	}
	r, inks := room(fig), m.voiceInks(fig)
	if m.fits(inks, m.amp, r) {
		return m.amp
	}
	lo, hi := 0.0, m.amp
	for range 16 {
		mid := (lo + hi) / 2
		if m.fits(inks, mid, r) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo
}

// voiceInks is the ink of each voice's moving parts, by voice.
func (m move) voiceInks(fig Figure) []ink {
	inks := make([]ink, len(m.voices))
	for v, parts := range m.voiceParts() {
		inks[v] = inkOf(fig, parts)
	}
	return inks
}

// fits reports whether each voice's ink (inks, by voice) stays in room r at every pose the voice takes
// when the move's amplitude is amp.
func (m move) fits(inks []ink, amp float64, r box) bool {
	at := m
	at.amp = amp
	for v, k := range inks {
		if !at.voiced(m.voices[v]).inkFits(k, r) {
			return false
		}
	}
	return true
}

// inkFits reports whether ink k stays in room r at every pose of the move.
func (m move) inkFits(k ink, r box) bool {
	in := box{min: svg.Point{X: r.min.X + k.margin, Y: r.min.Y + k.margin}, max: svg.Point{X: r.max.X - k.margin, Y: r.max.Y - k.margin}}
	for _, pose := range m.poses() {
		for _, p := range k.points {
			q := pose.apply(p)
			if q.X < in.min.X-1e-9 || q.Y < in.min.Y-1e-9 || q.X > in.max.X+1e-9 || q.Y > in.max.Y+1e-9 {
				return false
			}
		}
	}
	return true
}

// growth is the most, in percent up to most, that parts may be scaled about c and stay in the room the
// drawing leaves.
func growth(fig Figure, parts []int, c svg.Point, most float64) float64 {
	k, r := inkOf(fig, parts), room(fig)
	limit := func(p, c, lo, hi float64) float64 { // the scale at which p, moved away from c, meets lo or hi
		switch d := p - c; {
		case d > 1e-9:
			return 100 * (hi - c) / d
		case d < -1e-9:
			return 100 * (lo - c) / d
		}
		return math.Inf(1)
	}
	for _, p := range k.points {
		most = math.Min(most, limit(p.X, c.X, r.min.X+k.margin, r.max.X-k.margin))
		most = math.Min(most, limit(p.Y, c.Y, r.min.Y+k.margin, r.max.Y-k.margin))
	}
	return math.Max(most, 100)
}

// pose is the moving group's transform at one moment: a turn and a scale about the pivot, then a shift.
type pose struct {
	pivot, shift svg.Point
	degrees      float64
	sx, sy       float64 // percent
}

func (p pose) apply(q svg.Point) svg.Point {
	x, y := (q.X-p.pivot.X)*p.sx/100, (q.Y-p.pivot.Y)*p.sy/100
	sin, cos := math.Sincos(p.degrees * math.Pi / 180)
	return svg.Point{X: p.pivot.X + p.shift.X + x*cos - y*sin, Y: p.pivot.Y + p.shift.Y + x*sin + y*cos}
}

// poses are the extreme transforms the move's tracks reach in any state: each track at the least and
// the most it takes (curves never leave the span of their keys), and turns at every few degrees between,
// since a box's reach is not monotonic in its angle.
func (m move) poses() []pose {
	poses := []pose{{pivot: m.pivot, sx: 100, sy: 100}}
	for _, tk := range m.def.tracks {
		lo, hi := tk.extremes()
		values := []float64{lo, hi}
		if tk.prop == turn {
			values = values[:0]
			steps := max(2, int(math.Ceil(math.Abs(hi-lo)*m.amp*tk.gain/5)))
			for i := 0; i <= steps; i++ {
				values = append(values, lo+(hi-lo)*float64(i)/float64(steps))
			}
		}
		var next []pose
		for _, p := range poses {
			for _, v := range values {
				next = append(next, m.posed(p, tk, v))
			}
		}
		poses = next
	}
	return poses
}

// posed is p with track tk at value v (in amplitudes).
func (m move) posed(p pose, tk track, v float64) pose {
	val := m.valueOf(tk)(v)
	switch tk.prop {
	case turn:
		p.degrees = val[0]
	case shift:
		p.shift = svg.Point{X: val[0] - m.pivot.X, Y: val[1] - m.pivot.Y}
	case grow, flatten, squash:
		p.sx, p.sy = val[0], val[1]
	}
	return p
}

// extremes are the least and the most value, in amplitudes, a track takes in any of its gestures (rest,
// 0, included).
func (tk track) extremes() (lo, hi float64) {
	for _, g := range []gesture{tk.hover, tk.loop, tk.enter} {
		for _, k := range g {
			lo, hi = math.Min(lo, k.v), math.Max(hi, k.v)
		}
	}
	return lo, hi
}

// enclosingCircle is the smallest circle around points (at least one): the pivot a full turn needs
// least room about. Incremental, as Welzl's algorithm without its shuffle, which is fast enough for the
// few hundred points of an icon's parts.
func enclosingCircle(points []svg.Point) (svg.Point, float64) {
	c, r := points[0], 0.0
	inside := func(p svg.Point) bool { return distance(c, p) <= r+1e-9 }
	for i, p := range points {
		if inside(p) {
			continue
		}
		c, r = p, 0
		for j, q := range points[:i] {
			if inside(q) {
				continue
			}
			c, r = svg.Point{X: (p.X + q.X) / 2, Y: (p.Y + q.Y) / 2}, distance(p, q)/2
			for _, s := range points[:j] {
				if !inside(s) {
					c, r = circumcircle(p, q, s)
				}
			}
		}
	}
	return c, r
}

// circumcircle is the circle through three points; for points on a line, the one on the two furthest apart.
func circumcircle(a, b, c svg.Point) (svg.Point, float64) {
	d := 2 * (a.X*(b.Y-c.Y) + b.X*(c.Y-a.Y) + c.X*(a.Y-b.Y))
	if math.Abs(d) < 1e-12 {
		p, q := a, b
		for _, pair := range [][2]svg.Point{{a, c}, {b, c}} {
			if distance(pair[0], pair[1]) > distance(p, q) {
				p, q = pair[0], pair[1]
			}
		}
		return svg.Point{X: (p.X + q.X) / 2, Y: (p.Y + q.Y) / 2}, distance(p, q) / 2
	}
	a2, b2, c2 := a.X*a.X+a.Y*a.Y, b.X*b.X+b.Y*b.Y, c.X*c.X+c.Y*c.Y
	o := svg.Point{X: (a2*(b.Y-c.Y) + b2*(c.Y-a.Y) + c2*(a.Y-b.Y)) / d, Y: (a2*(c.X-b.X) + b2*(a.X-c.X) + c2*(b.X-a.X)) / d}
	return o, distance(o, a)
}

// maxOutside is how many grid cells outside itself a shrunk copy may paint before grows stops looking:
// one in fifty of the few hundred a filled icon covers.
const maxOutside = 12

// growthCentre is the point the filled drawing fig can grow from without painting outside itself: the
// centre of its box when that works, else the nearest to it of a 5×5 grid of points across the box; ok
// is false when none does (a ring) or the drawing is too thin to grow in (a chevron).
func growthCentre(fig Figure) (c svg.Point, ok bool) {
	a := newArea(fig)
	centre := a.box.center()
	if a.thin() {
		return centre, false // a filled stroke (a chevron): nothing inside it to grow, and the outline is it already
	}
	candidates := []svg.Point{centre}
	for i := 1; i <= 5; i++ {
		for j := 1; j <= 5; j++ {
			candidates = append(candidates, svg.Point{X: a.box.min.X + (a.box.max.X-a.box.min.X)*float64(i)/6,
				Y: a.box.min.Y + (a.box.max.Y-a.box.min.Y)*float64(j)/6})
		}
	}
	slices.SortStableFunc(candidates, func(p, q svg.Point) int { return cmp.Compare(distance(p, centre), distance(q, centre)) })
	for _, c := range candidates {
		if a.grows(c) {
			return c, true
		}
	}
	return centre, false
}

// area is what a filled drawing paints: its contours as closed polylines, and the one-unit grid cells of
// the artboard it covers.
type area struct {
	rings []ring
	box   box
	cells [Size][Size]bool
}

func newArea(fig Figure) *area {
	a := &area{box: fig.bounds(nil)}
	for _, p := range fig {
		for _, ct := range p.Contours {
			a.rings = append(a.rings, newRing(sample(ct)))
		}
	}
	for y := range Size {
		for x := range Size {
			a.cells[y][x] = a.covers(svg.Point{X: float64(x) + 0.5, Y: float64(y) + 0.5})
		}
	}
	return a
}

// thin reports whether the drawing covers under two fifths of its box (a chevron covers a third, a heart
// two thirds): a stroke filled in, which no copy grown from a point inside it stays within.
func (a *area) thin() bool {
	covered := 0
	for y := range Size {
		for x := range Size {
			if a.cells[y][x] {
				covered++
			}
		}
	}
	return float64(covered) < 0.4*(a.box.max.X-a.box.min.X)*(a.box.max.Y-a.box.min.Y)
}

// covers reports whether the drawing paints q (non-zero winding, as Lottie and SVG fill).
func (a *area) covers(q svg.Point) bool {
	return q.X >= a.box.min.X && q.X <= a.box.max.X && q.Y >= a.box.min.Y && q.Y <= a.box.max.Y && winding(a.rings, q) != 0
}

// grows reports whether the drawing, shrunk about c to a half, a quarter and three quarters of its size,
// stays within itself (on the grid, but for one cell in fifty): then growing it from c never paints
// outside its own final shape. A ring does not, nor does a shape whose centre falls in a hole or outside
// it (a filled check mark, three bars).
func (a *area) grows(c svg.Point) bool {
	outside, cells := 0, 0
	for _, s := range []float64{0.5, 0.25, 0.75} {
		for y := range Size {
			for x := range Size {
				g := svg.Point{X: float64(x) + 0.5, Y: float64(y) + 0.5}
				if a.covers(svg.Point{X: c.X + (g.X-c.X)/s, Y: c.Y + (g.Y-c.Y)/s}) { // painted by the shrunk copy
					cells++
					if !a.cells[y][x] {
						outside++
					}
				}
			}
		}
		if outside > maxOutside {
			return false // far out already: no need to look closer
		}
	}
	return cells > 0 && outside*50 <= cells
}

// ring is a closed polyline and the span of its y, for the rays that cannot cross it.
type ring struct {
	points     []svg.Point
	minY, maxY float64
}

func newRing(points []svg.Point) ring {
	r := ring{points: points, minY: math.Inf(1), maxY: math.Inf(-1)}
	for _, p := range points {
		r.minY, r.maxY = math.Min(r.minY, p.Y), math.Max(r.maxY, p.Y)
	}
	return r
}

// winding is the winding number of closed polylines about q (non-zero: inside, as Lottie and SVG fill).
func winding(rings []ring, q svg.Point) int {
	w := 0
	for _, r := range rings {
		if q.Y < r.minY || q.Y > r.maxY {
			continue
		}
		for i, a := range r.points {
			b := r.points[(i+1)%len(r.points)]
			cross := (b.X-a.X)*(q.Y-a.Y) - (q.X-a.X)*(b.Y-a.Y)
			switch {
			case a.Y <= q.Y && b.Y > q.Y && cross > 0:
				w++
			case a.Y > q.Y && b.Y <= q.Y && cross < 0:
				w--
			}
		}
	}
	return w
}
