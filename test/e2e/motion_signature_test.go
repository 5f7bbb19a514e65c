package e2e

import (
	"slices"
	"strings"
	"testing"

	"github.com/iconlib/iconlib/internal/catalog"
)

// TestSignatureMotionsOfWellKnownIcons pins what the best-known icons do when a person hovers them, and
// which of their parts move, as the built records say (the browser tests check the files do it).
func TestSignatureMotionsOfWellKnownIcons(t *testing.T) {
	lib := fullLibrary(t)
	for _, tc := range []struct {
		id, motion string
		parts      []int     // the SVG elements that move; nil: all of them
		pivot      []float64 // nil: not pinned
		direction  string    // "": not pinned
	}{
		{id: "bell", motion: "swing", pivot: []float64{12, 3}},
		{id: "settings", motion: "spin", pivot: []float64{12, 12}},
		{id: "heart", motion: "fill"},                                                               // liked: it fills from inside
		{id: "trash", motion: "tilt", parts: []int{1, 5}, pivot: []float64{4, 7}, direction: "ccw"}, // the lid tips open on its hinge
		{id: "arrow-right", motion: "nudge", direction: "right"},
		{id: "download", motion: "nudge", parts: []int{2, 3}, direction: "down"}, // the arrow, not the tray
		{id: "upload", motion: "nudge", parts: []int{2, 3}, direction: "up"},
		{id: "wifi", motion: "sequence"},
		{id: "loader", motion: "spin"},
		{id: "eye", motion: "blink"},
		{id: "clock", motion: "tick", parts: []int{2}, pivot: []float64{12, 12}}, // the hands
		{id: "lock", motion: "lift", parts: []int{3}, direction: "up"},           // the shackle
		{id: "check", motion: "mark"},                                            // the tick draws on again
		{id: "x", motion: "mark"},                                                // a close mark draws on, never shakes like an error
		{id: "bell-off", motion: "mark", parts: []int{3}},                        // the slash draws off and on; the bell stays
		{id: "alert-triangle", motion: "shake"},
		{id: "map-pin", motion: "bounce"},
		{id: "cloud", motion: "float"},
		{id: "circle-check", motion: "mark", parts: []int{2}}, // the check mark, not its circle
		{id: "letter-a", motion: "write"},                     // a letter is written, stroke by stroke
		{id: "brand-github", motion: "write"},
		{id: "chevron-left", motion: "nudge", direction: "left"},
		{id: "arrow-up-right", motion: "nudge", direction: "up-right"},
		{id: "send", motion: "nudge", direction: "up-right"},                                         // the plane flies off
		{id: "logout", motion: "nudge", parts: []int{2, 3}, direction: "right"},                      // the arrow leaves, the door stays
		{id: "login", motion: "nudge", parts: []int{2, 3}, direction: "left"},                        // its arrow points into the door
		{id: "refresh", motion: "spin", pivot: []float64{12, 12}, direction: "ccw"},                  // the way its arrows run
		{id: "search", motion: "swing", pivot: []float64{21, 21}},                                    // the lens sweeps about the handle's end
		{id: "home", motion: "mark", parts: []int{3}},                                                // the door draws on; the house stays
		{id: "user", motion: "nudge", parts: []int{1}, direction: "up"},                              // the head nods, the shoulders stay
		{id: "mail", motion: "open", parts: []int{2}, pivot: []float64{12, 7}, direction: "up"},      // the flap opens to its top edge
		{id: "door", motion: "open", parts: []int{1, 3}, pivot: []float64{6, 12}, direction: "left"}, // it swings on its hinge
		{id: "star", motion: "fill"},                                                                 // a favourite, filled
		{id: "battery", motion: "fill", direction: "right"},                                          // its charge rises from the left end
		{id: "player-play", motion: "pop"},                                                           // a press
		{id: "volume", motion: "sequence", parts: []int{3, 1, 2}},                                    // the waves light after the speaker
		{id: "battery-4", motion: "sequence"},                                                        // the bars fill
		{id: "microphone", motion: "beat", parts: []int{1}},                                          // the capsule, not the stand
		{id: "camera", motion: "pop", parts: []int{2}},                                               // the lens snaps
		{id: "map", motion: "pop"},                                                                   // not a pin: nothing bounces
		{id: "calendar-time", motion: "tick", parts: []int{6}, pivot: []float64{18, 18}},             // the hand of the badge
		{id: "car", motion: "drive", direction: "right"},                                             // its wheels roll
		{id: "bike", motion: "drive", direction: "right"},                                            // its two big wheels roll, not the head
		{id: "bookmark", motion: "fill"},                                                             // saved: it fills
		{id: "share", motion: "sequence", parts: []int{1, 4, 2, 5, 3}},                               // from the source node out
		{id: "filter", motion: "nudge", direction: "down"},                                           // through the funnel
		{id: "copy", motion: "nudge", parts: []int{1}, direction: "down-right"},                      // the copy slides off the original
		{id: "pencil", motion: "swing", pivot: []float64{4, 20}},                                     // about its tip
		{id: "edit", motion: "swing", parts: []int{2, 3}, pivot: []float64{9, 15}},                   // the pencil, not the page
		{id: "gauge", motion: "swing", parts: []int{3}, pivot: []float64{12, 12}},                    // the needle about its hub
		{id: "sun", motion: "spin", parts: []int{2}, pivot: []float64{12, 12}},                       // the rays turn, the disc stays
		{id: "stopwatch", motion: "tick", parts: []int{2}, pivot: []float64{12, 13}},                 // the hand, not the crown
		{id: "clock-hour-3", motion: "tick", parts: []int{2, 3}},                                     // both hands, each at its own speed
		{id: "time-duration-30", motion: "mark", parts: []int{3, 4, 5, 6, 7, 8}},                     // no hands: its dial, never a numeral
	} {
		t.Run(tc.id, func(t *testing.T) {
			rec := readRecord(t, lib.Public, tc.id)
			for _, s := range rec.States {
				if (s.Name == "hover" || s.Name == "loop" || s.Name == "in") && s.Motion != tc.motion {
					t.Errorf("%s plays %s, want %s", s.Name, s.Motion, tc.motion)
				}
			}
			i := slices.IndexFunc(rec.Motions, func(m catalog.Motion) bool { return m.Name == tc.motion })
			if i < 0 || !slices.ContainsFunc(rec.Motions, func(m catalog.Motion) bool { return m.Name == "draw" }) {
				t.Fatalf("motions %+v, want draw and %s", rec.Motions, tc.motion)
			}
			m := rec.Motions[i]
			if !slices.Equal(m.Parts, tc.parts) {
				t.Errorf("moving parts %v, want %v", m.Parts, tc.parts)
			}
			if tc.pivot != nil && !slices.Equal(m.Pivot, tc.pivot) {
				t.Errorf("pivot %v, want %v", m.Pivot, tc.pivot)
			}
			if tc.direction != "" && m.Direction != tc.direction {
				t.Errorf("direction %q, want %q", m.Direction, tc.direction)
			}
		})
	}
}

// TestWholeIconPopIsALastResort (issue 49): across the library at most 15% of icons pop as a whole as their
// signature, and every -off icon draws its slash (mark), never shaking like an error.
func TestWholeIconPopIsALastResort(t *testing.T) {
	c := readCatalog(t, fullLibrary(t).Public)
	pops := 0
	for _, ic := range c.Icons {
		sig := signatureOf(ic)
		if sig == "pop" {
			pops++
		}
		if strings.HasSuffix(ic.ID, "-off") && sig != "mark" {
			t.Errorf("%s's signature is %s; an -off icon draws its slash (mark)", ic.ID, sig)
		}
	}
	if share := float64(pops) / float64(len(c.Icons)); share > 0.15 {
		t.Errorf("%d of %d icons (%.1f%%) pop as a whole; want at most 15%%", pops, len(c.Icons), 100*share)
	}
	t.Logf("%d of %d icons pop as their signature", pops, len(c.Icons))
}

// signatureOf is the motion an icon's hover plays.
func signatureOf(ic catalog.Icon) string {
	for _, s := range ic.States {
		if s.Name == "hover" {
			return s.Motion
		}
	}
	return ""
}
