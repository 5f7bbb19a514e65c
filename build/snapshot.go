package build

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/iconlib/iconlib/internal/contract"
)

// A build publishes into snapshots: every build writes its files into a new directory beside the output
// path as it makes them (<out>.snapshots/.partial-*), names it <out>.snapshots/<id>/ once it is complete
// and, if it differs from the live one, only then points <out>, a symbolic link, at it with one rename,
// which POSIX makes atomic. Readers of <out> (the edge, a copy to a static host) see the old
// snapshot or the new one, never a mix, and a failed build leaves the live one as it was. Snapshots are
// never changed once published, so a new one shares the files it has in common with the live one (hard
// links) and an edge may go on reading an old one: one that loaded it and has not reloaded since (with
// --watch 0, until a SIGHUP). So a build never writes into a published snapshot; it keeps the live one and
// the one before it (for rollback), and every other for SnapshotGrace after it stopped being live, then
// removes it. A stopped build's partial snapshot is removed by the next build.
const (
	snapshotsSuffix = ".snapshots" // <out>.snapshots holds the snapshots
	swapSuffix      = ".swap"      // <out>.swap is the new link, until it is renamed over <out>
	partialPrefix   = ".partial-"  // a snapshot being written; a build that fails removes it
	earlierSuffix   = "-earlier"   // names an output directory of a build before snapshots, moved aside
	snapshotTime    = "20060102-150405.000"
)

// SnapshotGrace is how long a snapshot is kept after a newer one replaced it, for edges that still serve
// it: an edge that does not watch the output path must be told to reload (SIGHUP) within it. Of those, at
// most maxRetired are kept (the newest), so builds in quick succession do not fill the disk.
const (
	SnapshotGrace = time.Hour
	maxRetired    = 8
)

// retention says which retired snapshots a build keeps: those replaced less than SnapshotGrace before now,
// or, with prune, none but the one before the live one.
type retention struct {
	now   time.Time
	prune bool
}

// outKind is what a build finds at the output path.
type outKind int

const (
	outMissing outKind = iota // nothing yet, or a link to a snapshot that is gone
	outEmpty                  // an empty directory, made for the build
	outInPlace                // a directory a build before snapshots wrote in place
	outLinked                 // a link to a snapshot
)

// publication is where a build publishes its snapshot.
type publication struct {
	out       string // the output path, absolute
	snapshots string // <out>.snapshots
	kind      outKind
	live      string // the directory <out> serves now, "" when none: new snapshots link to its files
	previous  string // once a snapshot is published, the one it replaced (kept for rollback)
}

// openPublication looks at what the output path holds. It refuses a non-empty directory that is not an
// earlier build (one without catalog.json), so a mistyped --out never deletes someone's files, and a link
// that does not point into <out>.snapshots.
func openPublication(out string) (*publication, error) {
	abs, err := filepath.Abs(out)
	if err != nil {
		return nil, err
	}
	p := &publication{out: abs, snapshots: abs + snapshotsSuffix}
	info, err := os.Lstat(abs)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return p, nil
	case err != nil:
		return nil, err
	case info.Mode()&fs.ModeSymlink != 0:
		return p, p.openLink(out)
	case info.IsDir():
		return p, p.openDir(out)
	}
	return nil, fmt.Errorf("output path %s is a file: refusing to replace it", out)
}

func (p *publication) openLink(out string) error {
	target, err := p.target()
	if err != nil {
		return err
	}
	if filepath.Dir(target) != p.snapshots {
		return fmt.Errorf("output path %s links to %s, not to a snapshot in %s: refusing to replace it", out, target, p.snapshots)
	}
	p.kind = outLinked
	if _, err := os.Stat(target); err == nil {
		p.live = target
	}
	return nil
}

func (p *publication) openDir(out string) error {
	entries, err := os.ReadDir(p.out)
	if err != nil {
		return err
	}
	if len(entries) == 0 {
		p.kind = outEmpty
		return nil
	}
	if _, err := os.Stat(filepath.Join(p.out, contract.CatalogFile)); err != nil {
		return fmt.Errorf("output directory %s is not empty and holds no earlier build (%s): refusing to overwrite it",
			out, contract.CatalogFile)
	}
	p.kind, p.live = outInPlace, p.out
	return nil
}

// target is the directory the output path links to, as the link names it (not resolving links in the
// path of <out> itself, so it compares with the snapshots' paths).
func (p *publication) target() (string, error) {
	target, err := os.Readlink(p.out)
	if err != nil || filepath.IsAbs(target) {
		return target, err
	}
	return filepath.Join(filepath.Dir(p.out), target), nil
}

// unchanged reports whether the live snapshot can stay: it is a snapshot already, and the build would
// write no new file and drop none.
func (p *publication) unchanged(st writeStats) bool {
	return p.kind == outLinked && p.live != "" && st.Written == 0 && st.Removed == 0
}

// removePartials removes the partial snapshots of builds that were stopped (killed, or the machine went
// down) before they published or cleaned up.
func (p *publication) removePartials() error {
	entries, err := os.ReadDir(p.snapshots)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	var errs []error
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), partialPrefix) {
			errs = append(errs, os.RemoveAll(filepath.Join(p.snapshots, e.Name())))
		}
	}
	return errors.Join(append(errs, err)...)
}

// publish names the complete snapshot in dir id, points the output path at it, and removes the retired
// snapshots keep does not keep. It returns the snapshot's directory.
func (p *publication) publish(dir, id string, keep retention) (string, error) {
	final := filepath.Join(p.snapshots, id)
	if err := os.Rename(dir, final); err != nil {
		return "", err
	}
	previous, err := p.swap(id)
	if err != nil {
		os.RemoveAll(final)
		return "", err
	}
	p.live, p.previous = final, previous
	if err := p.prune(keep); err != nil {
		return final, fmt.Errorf("published %s, but removing older snapshots: %w", final, err)
	}
	return final, nil
}

// swap points the output path at the snapshot id with one rename of a new link over it, and returns the
// snapshot it pointed at before. An empty directory is removed first, and an earlier build's directory is
// moved into the snapshots (the one moment the output path is missing, once, when a site first moves to
// snapshots).
func (p *publication) swap(id string) (previous string, err error) {
	link := p.out + swapSuffix
	os.Remove(link) // left by a build that was stopped
	if err := os.Symlink(filepath.Join(filepath.Base(p.snapshots), id), link); err != nil {
		return "", err
	}
	previous = p.live
	switch p.kind {
	case outEmpty:
		err = os.Remove(p.out)
	case outInPlace:
		previous, err = p.moveAside()
	}
	if err == nil {
		if err = os.Rename(link, p.out); err != nil && p.kind == outInPlace {
			os.Rename(previous, p.out) // put the live site back where it was
		}
	}
	if err != nil {
		os.Remove(link)
		return "", err
	}
	return previous, nil
}

// moveAside turns an earlier build's output directory into a snapshot, named for the time of its catalog.
func (p *publication) moveAside() (string, error) {
	info, err := os.Stat(filepath.Join(p.out, contract.CatalogFile))
	if err != nil {
		return "", err
	}
	dir := filepath.Join(p.snapshots, info.ModTime().UTC().Format(snapshotTime)+earlierSuffix)
	return dir, os.Rename(p.out, dir)
}

// prune removes the retired snapshots keep does not keep: a snapshot is retired when the one after it (by
// name, which starts with the time of its build) was published. It never removes the live snapshot, the one
// before it (kept for rollback) or the one the output path points to, whatever else happened.
func (p *publication) prune(keep retention) error {
	entries, err := os.ReadDir(p.snapshots)
	if err != nil {
		return err
	}
	linked, _ := p.target()
	previous := p.previous
	for i := 1; i < len(entries) && previous == ""; i++ { // nothing published: the one before the live one
		if filepath.Join(p.snapshots, entries[i].Name()) == p.live {
			previous = filepath.Join(p.snapshots, entries[i-1].Name())
		}
	}
	var errs []error
	kept := 0
	for i := len(entries) - 2; i >= 0; i-- { // newest first; the last is the newest snapshot
		dir := filepath.Join(p.snapshots, entries[i].Name())
		if dir == p.live || dir == previous || dir == linked {
			continue
		}
		retired, ok := builtAt(entries[i+1].Name())
		if ok && !keep.prune && keep.now.Sub(retired) < SnapshotGrace && kept < maxRetired {
			kept++
			continue
		}
		errs = append(errs, os.RemoveAll(dir))
	}
	return errors.Join(errs...)
}

// builtAt is the time a snapshot's name starts with, and whether it starts with one.
func builtAt(name string) (time.Time, bool) {
	if len(name) < len(snapshotTime) {
		return time.Time{}, false
	}
	t, err := time.Parse(snapshotTime, name[:len(snapshotTime)])
	return t, err == nil
}

// snapshotID names a snapshot: the time of the build (so a listing of <out>.snapshots reads oldest to
// newest) and the start of its content hash, the manifest's (so equal snapshots are seen as equal), such as
// 20260314-101502.123-3fa9c2d41b07.
func snapshotID(now time.Time, hash string) string {
	return now.UTC().Format(snapshotTime) + "-" + hash[:12]
}
