package deploy_test

import (
	"bytes"
	"io/fs"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/moby/patternmatcher"
	"github.com/moby/patternmatcher/ignorefile"
)

// contextSends reports, with BuildKit's own matcher, whether .dockerignore lets path (slash-separated,
// relative to the repository) into the build context.
func contextSends(t *testing.T) func(path string) bool {
	t.Helper()
	patterns, err := ignorefile.ReadAll(bytes.NewReader(repoFile(t, ".dockerignore")))
	if err != nil {
		t.Fatal(err)
	}
	pm, err := patternmatcher.New(patterns)
	if err != nil {
		t.Fatal(err)
	}
	return func(path string) bool {
		excluded, err := pm.MatchesOrParentMatches(path)
		if err != nil {
			t.Fatal(err)
		}
		return !excluded
	}
}

// buildInputs are the files the image's stages read: go.mod and go.sum, every source and embedded file of
// the packages cmd/iconlib is built from (as go list says), and content/, which the bundle target builds.
func buildInputs(t *testing.T) []string {
	t.Helper()
	abs, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "list", "-deps", "-f",
		`{{if not .Standard}}{{$d := .Dir}}{{range .GoFiles}}{{$d}}/{{.}}{{"\n"}}{{end}}{{range .SFiles}}{{$d}}/{{.}}{{"\n"}}{{end}}{{range .HFiles}}{{$d}}/{{.}}{{"\n"}}{{end}}{{range .EmbedFiles}}{{$d}}/{{.}}{{"\n"}}{{end}}{{end}}`,
		"./cmd/iconlib")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	inputs := []string{"go.mod", "go.sum"}
	for _, f := range strings.Fields(string(out)) {
		if rel, ok := strings.CutPrefix(f, abs+"/"); ok { // the module's own, not its dependencies'
			inputs = append(inputs, rel)
		}
	}
	err = filepath.WalkDir(filepath.Join(root, "content"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(root, p)
			inputs = append(inputs, filepath.ToSlash(rel))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return inputs
}

// TestDockerignoreSendsWhatTheBuildReadsAndNoSecrets: every file the image's stages read reaches the
// build context, and nothing else of note does: not the signing key's default place, built sites,
// binaries, git's history, the test suites or their node_modules.
func TestDockerignoreSendsWhatTheBuildReadsAndNoSecrets(t *testing.T) {
	sends := contextSends(t)
	inputs := buildInputs(t)
	if len(inputs) < 200 {
		t.Fatalf("only %d build inputs found", len(inputs))
	}
	for _, f := range inputs {
		if !sends(f) {
			t.Errorf(".dockerignore leaves out %s, which the image's build reads", f)
		}
	}
	for _, f := range []string{".iconlib/signing-key.pem", ".git/config", "public/index.html",
		"public.snapshots/20260101-000000.000-0123456789ab/catalog.json", "bin/iconlib",
		"test/e2e/e2e_test.go", "test/renderers/node_modules/canvaskit-wasm/package.json",
		"edge/edge_test.go", "build/testdata/content/icons/bell.svg", "Dockerfile", "README.md"} {
		if sends(f) {
			t.Errorf(".dockerignore sends %s into the build context", f)
		}
	}
}
