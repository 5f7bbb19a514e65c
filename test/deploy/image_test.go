package deploy_test

import (
	"context"
	"encoding/json"
	"io/fs"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/iconlib/iconlib/build"
	"github.com/iconlib/iconlib/internal/contract"
)

// containerEngine is the first of docker and podman that is installed and answers (a docker client
// without a daemon does not), or skips the test saying why.
func containerEngine(t *testing.T) string {
	t.Helper()
	var why []string
	for _, name := range []string{"docker", "podman"} {
		path, err := exec.LookPath(name)
		if err != nil {
			why = append(why, "no "+name)
			continue
		}
		if out, err := exec.Command(path, "info").CombinedOutput(); err != nil {
			why = append(why, name+" does not answer ("+strings.TrimSpace(lastLine(string(out)))+")")
			continue
		}
		return path
	}
	t.Skip("no container engine to build the image with: " + strings.Join(why, "; "))
	return ""
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	return s[strings.LastIndexByte(s, '\n')+1:]
}

// run runs the engine and returns its output, failing the test on an error.
func run(t *testing.T, engine string, args ...string) string {
	t.Helper()
	out, err := exec.Command(engine, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", filepath.Base(engine), strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

// TestImageServesASnapshotReadOnly builds the default target (the edge alone) and runs it as the
// documentation says: a read-only root file system, the fixture library mounted read-only, the key in a
// small writable place of its own. The binary reports the VERSION it was built with, the container runs
// as 65532, /readyz answers 200 with the mounted snapshot's hash, and on stop the edge drains.
func TestImageServesASnapshotReadOnly(t *testing.T) {
	engine := containerEngine(t)
	tag := "iconlib-edge-test:" + strings.ToLower(strings.ReplaceAll(t.Name(), "/", "-"))
	run(t, engine, "build", "--target", "edge", "--build-arg", "VERSION=0.0.0-imagetest", "-t", tag, root)
	t.Cleanup(func() { exec.Command(engine, "rmi", "-f", tag).Run() })

	if v := run(t, engine, "run", "--rm", "--read-only", "--entrypoint", installedBinary, tag, "version"); v != "iconlib 0.0.0-imagetest" {
		t.Errorf("iconlib version in the image: %q", v)
	}
	if u := run(t, engine, "image", "inspect", "--format", "{{.Config.User}}", tag); u != "65532:65532" {
		t.Errorf("the image runs as %q, want 65532:65532", u)
	}

	public := fixtureSnapshot(t)
	id := run(t, engine, "run", "-d", "--read-only", "--tmpfs", "/etc/iconlib:uid=65532,gid=65532,mode=0700",
		"-v", public+":/srv/iconlib/public:ro", "-e", "ICONLIB_DRAIN_DELAY=1s", "-p", "127.0.0.1::8080", tag)
	t.Cleanup(func() { exec.Command(engine, "rm", "-f", id).Run() })
	port := run(t, engine, "port", id, "8080/tcp")
	url := "http://" + lastLine(port) + contract.ReadyPath

	var ready struct{ Status, Snapshot, Version string }
	deadline := time.Now().Add(time.Minute)
	for {
		res, err := http.Get(url)
		if err == nil {
			err = json.NewDecoder(res.Body).Decode(&ready)
			res.Body.Close()
			if err == nil && res.StatusCode == http.StatusOK {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("GET %s: %v, %+v\n%s", url, err, ready, run(t, engine, "logs", id))
		}
		time.Sleep(200 * time.Millisecond)
	}
	if ready.Snapshot != manifestSnapshot(t, public) || ready.Version != "0.0.0-imagetest" {
		t.Errorf("GET /readyz: %+v, want the mounted snapshot and the image's version", ready)
	}
	run(t, engine, "stop", "--time", "30", id)
	if logs := run(t, engine, "logs", id); !strings.Contains(logs, "draining") {
		t.Errorf("the edge did not drain on stop:\n%s", logs)
	}
}

// fixtureSnapshot builds the fixture library and returns its snapshot directory, readable by anyone (the
// container's user is not the test's).
func fixtureSnapshot(t *testing.T) string {
	t.Helper()
	r, err := build.Run(context.Background(), build.Options{ContentDir: filepath.Join(root, "build/testdata/content"),
		OutDir: filepath.Join(t.TempDir(), "public"), BaseURL: contract.MustParseBaseURL("http://localhost:8080")})
	if err != nil {
		t.Fatal(err)
	}
	dir, err := filepath.EvalSymlinks(r.Snapshot)
	if err != nil {
		t.Fatal(err)
	}
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		mode := os.FileMode(0o644)
		if d.IsDir() {
			mode = 0o755
		}
		return os.Chmod(p, mode)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// manifestSnapshot is the snapshot hash of the build in public.
func manifestSnapshot(t *testing.T, public string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(public, contract.ManifestFile))
	if err != nil {
		t.Fatal(err)
	}
	var m contract.Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m.Snapshot
}
