package svg

import "math"

// arc converts the SVG elliptical arc from p0 to p3 into cubics of at most 90° each, following the
// endpoint-to-center conversion of SVG 1.1 F.6.5 and the out-of-range parameter rules of F.6.6:
// identical end points give no segments, a zero radius gives a straight line, negative radii are
// taken as absolute values and radii too small to reach p3 are scaled up uniformly. The first and
// last segments start and end exactly at p0 and p3. Results may be non-finite for extreme input;
// callers check.
func arc(p0 Point, rx, ry, rotDeg float64, large, sweep bool, p3 Point) []Cubic {
	if p0 == p3 {
		return nil
	}
	rx, ry = math.Abs(rx), math.Abs(ry)
	if rx == 0 || ry == 0 {
		return []Cubic{line(p0, p3)}
	}
	sin, cos := math.Sincos(math.Mod(rotDeg, 360) * math.Pi / 180)

	// F.6.5.1: the start point in a frame centered on the chord midpoint with axes along the ellipse's.
	dx, dy := p0.X/2-p3.X/2, p0.Y/2-p3.Y/2
	x1, y1 := cos*dx+sin*dy, -sin*dx+cos*dy

	// Work in the unit-circle frame of the ellipse, where (ux, uy) is the start point.
	ux, uy := x1/rx, y1/ry
	lambda := ux*ux + uy*uy
	var cx, cy float64 // center in the rotated frame, relative to the chord midpoint
	if lambda == 0 {
		// The end points differ by less than the float64 resolution of the radii.
		return []Cubic{line(p0, p3)}
	}
	if lambda > 1 {
		// F.6.6.3: scale the radii so the ellipse just reaches; the center is the chord midpoint.
		rx, ry = math.Hypot(x1, y1*rx/ry), math.Hypot(x1*ry/rx, y1)
		ux, uy = x1/rx, y1/ry
	} else {
		// F.6.5.2 divided through by rx²ry².
		coef := math.Sqrt(math.Max(0, (1-lambda)/lambda))
		if large == sweep {
			coef = -coef
		}
		cx, cy = coef*uy*rx, -coef*ux*ry
	}
	// F.6.5.3: the center in user space.
	mx, my := p0.X/2+p3.X/2, p0.Y/2+p3.Y/2
	center := Point{cos*cx - sin*cy + mx, sin*cx + cos*cy + my}

	// F.6.5.5/6: start angle and sweep, measured in the unit-circle frame.
	ccx, ccy := cx/rx, cy/ry
	theta := math.Atan2(uy-ccy, ux-ccx)
	delta := math.Atan2(-uy-ccy, -ux-ccx) - theta
	if !sweep && delta > 0 {
		delta -= 2 * math.Pi
	} else if sweep && delta < 0 {
		delta += 2 * math.Pi
	}

	n := 1
	if f := math.Ceil(math.Abs(delta)/(math.Pi/2) - 1e-9); f > 1 {
		n = int(math.Min(f, 4))
	}
	step := delta / float64(n)
	k := 4.0 / 3 * math.Tan(step/4)

	// toUser maps a point of the unit circle frame to user space.
	toUser := func(x, y float64) Point {
		x, y = x*rx, y*ry
		return Point{cos*x - sin*y + center.X, sin*x + cos*y + center.Y}
	}
	segs := make([]Cubic, n)
	start := p0
	sa, ca := math.Sincos(theta)
	for i := range segs {
		sb, cb := math.Sincos(theta + step*float64(i+1))
		end := p3
		if i < n-1 {
			end = toUser(cb, sb)
		}
		segs[i] = Cubic{
			P0: start,
			C1: toUser(ca-k*sa, sa+k*ca),
			C2: toUser(cb+k*sb, sb-k*cb),
			P3: end,
		}
		start, sa, ca = end, sb, cb
	}
	return segs
}
