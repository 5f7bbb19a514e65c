package e2e

import (
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/iconlib/iconlib/internal/catalog"
)

// What TestMotionStates checks, read from the icon records (public/api/v1/icons/<id>.json), so the test
// follows the generator as it adds motions, styles and states. docs/design.md, "Animation files", says
// what the states mean.

// Thresholds of TestMotionStates. Pictures are 96×96 masks (alpha > 127); overlap is |A∩B| / |A∪B|.
const (
	motionSize        = 96
	motionMinOverlap  = 0.95 // the end of a state and its SVG; a loop's first and last frames
	motionMinInk      = 0.03 // a hover frame shows at least this share of the still icon's pixels: not blank (wifi's dot alone is 3.7%)
	motionMoved       = 0.97 // a non-draw hover overlaps its still icon less than this somewhere: ≥ 3% of its pixels change (a badge's pop, a blink)
	motionMaxAtStart  = 0.02 // the file's first frame: at most this share of the SVG's pixels (draw-on)
	motionHoverStride = 1    // every frame of a hover is measured
	motionInsideSize  = 48   // pixels an artboard takes in the inside check's widened drawing (harness.js ROOM)
	motionMiddleSlack = 0.01 // the middle check's allowance for anti-aliasing
)

// Check kinds, in the order they are reported.
const (
	checkEnd    = "end"    // the last frames of a state match a static SVG
	checkBlank  = "blank"  // no frame of a hover is blank
	checkMoves  = "moves"  // a non-draw hover moves pixels
	checkLoop   = "loop"   // a loop's last frame matches its first
	checkStart  = "start"  // the file starts empty
	checkInside = "inside" // no frame draws outside the artboard
	checkMiddle = "middle" // a morph's middle frames are never further from both ends than the ends are apart
	checkFrom   = "from"   // the first frame of a morph's way back (morph-<id>-back) matches the icon it comes from
)

var checkKinds = []string{checkEnd, checkFrom, checkBlank, checkMoves, checkLoop, checkStart, checkInside, checkMiddle}

// Strides of the inside check: every second frame of a hover, every fourth of a loop or a morph (the
// widened drawing has nine times the pixels of a frame).
const (
	insideHoverStride = 2
	insideStride      = 4
)

// svgOf is the site path of the static SVG of a style of an icon.
func svgOf(r catalog.Icon, style string) string {
	for _, f := range r.Files {
		if f.Style == style {
			return sitePath(f.SVGURL)
		}
	}
	return sitePath(r.SVGURL)
}

func isHover(s catalog.State) bool { return s.Name == "hover" || strings.HasPrefix(s.Name, "hover-") }

// sitePath turns an absolute URL the build wrote into a path on the site, so the harness can fetch it
// from its own origin.
func sitePath(u string) string {
	p, err := url.Parse(u)
	if err != nil || p.Path == "" {
		return u
	}
	return p.EscapedPath()
}

// motionJob is one animation file for the page to measure (harness.js, measure): the frames to draw,
// the static SVGs to draw (refs, by name), and the pairs of pictures whose common pixels it counts;
// pictures are "f<frame>" or "r<ref name>".
type motionJob struct {
	Key    string            `json:"key"`
	File   string            `json:"file"`
	Frames []int             `json:"frames"`
	Refs   map[string]string `json:"refs"`
	Pairs  [][2]string       `json:"pairs"`
	Inside []int             `json:"inside"` // frames drawn widened, for the inside check

	id, style string
	checks    []motionCheck
}

// motionCheck is one check of one state of one file.
type motionCheck struct {
	kind, state string
	ref         string // the reference picture's name (end, from, blank, moves, start); middle: its last frame
	from        string // middle: the state's first frame
	frames      []int  // the frames measured
	first       int    // loop: the frame the last ones must match
}

// motionResult is the page's answer for a job.
type motionResult struct {
	Key     string         `json:"key"`
	Error   string         `json:"error"`
	Pixels  map[string]int `json:"pixels"`
	Common  []int          `json:"common"`
	Outside map[string]int `json:"outside"` // by frame: pixels drawn outside the artboard
}

func framePic(f int) string { return fmt.Sprintf("f%d", f) }

// planMotionJobs lists what to measure for every file of an icon; other gives the record of a morph
// target.
func planMotionJobs(r catalog.Icon, other func(id string) (catalog.Icon, error)) ([]motionJob, error) {
	var jobs []motionJob
	for _, f := range r.Files {
		job := motionJob{Key: r.ID + "/" + f.Style, File: sitePath(f.FileURL), Refs: map[string]string{},
			id: r.ID, style: f.Style}
		frames := map[int]bool{}
		pairs := map[[2]string]bool{}
		ref := func(name, path string) string {
			job.Refs[name] = path
			return name
		}
		own := ref(f.Style, sitePath(f.SVGURL))
		add := func(c motionCheck, withRef bool) {
			for _, fr := range c.frames {
				frames[fr] = true
				if withRef {
					pairs[[2]string{framePic(fr), "r" + c.ref}] = true
				}
			}
			if c.kind == checkLoop {
				frames[c.first] = true
				for _, fr := range c.frames {
					pairs[[2]string{framePic(c.first), framePic(fr)}] = true
				}
			}
			job.checks = append(job.checks, c)
		}
		ends := func(s catalog.State) []int { return uniqueInts(max(s.StartFrame, s.EndFrame-1), s.EndFrame) }
		// middle compares a quarter, half and three quarters through a morph with its two ends as the same
		// renderer draws them (its first and last frame), so that a frame equal to an end scores as one.
		middle := func(s catalog.State) {
			c := motionCheck{kind: checkMiddle, state: s.Name, from: strconv.Itoa(s.StartFrame), ref: strconv.Itoa(s.EndFrame)}
			first, last := framePic(s.StartFrame), framePic(s.EndFrame)
			frames[s.StartFrame], frames[s.EndFrame] = true, true
			for k := 1; k <= 3; k++ {
				fr := s.StartFrame + (s.EndFrame-s.StartFrame)*k/4
				c.frames = append(c.frames, fr)
				frames[fr] = true
				pairs[[2]string{framePic(fr), first}] = true
				pairs[[2]string{framePic(fr), last}] = true
			}
			pairs[[2]string{first, last}] = true
			job.checks = append(job.checks, c)
		}
		if f.Style == "outline" {
			start := 0
			if i := slices.IndexFunc(r.States, func(s catalog.State) bool { return s.Name == "in" }); i >= 0 {
				start = r.States[i].StartFrame
			}
			add(motionCheck{kind: checkStart, state: "in", ref: own, frames: []int{start}}, false)
		}
		for _, s := range r.States {
			if !slices.Contains(s.Styles, f.Style) {
				continue
			}
			if s.EndFrame < s.StartFrame {
				return nil, fmt.Errorf("icon %s: state %s ends (%d) before it starts (%d)", r.ID, s.Name, s.EndFrame, s.StartFrame)
			}
			switch {
			case s.Name == "morph":
				add(motionCheck{kind: checkEnd, state: s.Name, ref: ref("filled", svgOf(r, "filled")), frames: ends(s)}, true)
				middle(s)
			case s.Name == "morph-back":
				add(motionCheck{kind: checkEnd, state: s.Name, ref: ref("outline", svgOf(r, "outline")), frames: ends(s)}, true)
				middle(s)
			case s.TargetIcon != "":
				o, err := other(s.TargetIcon)
				if err != nil {
					return nil, fmt.Errorf("icon %s: state %s: target icon: %w", r.ID, s.Name, err)
				}
				target := ref("icon:"+o.ID, svgOf(o, "outline"))
				if s.MorphsBack() { // from the target back to this icon
					add(motionCheck{kind: checkFrom, state: s.Name, ref: target, frames: []int{s.StartFrame}}, true)
					add(motionCheck{kind: checkEnd, state: s.Name, ref: ref("outline", svgOf(r, "outline")), frames: ends(s)}, true)
				} else {
					add(motionCheck{kind: checkEnd, state: s.Name, ref: target, frames: ends(s)}, true)
				}
				middle(s)
			case s.Name == "in" || s.Name == "hover" || strings.HasPrefix(s.Name, "in-") || strings.HasPrefix(s.Name, "hover-"):
				add(motionCheck{kind: checkEnd, state: s.Name, ref: own, frames: ends(s)}, true)
			}
			if isHover(s) {
				var all []int
				for fr := s.StartFrame; fr <= s.EndFrame; fr += motionHoverStride {
					all = append(all, fr)
				}
				all = uniqueInts(append(all, s.EndFrame)...)
				add(motionCheck{kind: checkBlank, state: s.Name, ref: own, frames: all}, false)
				if s.Motion != "draw" {
					add(motionCheck{kind: checkMoves, state: s.Name, ref: own, frames: all}, true)
				}
			}
			if stride := insideStride; isHover(s) || s.Loop || s.Motion == "morph" {
				if isHover(s) {
					stride = insideHoverStride
				}
				var inside []int
				for fr := s.StartFrame; fr <= s.EndFrame; fr += stride {
					inside = append(inside, fr)
				}
				c := motionCheck{kind: checkInside, state: s.Name, frames: uniqueInts(inside...)}
				job.Inside = append(job.Inside, c.frames...)
				job.checks = append(job.checks, c)
			}
			if s.Loop {
				// Seamless: the frame after the last one a player shows before wrapping (lottie-web shows up
				// to end_frame-1) is the first again, so end_frame shows what start_frame does.
				add(motionCheck{kind: checkLoop, state: s.Name, first: s.StartFrame, frames: []int{s.EndFrame}}, false)
			}
		}
		job.Inside = uniqueInts(job.Inside...)
		for fr := range frames {
			job.Frames = append(job.Frames, fr)
		}
		slices.Sort(job.Frames)
		for p := range pairs {
			job.Pairs = append(job.Pairs, p)
		}
		slices.SortFunc(job.Pairs, func(a, b [2]string) int { return strings.Compare(a[0]+"|"+a[1], b[0]+"|"+b[1]) })
		jobs = append(jobs, job)
	}
	return jobs, nil
}

func uniqueInts(v ...int) []int {
	s := slices.Clone(v)
	slices.Sort(s)
	return slices.Compact(s)
}
