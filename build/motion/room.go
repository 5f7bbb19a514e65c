package motion

import (
	"math"

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
			k.points = append(k.points, sample(c)...)
		}
	}
	return k
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
	if len(m.def.tracks) == 0 || m.def.tracks[0].prop == fade || m.def.redraws() || len(fig) == 0 || len(fig[0].Contours) == 0 {
		return m.amp
	}
	k, r := inkOf(fig, m.parts), room(fig)
	if m.fits(k, m.amp, r) {
		return m.amp
	}
	lo, hi := 0.0, m.amp
	for range 16 {
		mid := (lo + hi) / 2
		if m.fits(k, mid, r) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo
}

// fits reports whether ink k stays in room r at every pose of the move at amplitude amp.
func (m move) fits(k ink, amp float64, r box) bool {
	in := box{min: svg.Point{X: r.min.X + k.margin, Y: r.min.Y + k.margin}, max: svg.Point{X: r.max.X - k.margin, Y: r.max.Y - k.margin}}
	at := m
	at.amp = amp
	for _, pose := range at.poses() {
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
