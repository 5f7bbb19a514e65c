package e2e

import (
	"cmp"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/iconlib/iconlib/internal/catalog"
)

// TestMotionStates plays every animation file of a sample of icons (ICONLIB_MOTION_SAMPLE=all: every
// icon; make motion-check-all) with two independent renderers in Chromium, lottie-web and Skottie, and
// checks each state a file holds, as the icon's record lists them (motion_plan_test.go):
//
//   - the last frame of in, hover, in-*, hover-*, morph-back and morph-<other>-back matches the static
//     SVG (morph: the filled SVG; morph-<other>: the other icon's outline SVG), at end_frame-1
//     (lottie-web's playSegments stops there) and at end_frame (lottie-ios and lottie-android stop
//     there); the first frame of morph-<other>-back matches the other icon's outline SVG;
//   - a quarter, half and three quarters through a morph, the frame is no further from both ends than
//     they are apart, and no frame of a hover, loop or morph draws outside the artboard;
//   - no frame of a hover is blank, and a hover whose motion is not draw moves pixels on its way;
//   - a loop's last frame matches its first;
//   - the outline file's first frame is empty (the draw-on starts from nothing).

func TestMotionStates(t *testing.T) {
	lib := fullLibrary(t)
	ids, err := motionSample(lib.Public, os.Getenv("ICONLIB_MOTION_SAMPLE"))
	if err != nil {
		t.Fatal(err)
	}
	records := map[string]catalog.Icon{}
	record := func(id string) (catalog.Icon, error) {
		if r, ok := records[id]; ok {
			return r, nil
		}
		r, err := loadRecord(lib.Public, id)
		if err == nil {
			records[id] = r
		}
		return r, err
	}
	var jobs []motionJob
	for _, id := range ids {
		r, err := record(id)
		if err != nil {
			t.Fatal(err)
		}
		js, err := planMotionJobs(r, record)
		if err != nil {
			t.Fatal(err)
		}
		jobs = append(jobs, js...)
	}
	if len(jobs) == 0 {
		t.Fatalf("no animation files in the records of %s", lib.Public)
	}
	frames := 0
	for _, j := range jobs {
		frames += len(j.Frames)
	}
	t.Logf("%d icons, %d files, %d frames a renderer", len(ids), len(jobs), frames)

	harness := newMotionHarness(t, edgeOf(t, lib))
	browser := newBrowser(t)
	// One to three minutes a renderer for the default sample on a busy 2-core machine (the inside check
	// draws a file's hover, loop and morph frames again at nine times the pixels); the whole library in
	// proportion: lottie-web needed 5.4 ms a frame with four other builds and test runs beside it.
	timeout := 3*time.Minute + time.Duration(frames)*10*time.Millisecond
	for _, renderer := range motionRenderers {
		t.Run(renderer, func(t *testing.T) {
			t.Parallel()
			if renderer == "skottie" && !skottieAvailable(t) {
				t.Skip("no CanvasKit")
			}
			ctx := openMotionTab(t, browser, harness, timeout, renderer)
			start := time.Now()
			results := measureMotion(t, ctx, renderer, jobs)
			t.Logf("measured %d files (%d frames) in %s", len(jobs), frames, time.Since(start).Round(time.Millisecond))
			outcomes, failures := judgeMotion(jobs, results)
			reportMotion(t, outcomes)
			if len(failures) > 0 {
				shown := failures[:min(len(failures), motionMaxListed)]
				more := ""
				if len(failures) > len(shown) {
					more = fmt.Sprintf("\n  … and %d more", len(failures)-len(shown))
				}
				t.Errorf("%s: %d problems in %d files:\n  %s%s", renderer, len(failures), len(jobs), strings.Join(shown, "\n  "), more)
			}
		})
	}
}

// motionMaxListed is how many problems a failing run lists.
const motionMaxListed = 200

// judgeMotion evaluates the page's results: every check's outcome, and the problems that fail the test,
// sorted.
func judgeMotion(jobs []motionJob, results []motionResult) ([]motionOutcome, []string) {
	var outcomes []motionOutcome
	var failures []string
	for i, job := range jobs {
		res := results[i]
		if res.Error != "" || res.Key != job.Key {
			failures = append(failures, fmt.Sprintf("%s: %s", job.Key, cmp.Or(res.Error, "answer for "+res.Key)))
			continue
		}
		for _, o := range evaluateMotion(job, res) {
			outcomes = append(outcomes, o)
			if o.problem != "" {
				failures = append(failures, fmt.Sprintf("%s/%s %s: %s", o.id, o.style, o.state, o.problem))
			}
		}
	}
	slices.Sort(failures)
	return outcomes, failures
}

// motionOutcome is one check's figure: the lowest overlap (end, loop), the lowest share of the still
// icon's pixels (blank), the lowest overlap with the still icon (moves), or the share of its pixels at
// the start (start); frame is where it was taken.
type motionOutcome struct {
	id, style, state, kind string
	value                  float64
	frame                  int
	problem                string // empty when the check passes
}

// evaluateMotion turns the page's pixel counts into the job's checks.
func evaluateMotion(job motionJob, res motionResult) []motionOutcome {
	common := map[[2]string]int{}
	for i, p := range job.Pairs {
		if i < len(res.Common) {
			common[p] = res.Common[i]
		}
	}
	overlap := func(a, b string) (float64, bool) {
		both, ok := common[[2]string{a, b}]
		pa, okA := res.Pixels[a]
		pb, okB := res.Pixels[b]
		if !ok || !okA || !okB {
			return 0, false
		}
		union := pa + pb - both
		if union == 0 {
			return 1, true // two empty pictures are alike
		}
		return float64(both) / float64(union), true
	}
	var out []motionOutcome
	for _, c := range job.checks {
		o := motionOutcome{id: job.id, style: job.style, state: c.state, kind: c.kind}
		ref := "r" + c.ref
		refPixels := res.Pixels[ref]
		fail := func(format string, args ...any) {
			if o.problem == "" {
				o.problem = fmt.Sprintf(format, args...)
			}
		}
		first := true
		take := func(v float64, fr int, lower bool) { // keeps the worst figure
			if first || (lower && v < o.value) || (!lower && v > o.value) {
				o.value, o.frame, first = v, fr, false
			}
		}
		if c.kind != checkLoop && c.kind != checkInside && c.kind != checkMiddle && refPixels == 0 {
			fail("the static SVG %s draws no pixels", job.Refs[c.ref])
		}
		for _, fr := range c.frames {
			pic := framePic(fr)
			switch c.kind {
			case checkEnd, checkFrom:
				v, ok := overlap(pic, ref)
				if !ok {
					fail("frame %d not measured", fr)
					continue
				}
				take(v, fr, true)
				if v < motionMinOverlap {
					fail("frame %d overlaps %s %.3f < %.2f (%d px, svg %d px)", fr, job.Refs[c.ref], v, motionMinOverlap, res.Pixels[pic], refPixels)
				}
			case checkBlank, checkStart:
				v := float64(res.Pixels[pic]) / float64(max(refPixels, 1))
				take(v, fr, c.kind == checkBlank)
			case checkMoves:
				v, ok := overlap(pic, ref)
				if !ok {
					fail("frame %d not measured", fr)
					continue
				}
				take(v, fr, true)
			case checkMiddle:
				from, to := "f"+c.from, "f"+c.ref
				apart, okE := overlap(from, to)
				a, okA := overlap(pic, from)
				b, okB := overlap(pic, to)
				if !okE || !okA || !okB {
					fail("frame %d not measured", fr)
					continue
				}
				take(max(a, b)-apart, fr, true)
			case checkInside:
				n, ok := res.Outside[strconv.Itoa(fr)]
				if !ok {
					fail("frame %d not measured widened", fr)
					continue
				}
				take(float64(n), fr, false)
			case checkLoop:
				v, ok := overlap(framePic(c.first), pic)
				if !ok {
					fail("frame %d not measured", fr)
					continue
				}
				take(v, fr, true)
				if v < motionMinOverlap {
					fail("last frame %d overlaps first frame %d %.3f < %.2f", fr, c.first, v, motionMinOverlap)
				}
			}
		}
		switch {
		case c.kind == checkBlank && o.value < motionMinInk:
			fail("frame %d is blank: %.1f%% of the still icon's pixels (min %.0f%%)", o.frame, 100*o.value, 100*motionMinInk)
		case c.kind == checkMoves && o.value >= motionMoved:
			fail("%s motion does not move: every frame overlaps the still icon ≥ %.3f (want < %.2f somewhere)", c.state, o.value, motionMoved)
		case c.kind == checkMiddle && o.value < -motionMiddleSlack:
			fail("frame %d is further from both ends than they are apart: overlap %.3f below theirs", o.frame, -o.value)
		case c.kind == checkInside && o.value > 0:
			fail("frame %d draws %.0f px outside the artboard (%d px to the artboard)", o.frame, o.value, motionInsideSize)
		case c.kind == checkStart && o.value > motionMaxAtStart:
			fail("frame %d not empty: %.1f%% of the svg's pixels drawn (max %.0f%%)", o.frame, 100*o.value, 100*motionMaxAtStart)
		}
		out = append(out, o)
	}
	return out
}

// reportMotion logs, per check kind, how many were made, the figures' min, median and max, and the worst
// few icons.
func reportMotion(t *testing.T, outcomes []motionOutcome) {
	t.Helper()
	for _, kind := range checkKinds {
		var of []motionOutcome
		for _, o := range outcomes {
			if o.kind == kind {
				of = append(of, o)
			}
		}
		if len(of) == 0 {
			continue
		}
		// For moves and start a high figure is the bad end.
		higherWorse := kind == checkMoves || kind == checkStart || kind == checkInside
		slices.SortFunc(of, func(a, b motionOutcome) int {
			if higherWorse {
				return cmp.Compare(b.value, a.value)
			}
			return cmp.Compare(a.value, b.value)
		})
		vals := make([]float64, len(of))
		failed := 0
		for i, o := range of {
			vals[i] = o.value
			if o.problem != "" {
				failed++
			}
		}
		worst := "all alike"
		if slices.Min(vals) != slices.Max(vals) {
			var w []string
			for _, o := range of[:min(5, len(of))] {
				w = append(w, fmt.Sprintf("%s/%s %s %.3f@%d", o.id, o.style, o.state, o.value, o.frame))
			}
			worst = "worst " + strings.Join(w, ", ")
		}
		t.Logf("%-5s %5d checks, %d past the threshold: min %.4f, median %.4f, max %.4f; %s", kind, len(of), failed,
			slices.Min(vals), median(vals), slices.Max(vals), worst)
	}
}

func median(v []float64) float64 {
	s := slices.Sorted(slices.Values(v))
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}
