package motion

import "github.com/iconlib/iconlib/internal/lottie"

// Timing curves: the draw accelerates in and settles out.
var (
	easeOut = &lottie.Easing{X: []float64{0.33}, Y: []float64{0}}
	easeIn  = &lottie.Easing{X: []float64{0.2}, Y: []float64{1}}
)

func key(frame int, value float64) lottie.Keyframe {
	return lottie.Keyframe{Time: frame, Start: []float64{value}, Out: easeOut, In: easeIn}
}

func hold(frame int, value float64) lottie.Keyframe {
	return lottie.Keyframe{Time: frame, Start: []float64{value}, Hold: 1}
}

// drawOn is the trim path of the draw motion, following States:
//
//	in     0–40:    end 0→100 by frame 36, then holds
//	loop   41–160:  end 0→100 by frame 90; start 0→100 from frame 100 to 150 (erase), holds empty
//	hover  161–199: end 0→100 by frame 192, then holds
func drawOn() lottie.Trim {
	end := lottie.Animate([]lottie.Keyframe{
		key(0, 0), hold(36, 100),
		key(41, 0), hold(90, 100),
		key(161, 0), hold(192, 100),
	})
	start := lottie.Animate([]lottie.Keyframe{
		hold(0, 0), key(100, 0), hold(150, 100),
		hold(161, 0),
	})
	return lottie.Trim{Type: "tm", Name: "draw", Start: start, End: end, Offset: lottie.Static(0),
		Mode: lottie.TrimIndividually}
}
