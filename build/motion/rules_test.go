package motion

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/iconlib/iconlib/build/internal/svg"
)

func TestRulesChooseFromMeaning(t *testing.T) {
	ring := Figure{{Paint: Paint{Stroke: true, Opacity: 1}, Contours: contours(t, svg.Element{Name: "circle", Attrs: map[string]string{"cx": "12", "cy": "12", "r": "9"}})}}
	badged := append(bell(t), pathPart(t, "M16 19h6"), pathPart(t, "M19 16v6"))   // a bell with a plus badge
	marked := Figure{ring[0], pathPart(t, "M9 12l2 2l4 -4")}                      // a check inside a circle
	slashed := append(bell(t), pathPart(t, "M3 3l18 18"), pathPart(t, "M12 3v1")) // a bell off, its slash not last
	dotted := Figure{ring[0], pathPart(t, "M12 12h.01")}                          // a dot inside a circle
	for _, tc := range []struct {
		id, category string
		tags         []string
		fig          Figure
		want         Choreography
	}{
		{id: "arrow-up-right", category: "Arrows", fig: bell(t), want: Choreography{Motion: "nudge", Direction: "up-right"}},
		{id: "arrows-left-right", category: "Arrows", fig: bell(t), want: Choreography{Motion: "shake", Direction: "right"}},
		{id: "chevron-down", category: "Arrows", fig: bell(t), want: Choreography{Motion: "nudge", Direction: "down"}},
		{id: "download", category: "System", fig: bell(t), want: Choreography{Motion: "nudge", Direction: "down"}},
		{id: "bell-plus", category: "System", fig: badged, want: Choreography{Motion: "mark", Parts: []int{3, 4}}},
		{id: "circle-check", category: "Shapes", fig: marked, want: Choreography{Motion: "mark", Parts: []int{2}}},
		{id: "bell-off", category: "System", fig: slashed, want: Choreography{Motion: "mark", Parts: []int{3}}},
		{id: "circle-music", category: "Shapes", fig: marked, want: Choreography{Motion: "float", Parts: []int{2}}},
		{id: "circle-asterisk", category: "Shapes", fig: marked, want: Choreography{Motion: "mark", Parts: []int{2}}},
		{id: "circle-dot", category: "Shapes", fig: dotted, want: Choreography{Motion: "bounce", Parts: []int{2}}},
		{id: "bell-ringing", category: "System", fig: bell(t), want: Choreography{Motion: "swing"}},
		{id: "letter-x", category: "Letters", fig: bell(t), want: Choreography{Motion: "write"}},
		{id: "percentage-0", category: "System", tags: []string{"loading"}, fig: ring, want: Choreography{Motion: "pop"}},
		{id: "loader-2", category: "System", fig: bell(t), want: Choreography{Motion: "spin"}},
		{id: "sun-high", category: "Weather", fig: bell(t), want: Choreography{Motion: "spin"}},
		{id: "cloud-fog", category: "Weather", fig: bell(t), want: Choreography{Motion: "float"}},
		{id: "abacus", category: "Math", fig: bell(t), want: Choreography{Motion: "mark", Parts: []int{2}}},
		{id: "stroller", category: "Health", fig: bell(t), want: Choreography{Motion: "mark", Parts: []int{2}}},
		{id: "target", category: "Map", fig: ring, want: Choreography{Motion: "pop"}},
		{id: "battery", category: "Devices", fig: Figure{pathPart(t, tablerBattery)}, want: Choreography{Motion: "fill", Direction: "right"}},
		{id: "battery-vertical", category: "Devices", fig: Figure{pathPart(t, "M7 18v-11a2 2 0 0 1 2 -2h6a2 2 0 0 1 2 2v11a2 2 0 0 1 -2 2h-6a2 2 0 0 1 -2 -2")},
			want: Choreography{Motion: "fill", Direction: "up"}},
		{id: "battery-2", category: "Devices", fig: bell(t), want: Choreography{Motion: "sequence"}}, // its bars light up
		{id: "bell-heart", category: "System", fig: badged, want: Choreography{Motion: "fill", Parts: []int{3, 4}}},
		{id: "car", category: "Vehicles", fig: car(t), want: Choreography{Motion: "drive"}},
	} {
		if diff := cmp.Diff(tc.want, Choose(tc.id, tc.tags, tc.category, tc.fig)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.id, diff)
		}
	}
}
