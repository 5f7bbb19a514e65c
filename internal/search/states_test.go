package search_test

import (
	"slices"
	"testing"
)

// TestStateWordsAskForTheirForms checks, through the library's index as the edge opens
// it, that a state word steers both rankings to the form of the thing it names in that state (issue 56):
// the done form of an upload above the upload, copy-check above copy and link, the saved file, the paused
// calendar, bluetooth off; a negation before a usable word ("not available", "not working") and an
// offline or unavailable thing ask for the off form. A state word alone, or denied, steers nothing.
func TestStateWordsAskForTheirForms(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the whole library's index")
	}
	ix := reopenedLibrary(t)
	rankings := map[string]topFunc{"combined": rankedBy(t, ix.Search), "semantic": rankedBy(t, ix.Semantic)}
	for _, c := range []struct {
		query string
		forms []string // one of them in the top 3, above every one of bare
		bare  []string
	}{
		{"upload complete", []string{"cloud-check", "file-check", "circle-check"}, []string{"upload"}},
		{"link copied", []string{"copy-check"}, []string{"copy", "link"}},
		{"calendar paused", []string{"calendar-pause"}, []string{"calendar"}},
		{"file saved", []string{"file-check"}, []string{"file"}},
		{"bluetooth disabled", []string{"bluetooth-off"}, []string{"bluetooth"}},
		{"wifi not available", []string{"wifi-off"}, []string{"wifi"}}, // a denied usable word: off
		{"printer not working", []string{"printer-off"}, []string{"printer"}},
		{"the user is offline", []string{"user-off"}, []string{"user"}},
		{"location unavailable", []string{"location-off"}, []string{"location"}},
	} {
		for name, top := range rankings {
			got := top(c.query, 10)
			first := slices.IndexFunc(got, func(id string) bool { return slices.Contains(c.forms, id) })
			if first < 0 || first >= 3 {
				t.Errorf("%s %q: top 3 %v, want one of %v", name, c.query, got[:min(3, len(got))], c.forms)
				continue
			}
			for _, id := range c.bare {
				if k := slices.Index(got, id); k >= 0 && k < first {
					t.Errorf("%s %q: %v ranks %s above %s", name, c.query, got, id, got[first])
				}
			}
		}
	}
	for q, avoid := range map[string]string{
		"error":           "file-x",        // the error icons, not the x forms of its hits
		"file not saved":  "file-check",    // a denied state asks for no form
		"page not found":  "error-404-off", // "not" denies the verb, not the page
		"no smoking area": "bong-off",      // no smoking names smoking-no
	} {
		for name, top := range rankings {
			if got := top(q, 1); slices.Contains(got, avoid) {
				t.Errorf("%s %q: first %v, want no %s", name, q, got, avoid)
			}
		}
	}
}
