package build_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

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
// for rollback and older ones pruned; a build that changes nothing leaves the live snapshot alone.
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
	names := snapshots(t, out)
	if len(names) != 2 || filepath.Join(out+".snapshots", names[0]) != second.Snapshot ||
		filepath.Join(out+".snapshots", names[1]) != third.Snapshot {
		t.Errorf("snapshots after three builds: %v; want the previous %s and the live %s", names, second.Snapshot, third.Snapshot)
	}
}

// TestRunRecyclesTheRetiredSnapshot: the snapshot a build retires becomes the new one, updated to hold
// exactly what a build into an empty directory writes, without touching the previous snapshot it shares
// files with.
func TestRunRecyclesTheRetiredSnapshot(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	first := runBuild(t, editedContent(t, "One."), out)
	second := runBuild(t, editedContent(t, "Two."), out)
	previous := tree(t, second.Snapshot)
	if err := os.MkdirAll(filepath.Join(first.Snapshot, "junk"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(first.Snapshot, "junk", "x.txt"), []byte("stale"), 0o644); err != nil {
		t.Fatal(err)
	}

	// Another base URL changes most files, also those the first two snapshots share.
	third := buildAt(t, "https://other.example", out)
	if _, err := os.Stat(first.Snapshot); !os.IsNotExist(err) {
		t.Errorf("the retired snapshot %s is still there: %v", first.Snapshot, err)
	}
	fresh := filepath.Join(t.TempDir(), "public")
	buildAt(t, "https://other.example", fresh)
	if diff := differing(tree(t, fresh), tree(t, out)); len(diff) > 0 {
		t.Errorf("the recycled snapshot differs from a fresh build in %v", diff)
	}
	if diff := differing(previous, tree(t, second.Snapshot)); len(diff) > 0 {
		t.Errorf("recycling changed the previous snapshot in %v", diff)
	}
	sameFile(t, filepath.Join(second.Snapshot, "svg", "zigzag.svg"), filepath.Join(third.Snapshot, "svg", "zigzag.svg"))
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
// no partial snapshot behind.
func TestRunFailureLeavesTheLiveSnapshot(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	r := runBuild(t, fixtureContent, out)
	bad := editedContent(t, "Fine.")
	if err := os.WriteFile(filepath.Join(bad, "icons", "edits.yaml"), []byte("nope:\n  description: X.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := build.Run(context.Background(), build.Options{ContentDir: bad, OutDir: out, BaseURL: contract.MustParseBaseURL(fixtureBase)}); err == nil {
		t.Fatal("a build of bad content succeeded")
	}
	if live(t, out) != r.Snapshot || len(snapshots(t, out)) != 1 {
		t.Errorf("after a failed build: live %s, snapshots %v; want only %s", live(t, out), snapshots(t, out), r.Snapshot)
	}
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
