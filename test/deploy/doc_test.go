// Package deploy_test checks the files that deploy the edge with the tools that read them: the Dockerfile
// and .dockerignore with BuildKit's own parser, linter and pattern matcher, the systemd unit with
// systemd-analyze (Debian's systemd) and go-systemd's parser, and, where a container engine answers, the
// image built and run.
package deploy_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// root is the repository, from this package's directory.
const root = "../.."

// scratch is a directory the package's tests share (the binary), removed when they end.
var scratch string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "iconlib-deploy-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	scratch = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// repoFile reads a file of the repository.
func repoFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, path))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

var binary struct {
	once sync.Once
	path string
	err  error
}

// iconlib builds the iconlib binary once for the package's tests and returns its path.
func iconlib(t *testing.T) string {
	t.Helper()
	binary.once.Do(func() {
		binary.path = filepath.Join(scratch, "iconlib")
		out, err := exec.Command("go", "build", "-o", binary.path, "github.com/iconlib/iconlib/cmd/iconlib").CombinedOutput()
		if err != nil {
			binary.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if binary.err != nil {
		t.Fatal(binary.err)
	}
	return binary.path
}
