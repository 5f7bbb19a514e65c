package motion

import (
	"math"
	"slices"

	"github.com/iconlib/iconlib/build/internal/lottie"
	"github.com/iconlib/iconlib/build/internal/svg"
)

// Target is another icon an icon morphs into (a toggle: menu into x, play into pause).
type Target struct {
	ID      string
	Outline Figure
	Accent  []int // its parts in the secondary colour slot, as Icon's
}

// A shape morph resamples both drawings' contours to the same number of points, pairs the contours,
// and keys each pair's path from one to the other; a contour without a partner fades out (or in).

// polyline is a contour resampled at even steps along its length.
type polyline []svg.Point

// pairMorph returns the groups that play the morph from fig into other and back within g, hidden
// outside it. Contours pair within their colour slot, so no path changes slot on the way: an accent
// that has no partner in the other drawing leaves or arrives as one.
func pairMorph(fig, other Figure, g toggle) []lottie.Shape {
	var shapes []lottie.Shape
	for _, s := range Slots {
		shapes = append(shapes, slotMorph(s, inSlot(fig, s), inSlot(other, s), g)...)
	}
	return shapes
}

// slotMorph is pairMorph of the parts of one slot s.
func slotMorph(s Slot, fig, other Figure, g toggle) []lottie.Shape {
	from, to := strokes(fig), strokes(other)
	pairs, lone, arriving := pairUp(from, to)
	reshape := g.changeAt(0.05, 1) // from two frames in to the end of the moving frames
	var paths []lottie.Shape
	for _, p := range pairs {
		a, b := matched(p)
		paths = append(paths, reshape.reshaped(smoothPath(a), smoothPath(b)))
	}
	var shapes []lottie.Shape
	if len(paths) > 0 {
		shapes = append(shapes, slotGroup(s, lottie.GroupTransform{Opacity: within(g, 100)}, append(paths, slotStroke(s))...))
	}
	// A contour without a partner leaves, and one arriving comes, in one frame halfway, as the paired
	// paths pass their middle (and back): no frame shows both, neither, or either half faded.
	mid := g.changeAt(0.5, 0.5)
	fadeGroup := func(c polyline, was, becomes float64) lottie.Shape {
		opacity := within(g, was, mid.stepped([]float64{was}, []float64{becomes})...)
		return slotGroup(s, lottie.GroupTransform{Opacity: opacity}, lottie.NewPath(smoothPath(c)), slotStroke(s))
	}
	for _, c := range lone {
		shapes = append(shapes, fadeGroup(c, 100, 0))
	}
	for _, c := range arriving {
		shapes = append(shapes, fadeGroup(c, 0, 100))
	}
	return shapes
}

// strokes resamples every contour of a drawing's stroked parts; a closed contour ends where it starts.
func strokes(fig Figure) []polyline {
	var out []polyline
	for _, p := range fig {
		for _, c := range p.Contours {
			out = append(out, sample(c))
		}
	}
	return out
}

// sample walks a contour in fine steps and keeps points about every half unit along it.
func sample(c svg.Contour) polyline {
	fine := polyline{c.Start}
	for _, s := range c.Segments {
		for i := 1; i <= 16; i++ {
			fine = append(fine, cubicAt(s, float64(i)/16))
		}
	}
	n := int(math.Ceil(length(fine) / 0.5))
	return resample(fine, min(max(n, 2), 64))
}

func cubicAt(s svg.Cubic, t float64) svg.Point {
	u := 1 - t
	a, b, c, d := u*u*u, 3*u*u*t, 3*u*t*t, t*t*t
	return svg.Point{X: a*s.P0.X + b*s.C1.X + c*s.C2.X + d*s.P3.X, Y: a*s.P0.Y + b*s.C1.Y + c*s.C2.Y + d*s.P3.Y}
}

func length(p polyline) float64 {
	l := 0.0
	for i := 1; i < len(p); i++ {
		l += distance(p[i-1], p[i])
	}
	return l
}

// resample returns n points at even steps along p.
func resample(p polyline, n int) polyline {
	total := length(p)
	if len(p) < 2 || total == 0 {
		out := make(polyline, n)
		for i := range out {
			out[i] = p[0]
		}
		return out
	}
	out := make(polyline, 0, n)
	seg, walked := 1, 0.0
	for i := 0; i < n; i++ {
		want := total * float64(i) / float64(n-1)
		for seg < len(p)-1 && walked+distance(p[seg-1], p[seg]) < want {
			walked += distance(p[seg-1], p[seg])
			seg++
		}
		d := distance(p[seg-1], p[seg])
		t := 0.0
		if d > 0 {
			t = math.Min(1, (want-walked)/d)
		}
		out = append(out, svg.Point{X: p[seg-1].X + (p[seg].X-p[seg-1].X)*t, Y: p[seg-1].Y + (p[seg].Y-p[seg-1].Y)*t})
	}
	return out
}

// matched resamples a pair of contours to the same number of points, the second run the way that keeps
// its points nearest the first's: point i of one becomes point i of the other as the pair morphs.
func matched(p [2]polyline) (a, b polyline) {
	n := max(len(p[0]), len(p[1]))
	a = resample(p[0], n)
	return a, align(resample(p[1], n), a)
}

// align runs b the way that keeps its points nearest a's (forwards or backwards).
func align(b, a polyline) polyline {
	rev := slices.Clone(b)
	slices.Reverse(rev)
	if gap(rev, a) < gap(b, a) {
		return rev
	}
	return b
}

func gap(a, b polyline) float64 {
	g := 0.0
	for i := range a {
		g += distance(a[i], b[i])
	}
	return g
}

func centroid(p polyline) svg.Point {
	var c svg.Point
	for _, q := range p {
		c.X += q.X / float64(len(p))
		c.Y += q.Y / float64(len(p))
	}
	return c
}

// pairUp pairs contours of two drawings, nearest centres first; it returns the pairs, the contours of
// the first drawing left without a partner, and those of the second.
func pairUp(from, to []polyline) (pairs [][2]polyline, lone, arriving []polyline) {
	usedA, usedB := make([]bool, len(from)), make([]bool, len(to))
	for range min(len(from), len(to)) {
		bi, bj, best := -1, -1, math.Inf(1)
		for i, a := range from {
			for j, b := range to {
				if usedA[i] || usedB[j] {
					continue
				}
				if d := distance(centroid(a), centroid(b)) + math.Abs(length(a)-length(b))/4; d < best {
					bi, bj, best = i, j, d
				}
			}
		}
		usedA[bi], usedB[bj] = true, true
		pairs = append(pairs, [2]polyline{from[bi], to[bj]})
	}
	for i, a := range from {
		if !usedA[i] {
			lone = append(lone, a)
		}
	}
	for j, b := range to {
		if !usedB[j] {
			arriving = append(arriving, b)
		}
	}
	return pairs, lone, arriving
}

// smoothPath draws a polyline as a Lottie path through its points, with Catmull-Rom tangents: straight
// runs stay straight, curves stay round.
func smoothPath(p polyline) lottie.Bezier {
	b := lottie.Bezier{}
	for i, q := range p {
		prev, next := p[max(i-1, 0)], p[min(i+1, len(p)-1)]
		t := svg.Point{X: (next.X - prev.X) / 6, Y: (next.Y - prev.Y) / 6}
		if i == 0 || i == len(p)-1 {
			t = svg.Point{}
		}
		b.Vertices = append(b.Vertices, [2]float64{round2(q.X), round2(q.Y)})
		b.In = append(b.In, [2]float64{round2(-t.X), round2(-t.Y)})
		b.Out = append(b.Out, [2]float64{round2(t.X), round2(t.Y)})
	}
	return b
}
