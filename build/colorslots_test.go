package build_test

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/iconlib/iconlib/internal/catalog"
	"github.com/iconlib/iconlib/internal/contract"
)

// TestRecordsListTheColorSlotsTheirFilesPaint: a container's glyph (circle-dot's dot) is secondary in
// the outline file, its filled drawing of one shape is primary alone, an arrow has no accent; every
// record lists its slots as its files hold them.
func TestRecordsListTheColorSlotsTheirFilesPaint(t *testing.T) {
	out := t.TempDir()
	runBuild(t, fixtureContent, out)
	want := map[string][]catalog.ColorSlot{
		"circle-dot": {{Name: "primary", Parts: []int{1}, Styles: []string{"outline", "filled"}},
			{Name: "secondary", Parts: []int{2}, Styles: []string{"outline"}}},
		"arrow-left": {{Name: "primary", Parts: []int{1, 2, 3}, Styles: []string{"outline"}}},
	}
	for _, ic := range readCatalog(t, out).Icons {
		if w, ok := want[ic.ID]; ok {
			if diff := cmp.Diff(w, ic.ColorSlots); diff != "" {
				t.Errorf("%s: color_slots (-want +got):\n%s", ic.ID, diff)
			}
		}
		files := map[string]string{"outline": contract.AnimationFile(ic.ID), "filled": contract.FilledAnimationFile(ic.ID)}
		for _, style := range ic.Styles {
			var file struct {
				Slots map[string]json.RawMessage `json:"slots"`
			}
			if err := json.Unmarshal([]byte(readFile(t, out, files[style])), &file); err != nil {
				t.Fatal(err)
			}
			for _, s := range ic.ColorSlots {
				_, has := file.Slots[s.Name]
				if listed := slices.Contains(s.Styles, style); has != listed {
					t.Errorf("%s: the %s file has slot %s: %v; the record says %v", ic.ID, style, s.Name, has, listed)
				}
			}
		}
	}
}
