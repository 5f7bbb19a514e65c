package build_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/iconlib/iconlib/build"
	"github.com/iconlib/iconlib/internal/contract"
)

// editedContent copies the fixture content and gives arrow-left the description desc.
func editedContent(t *testing.T, desc string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(fixtureContent)); err != nil {
		t.Fatal(err)
	}
	edits := "arrow-left:\n  description: " + desc + "\n  tags: [return]\n"
	if err := os.WriteFile(filepath.Join(dir, "icons", "edits.yaml"), []byte(edits), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// snapshots lists the names in <out>.snapshots.
func snapshots(t *testing.T, out string) []string {
	t.Helper()
	entries, err := os.ReadDir(out + ".snapshots")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// live is the snapshot directory out links to.
func live(t *testing.T, out string) string {
	t.Helper()
	info, err := os.Lstat(out)
	if err != nil || info.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("%s is not a link to a snapshot (%v)", out, err)
	}
	dir, err := filepath.EvalSymlinks(out)
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestRunPublishesSnapshots: each build that changes something publishes a new snapshot and swaps the
// output link to it; unchanged files are hard links into the previous snapshot; the previous one is kept
// for rollback and older ones for SnapshotGrace after they were replaced; a build that changes nothing
// leaves the live snapshot alone.
func TestRunPublishesSnapshots(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	first := runBuild(t, fixtureContent, out)
	if first.Snapshot != live(t, out) || first.Written != first.Files || !strings.HasPrefix(filepath.Base(first.Snapshot), "20") {
		t.Fatalf("first build: report %+v, link to %s", first, live(t, out))
	}
	if again := runBuild(t, fixtureContent, out); again.Snapshot != first.Snapshot || again.Written != 0 || again.Removed != 0 {
		t.Errorf("an unchanged build published %s (%d written, %d removed); want the live %s kept",
			again.Snapshot, again.Written, again.Removed, first.Snapshot)
	}

	second := runBuild(t, editedContent(t, "Step back to where you were."), out)
	if second.Snapshot == first.Snapshot || live(t, out) != second.Snapshot {
		t.Fatalf("an edit did not publish a new snapshot: %s, live %s", second.Snapshot, live(t, out))
	}
	if second.Written == 0 || second.Written > second.Files/2 {
		t.Errorf("an edit of one description wrote %d of %d files", second.Written, second.Files)
	}
	if rec := readFile(t, out, contract.RecordFile("arrow-left")); !strings.Contains(rec, "Step back to where you were.") {
		t.Errorf("the new snapshot lacks the edit: %s", rec)
	}
	if rec := readFile(t, first.Snapshot, contract.RecordFile("arrow-left")); !strings.Contains(rec, "Go back to the previous") {
		t.Errorf("the previous snapshot changed: %s", rec)
	}
	sameFile(t, filepath.Join(first.Snapshot, "svg", "zigzag.svg"), filepath.Join(second.Snapshot, "svg", "zigzag.svg"))

	third := runBuild(t, editedContent(t, "Return to the last page."), out)
	if names := snapshots(t, out); len(names) != 3 {
		t.Errorf("snapshots after three builds within the grace: %v; want all three", names)
	}
	later := buildWithClock(t, editedContent(t, "Back."), out, time.Now().Add(build.SnapshotGrace+time.Minute))
	names := snapshots(t, out)
	if len(names) != 2 || filepath.Join(out+".snapshots", names[0]) != third.Snapshot ||
		filepath.Join(out+".snapshots", names[1]) != later.Snapshot {
		t.Errorf("snapshots a grace later: %v; want the previous %s and the live %s", names, third.Snapshot, later.Snapshot)
	}
}

// TestRunNeverChangesAServedSnapshot (issue 51): an edge that loaded a snapshot and never reloads goes on
// reading it across later builds: none writes into it, recycles it or removes it within SnapshotGrace of
// its retirement, whatever they change; a build a grace later removes it.
func TestRunNeverChangesAServedSnapshot(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	served := runBuild(t, editedContent(t, "Served."), out)
	before := tree(t, served.Snapshot)
	for i, desc := range []string{"One.", "Two.", "Three.", "Four."} {
		runBuild(t, editedContent(t, desc), out)
		if i == 2 {
			buildAt(t, "https://other.example", out) // another base URL: most files change
		}
	}
	if diff := differing(before, tree(t, served.Snapshot)); len(diff) > 0 {
		t.Errorf("five later builds changed the served snapshot in %v", diff)
	}
	buildWithClock(t, fixtureContent, out, time.Now().Add(build.SnapshotGrace+time.Minute))
	if _, err := os.Stat(served.Snapshot); !os.IsNotExist(err) {
		t.Errorf("the served snapshot %s is still there a grace after it was retired: %v", served.Snapshot, err)
	}
}

// TestRunCleansUpAStoppedBuild (issue 51): a build killed while writing leaves a partial snapshot; the
// next build removes it, even one that changes nothing, and the rollback target is still there.
func TestRunCleansUpAStoppedBuild(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	first := runBuild(t, editedContent(t, "First."), out)
	second := runBuild(t, fixtureContent, out)
	partial := filepath.Join(out+".snapshots", ".partial-20260101-000000.000-killed")
	if err := os.MkdirAll(filepath.Join(partial, "svg"), 0o755); err != nil {
		t.Fatal(err)
	}
	if again := runBuild(t, fixtureContent, out); again.Snapshot != second.Snapshot {
		t.Fatalf("an unchanged build published %s", again.Snapshot)
	}
	if _, err := os.Stat(partial); !os.IsNotExist(err) {
		t.Errorf("the stopped build's partial snapshot is still there: %v", err)
	}
	if _, err := os.Stat(filepath.Join(first.Snapshot, contract.CatalogFile)); err != nil {
		t.Errorf("the rollback target is gone: %v", err)
	}
}

// TestRunKeepsFewRetiredSnapshots: builds in quick succession keep at most eight retired snapshots besides
// the live one and the previous, and a build with Prune (even one that changes nothing) keeps only those two.
func TestRunKeepsFewRetiredSnapshots(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	var last build.Report
	for i := range 12 {
		last = runBuild(t, editedContent(t, fmt.Sprintf("Edit %d.", i)), out)
	}
	if n := len(snapshots(t, out)); n != 10 {
		t.Errorf("%d snapshots after twelve builds; want the live one, the previous and eight retired", n)
	}
	r, err := build.Run(context.Background(), build.Options{ContentDir: editedContent(t, "Edit 11."), OutDir: out,
		BaseURL: contract.MustParseBaseURL(fixtureBase), Prune: true})
	if err != nil {
		t.Fatal(err)
	}
	if names := snapshots(t, out); r.Snapshot != last.Snapshot || len(names) != 2 || filepath.Join(out+".snapshots", names[1]) != last.Snapshot {
		t.Errorf("after a build with Prune: %v; want the previous and the live %s", names, last.Snapshot)
	}
}

func buildWithClock(t *testing.T, content, out string, now time.Time) build.Report {
	t.Helper()
	r, err := build.Run(context.Background(), build.Options{ContentDir: content, OutDir: out,
		BaseURL: contract.MustParseBaseURL(fixtureBase), Clock: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// differing lists the paths two trees do not hold with the same bytes.
func differing(a, b map[string][]byte) []string {
	var paths []string
	for p, body := range a {
		if other, ok := b[p]; !ok || !bytes.Equal(body, other) {
			paths = append(paths, p)
		}
	}
	for p := range b {
		if _, ok := a[p]; !ok {
			paths = append(paths, p)
		}
	}
	return paths
}

func buildAt(t *testing.T, base, out string) build.Report {
	t.Helper()
	r, err := build.Run(context.Background(), build.Options{ContentDir: fixtureContent, OutDir: out, BaseURL: contract.MustParseBaseURL(base)})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func sameFile(t *testing.T, a, b string) {
	t.Helper()
	ia, err := os.Stat(a)
	if err != nil {
		t.Fatal(err)
	}
	ib, err := os.Stat(b)
	if err != nil {
		t.Fatal(err)
	}
	if !os.SameFile(ia, ib) {
		t.Errorf("%s and %s hold the same bytes but are not one file (a hard link)", a, b)
	}
}

// TestRunFailureLeavesTheLiveSnapshot: a build that fails changes nothing at the output path and leaves
// no partial snapshot behind, whether it fails reading content or after it stored files of the new one
// (an icon that cannot be animated).
func TestRunFailureLeavesTheLiveSnapshot(t *testing.T) {
	tests := []struct{ name, file, body string }{
		{"reading", "icons/edits.yaml", "nope:\n  description: X.\n"},
		{"animating", "icons/zz-broken.jsonl", `{"id":"zz-broken","category":"Shapes","outline":[["path",{"d":"M1 1 L"}]]}` + "\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "public")
			r := runBuild(t, fixtureContent, out)
			bad := editedContent(t, "Fine.")
			if err := os.WriteFile(filepath.Join(bad, filepath.FromSlash(tc.file)), []byte(tc.body), 0o644); err != nil {
				t.Fatal(err)
			}
			if _, err := build.Run(context.Background(), build.Options{ContentDir: bad, OutDir: out, BaseURL: contract.MustParseBaseURL(fixtureBase)}); err == nil {
				t.Fatal("a build of bad content succeeded")
			}
			if live(t, out) != r.Snapshot || len(snapshots(t, out)) != 1 {
				t.Errorf("after a failed build: live %s, snapshots %v; want only %s", live(t, out), snapshots(t, out), r.Snapshot)
			}
		})
	}
}

// TestRunRewritesADamagedLiveFile: a file of the live snapshot that no longer holds what the build makes
// (damaged on disk) is written anew into the next snapshot, never linked into it, and a rebuild of the
// same content publishes that snapshot rather than keeping the damaged one.
func TestRunRewritesADamagedLiveFile(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	first := runBuild(t, fixtureContent, out)
	rel := filepath.Join("svg", "zigzag.svg")
	good := readFile(t, out, rel)
	damaged := filepath.Join(first.Snapshot, rel)
	if err := os.WriteFile(damaged, []byte("<svg>damaged</svg>"), 0o644); err != nil {
		t.Fatal(err)
	}
	again := runBuild(t, fixtureContent, out)
	if again.Snapshot == first.Snapshot || again.Written != 1 || live(t, out) != again.Snapshot {
		t.Fatalf("a rebuild over a damaged file: report %+v; want a new snapshot with that one file written", again)
	}
	if got := readFile(t, out, rel); got != good {
		t.Errorf("the new snapshot's %s holds %q; want the built bytes", rel, got)
	}
	info, err := os.Stat(filepath.Join(again.Snapshot, rel))
	if err != nil {
		t.Fatal(err)
	}
	if old, err := os.Stat(damaged); err != nil || os.SameFile(info, old) {
		t.Errorf("the new snapshot's %s is linked to the damaged file (%v)", rel, err)
	}
	sameFile(t, filepath.Join(first.Snapshot, "svg", "arrow-left.svg"), filepath.Join(again.Snapshot, "svg", "arrow-left.svg"))
}

// TestRunFailsWhenAnotherBuildRemovedItsSnapshot: a build whose partial snapshot is removed while it writes
// (as another build of the same output path, starting, removes a stopped build's) fails rather than publish
// what is left of it, and leaves the live snapshot and no partial one.
func TestRunFailsWhenAnotherBuildRemovedItsSnapshot(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	first := runBuild(t, fixtureContent, out)
	removed := 0
	// The compressed line comes once every file but the manifest is stored: remove the partial then, while
	// nothing writes into it.
	progress := lineWriter(func(line string) {
		if strings.HasPrefix(line, "compressed: ") {
			partials, _ := filepath.Glob(filepath.Join(out+".snapshots", ".partial-*"))
			for _, p := range partials {
				os.RemoveAll(p)
				removed++
			}
		}
	})
	_, err := build.Run(context.Background(), build.Options{ContentDir: editedContent(t, "Raced."), OutDir: out,
		BaseURL: contract.MustParseBaseURL(fixtureBase), Progress: progress})
	if removed != 1 || err == nil || !strings.Contains(err.Error(), "another build") {
		t.Fatalf("removed %d partial snapshots; the build's error: %v", removed, err)
	}
	if live(t, out) != first.Snapshot || len(snapshots(t, out)) != 1 {
		t.Errorf("after the build failed: live %s, snapshots %v; want only %s", live(t, out), snapshots(t, out), first.Snapshot)
	}
}

// lineWriter is an io.Writer that hands each write, a line of progress, to its function.
type lineWriter func(line string)

func (w lineWriter) Write(b []byte) (int, error) {
	w(string(b))
	return len(b), nil
}

// TestRunMovesAnEarlierBuildAside: an output directory written in place by a build before snapshots
// becomes the previous snapshot, and the output path a link to the new one.
func TestRunMovesAnEarlierBuildAside(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	if err := os.MkdirAll(filepath.Join(out, "assets"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string]string{contract.CatalogFile: "{}", "assets/gone.json": "{}"} {
		if err := os.WriteFile(filepath.Join(out, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := runBuild(t, fixtureContent, out)
	if live(t, out) != r.Snapshot || r.Removed != 1 {
		t.Errorf("live %s, report %+v; want the new snapshot, one file removed", live(t, out), r)
	}
	names := snapshots(t, out)
	if len(names) != 2 || !strings.HasSuffix(names[0], "-earlier") {
		t.Fatalf("snapshots %v; want the earlier build moved aside and the new one", names)
	}
	if _, err := os.Stat(filepath.Join(out+".snapshots", names[0], "assets", "gone.json")); err != nil {
		t.Errorf("the earlier build was not kept whole: %v", err)
	}
}

// TestRunRefusesALinkItDidNotMake: an output path that links anywhere but into its snapshots is left
// alone.
func TestRunRefusesALinkItDidNotMake(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "public")
	if err := os.Symlink(t.TempDir(), out); err != nil {
		t.Fatal(err)
	}
	_, err := build.Run(context.Background(), build.Options{ContentDir: fixtureContent, OutDir: out, BaseURL: contract.MustParseBaseURL(fixtureBase)})
	if err == nil || !strings.Contains(err.Error(), "refusing") {
		t.Fatalf("err = %v, want a refusal", err)
	}
}
