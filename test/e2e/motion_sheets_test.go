package e2e

import (
	"cmp"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/iconlib/iconlib/internal/catalog"
)

// Contact sheets: what each motion and each state looks like, frame by frame, for review.
const (
	sheetCell          = 64  // px a frame
	sheetIconsPerSheet = 6   // icons on a motion's sheet
	sheetMotionFrames  = 7   // columns a state on a motion's sheet
	sheetStateFrames   = 12  // columns a state on a state's sheet
	sheetReviewIcons   = 200 // icons on the review sheets: the most used, from content/icons
	sheetReviewRows    = 25  // icons a review sheet
)

// sheetSpec is a contact sheet for the page to draw (harness.js, sheet): rows of frames in column groups.
type sheetSpec struct {
	Title  string     `json:"title"`
	Cell   int        `json:"cell"`
	Groups []string   `json:"groups"`
	Rows   []sheetRow `json:"rows"`
}

type sheetRow struct {
	Label    string  `json:"label"`
	Note     string  `json:"note"`
	Renderer string  `json:"renderer"`
	File     string  `json:"file"`
	Frames   [][]int `json:"frames"` // per group; empty where the file lacks the state
}

// TestMotionSheets writes PNG contact sheets into $ICONLIB_MOTION_SHEETS (make motion-sheets): one per
// motion (a few icons that use it; columns: evenly spaced frames of its in, hover and loop states, or of
// the morph states) and one per kind of state (well-known icons), rows drawn with lottie-web and, when
// installed, Skottie beneath; and review sheets of the 200 most used icons (the home page's popular ones,
// then the everyday ones of content/icons), a row each: the still icon, in, hover, loop and a morph where
// there is one with its way back, drawn with lottie-web. Without the variable the test is skipped.
// ICONLIB_MOTION_SHEET_ICONS, a comma-separated list of ids, draws only the motion sheets, of those icons:
// small sheets of what a change moved, for docs/sheets.
func TestMotionSheets(t *testing.T) {
	dir := os.Getenv("ICONLIB_MOTION_SHEETS")
	if dir == "" {
		t.Skip("set ICONLIB_MOTION_SHEETS to a directory (make motion-sheets)")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	lib := fullLibrary(t)
	chosen := os.Getenv("ICONLIB_MOTION_SHEET_ICONS")
	ids, err := motionSample(lib.Public, cmp.Or(chosen, "all"))
	if err != nil {
		t.Fatal(err)
	}
	var records []catalog.Icon
	for _, id := range ids {
		r, err := loadRecord(lib.Public, id)
		if err != nil {
			t.Fatal(err)
		}
		records = append(records, r)
	}
	renderers := []string{"lottie-web"}
	if skottieAvailable(t) {
		renderers = append(renderers, "skottie")
	}
	sheets := map[string]sheetSpec{}
	for _, m := range sheetMotions(records) {
		sheets["motion-"+m] = motionSheet(m, pickIcons(records, func(r catalog.Icon) bool { return len(motionStates(r, m)) > 0 }), renderers)
	}
	if chosen == "" {
		addStateSheets(t, sheets, records, renderers)
	}

	ctx := openMotionTab(t, newBrowser(t), newMotionHarness(t, edgeOf(t, lib)), 10*time.Minute, renderers...)
	for _, name := range slices.Sorted(maps.Keys(sheets)) {
		spec, _ := json.Marshal(sheets[name])
		url, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf("window.iconlibMotion.sheet(%s)", spec),
			chromedp.EvalAsValue, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatalf("drawing %s: %v", name, err)
		}
		png, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(url, "data:image/png;base64,"))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		path := filepath.Join(dir, name+".png")
		if err := os.WriteFile(path, png, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s (%d rows, %d KB)", path, len(sheets[name].Rows), len(png)/1024)
	}
}

// addStateSheets adds the sheets of each kind of state and the review sheets of the most used icons.
func addStateSheets(t *testing.T, sheets map[string]sheetSpec, records []catalog.Icon, renderers []string) {
	t.Helper()
	for _, kind := range []string{"in", "hover", "loop", "morph"} {
		icons := pickIcons(records, func(r catalog.Icon) bool { return len(kindStates(r, kind)) > 0 })
		if len(icons) > 0 {
			sheets["state-"+kind] = stateSheet(kind, icons, renderers)
		}
	}
	used, err := mostUsed(sheetReviewIcons)
	if err != nil {
		t.Fatal(err)
	}
	for name, spec := range reviewSheets(records, used) {
		sheets[name] = spec
	}
}

// sheetMotions are the motions the records use, in order of name.
func sheetMotions(records []catalog.Icon) []string {
	seen := map[string]bool{}
	for _, r := range records {
		for _, s := range r.States {
			seen[s.Motion] = true
		}
	}
	return slices.Sorted(maps.Keys(seen))
}

// motionStates are the states of r that show motion m, one per kind (in, hover, loop), preferring the
// named `<kind>-<m>`; for the morph motion, the morph states.
func motionStates(r catalog.Icon, m string) []catalog.State {
	if m == "morph" {
		return kindStates(r, "morph")
	}
	var out []catalog.State
	for _, kind := range []string{"in", "hover", "loop"} {
		i := slices.IndexFunc(r.States, func(s catalog.State) bool { return s.Name == kind+"-"+m })
		if i < 0 {
			i = slices.IndexFunc(r.States, func(s catalog.State) bool { return s.Name == kind && s.Motion == m })
		}
		if i >= 0 {
			out = append(out, r.States[i])
		}
	}
	return out
}

// kindStates are the states of a kind: the state named so, or for morph every morph state.
func kindStates(r catalog.Icon, kind string) []catalog.State {
	var out []catalog.State
	for _, s := range r.States {
		if s.Name == kind || (kind == "morph" && strings.HasPrefix(s.Name, "morph")) {
			out = append(out, s)
		}
	}
	return out
}

// groupOf names a state's column group: its kind, with `morph-<other>` as one group and its way back,
// `morph-<other>-back`, as another.
func groupOf(s catalog.State) string {
	if s.MorphsBack() {
		return "morph-<other>-back"
	}
	if s.TargetIcon != "" {
		return "morph-<other>"
	}
	if i := strings.IndexByte(s.Name, '-'); i > 0 && s.Name != "morph-back" {
		return s.Name[:i]
	}
	return s.Name
}

// pickIcons chooses up to sheetIconsPerSheet icons that pass ok: well-known ones first, then spread
// evenly over the rest.
func pickIcons(records []catalog.Icon, ok func(catalog.Icon) bool) []catalog.Icon {
	var known, rest []catalog.Icon
	for _, r := range records {
		switch {
		case !ok(r):
		case slices.Contains(motionWellKnown, r.ID):
			known = append(known, r)
		default:
			rest = append(rest, r)
		}
	}
	slices.SortFunc(known, func(a, b catalog.Icon) int {
		return slices.Index(motionWellKnown, a.ID) - slices.Index(motionWellKnown, b.ID)
	})
	picked := known[:min(len(known), sheetIconsPerSheet/2)]
	if n := sheetIconsPerSheet - len(picked); n > 0 && len(rest) > 0 {
		for i := range min(n, len(rest)) {
			picked = append(picked, rest[i*len(rest)/min(n, len(rest))])
		}
	}
	return picked
}

// spread is n frames evenly spaced over a state, both ends included.
func spread(s catalog.State, n int) []int {
	if n < 2 || s.EndFrame <= s.StartFrame {
		return []int{s.EndFrame}
	}
	out := make([]int, n)
	for i := range n {
		out[i] = s.StartFrame + (s.EndFrame-s.StartFrame)*i/(n-1)
	}
	return slices.Compact(out)
}

func motionSheet(m string, icons []catalog.Icon, renderers []string) sheetSpec {
	return statesSheet("motion: "+m, icons, renderers, sheetMotionFrames, func(r catalog.Icon) []catalog.State { return motionStates(r, m) })
}

func stateSheet(kind string, icons []catalog.Icon, renderers []string) sheetSpec {
	return statesSheet("state: "+kind, icons, renderers, sheetStateFrames, func(r catalog.Icon) []catalog.State { return kindStates(r, kind) })
}

// statesSheet has a row per icon, file and renderer, and a column group per kind of state.
func statesSheet(title string, icons []catalog.Icon, renderers []string, frames int, states func(catalog.Icon) []catalog.State) sheetSpec {
	spec := sheetSpec{Title: title, Cell: sheetCell}
	group := func(name string) int {
		if i := slices.Index(spec.Groups, name); i >= 0 {
			return i
		}
		spec.Groups = append(spec.Groups, name)
		return len(spec.Groups) - 1
	}
	for _, r := range icons {
		for _, f := range r.Files {
			byGroup := map[int][]int{}
			for _, s := range states(r) {
				if !slices.Contains(s.Styles, f.Style) {
					continue
				}
				g := group(groupOf(s))
				if _, dup := byGroup[g]; !dup {
					byGroup[g] = spread(s, frames)
				}
			}
			if len(byGroup) == 0 {
				continue
			}
			for _, renderer := range renderers {
				row := sheetRow{Label: r.ID, Note: f.Style + " · " + renderer, Renderer: renderer, File: sitePath(f.FileURL)}
				for g := range spec.Groups {
					row.Frames = append(row.Frames, byGroup[g])
				}
				spec.Rows = append(spec.Rows, row)
			}
		}
	}
	// Groups added by later icons: pad the earlier rows.
	for i := range spec.Rows {
		for len(spec.Rows[i].Frames) < len(spec.Groups) {
			spec.Rows[i].Frames = append(spec.Rows[i].Frames, nil)
		}
	}
	return spec
}

// mostUsed lists up to n icon ids: content/icons/popular.txt, then common.txt, without repeats.
func mostUsed(n int) ([]string, error) {
	var ids []string
	for _, name := range []string{"popular.txt", "common.txt"} {
		b, err := os.ReadFile(filepath.Join("../../content/icons", name))
		if err != nil {
			return nil, err
		}
		for _, line := range strings.Split(string(b), "\n") {
			if id := strings.TrimSpace(line); id != "" && !strings.HasPrefix(id, "#") && !slices.Contains(ids, id) {
				ids = append(ids, id)
			}
		}
	}
	return ids[:min(n, len(ids))], nil
}

// reviewSheets has a row per used icon's outline file, sheetReviewRows to a sheet: its still picture
// (the last frame of in), then in, hover, loop, its first morph and that morph's way back.
func reviewSheets(records []catalog.Icon, used []string) map[string]sheetSpec {
	groups := []string{"still", "in", "hover", "loop", "morph", "back"}
	sheets := map[string]sheetSpec{}
	var rows []sheetRow
	for _, id := range used {
		i := slices.IndexFunc(records, func(r catalog.Icon) bool { return r.ID == id })
		if i < 0 {
			continue
		}
		r := records[i]
		row := sheetRow{Label: r.ID, Renderer: "lottie-web", File: sitePath(r.FileURL), Frames: make([][]int, len(groups))}
		back := ""
		for _, s := range r.States {
			switch g := slices.Index(groups, s.Name); {
			case s.Name == "in":
				row.Frames[0], row.Frames[g] = []int{s.EndFrame}, spread(s, 6)
			case g > 0 && g < 4:
				row.Frames[g] = spread(s, 8)
			case (s.Name == "morph" || (s.TargetIcon != "" && !s.MorphsBack())) && row.Frames[4] == nil:
				row.Frames[4], row.Note = spread(s, 6), s.Name
				back = s.Name + "-back" // morph-back, or morph-<other>-back
			case s.Name == back:
				row.Frames[5] = spread(s, 6)
			}
		}
		rows = append(rows, row)
	}
	for k := 0; k < len(rows); k += sheetReviewRows {
		part := rows[k:min(k+sheetReviewRows, len(rows))]
		name := fmt.Sprintf("review-%02d", k/sheetReviewRows+1)
		sheets[name] = sheetSpec{Title: fmt.Sprintf("most used icons %d–%d: still, in, hover, loop, morph and back", k+1, k+len(part)),
			Cell: sheetCell, Groups: groups, Rows: part}
	}
	return sheets
}
