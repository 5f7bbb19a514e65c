package e2e

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/iconlib/iconlib/internal/contract"
)

var (
	relatedSection = regexp.MustCompile(`(?s)<ul id="related-grid" class="grid">(.*?)</ul>`)
	tileLink       = regexp.MustCompile(`<a href="([^"]+)" data-icon="([^"]+)"`)
)

// relatedOf reads the related icons an icon page of the build links, in order.
func relatedOf(t *testing.T, public, id string) []string {
	t.Helper()
	body, err := os.ReadFile(filepath.Join(public, filepath.FromSlash(contract.PageFile(contract.IconPage(id)))))
	if err != nil {
		t.Fatal(err)
	}
	page := string(body)
	m := relatedSection.FindStringSubmatch(page)
	if m == nil {
		return nil
	}
	var ids []string
	for _, l := range tileLink.FindAllStringSubmatch(m[1], -1) {
		if l[1] != contract.IconPage(l[2]) {
			t.Errorf("%s: a related tile of %s links %s", id, l[2], l[1])
		}
		ids = append(ids, l[2])
	}
	// The order people act in: the actions before the related icons, the folded details after them.
	actions, related, details := strings.Index(page, `id="takeaway"`), strings.Index(page, `id="related-grid"`), strings.Index(page, `<details class="details">`)
	if actions < 0 || !(actions < related && related < details) {
		t.Errorf("%s: actions at %d, related icons at %d, details at %d: want them in that order", id, actions, related, details)
	}
	return ids
}

// TestEveryIconPageLinksRelatedIcons: over the whole library, every icon page links at least six other
// icons that exist, none twice and never itself; an icon's family and the icons it morphs into come first.
func TestEveryIconPageLinksRelatedIcons(t *testing.T) {
	lib := fullLibrary(t)
	var ids []string
	pages := map[string]bool{}
	entries, err := os.ReadDir(filepath.Join(lib.Public, "icons"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() {
			ids = append(ids, e.Name())
			pages[e.Name()] = true
		}
	}
	if len(ids) < 1000 {
		t.Fatalf("%d icon pages in %s", len(ids), lib.Public)
	}
	for _, id := range ids {
		related := relatedOf(t, lib.Public, id)
		if len(related) < 6 {
			t.Errorf("%s links %d related icons %v, want at least 6", id, len(related), related)
		}
		seen := map[string]bool{id: true}
		for _, r := range related {
			if seen[r] {
				t.Errorf("%s links %s twice, or itself", id, r)
			}
			seen[r] = true
			if !pages[r] {
				t.Errorf("%s links %s, which has no page", id, r)
			}
		}
	}
	for id, first := range map[string][]string{
		"trash":   {"trash-off", "trash-x"},
		"trash-x": {"trash", "trash-off"},
		"bell":    {"bell-off"}, // its morph
	} {
		if got := relatedOf(t, lib.Public, id); len(got) < len(first) || !slices.Equal(got[:len(first)], first) {
			t.Errorf("%s's related icons start %v, want %v first", id, got, first)
		}
	}
}
