package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

var tempDirs []string

// tempDir makes a directory that outlives one test (shared builds) and is removed when the tests end.
func tempDir(prefix string) string {
	d, err := os.MkdirTemp("", prefix)
	if err != nil {
		panic(err)
	}
	tempDirs = append(tempDirs, d)
	return d
}

// TestMain runs the tests, then stops the shared server and removes shared directories.
func TestMain(m *testing.M) {
	code := m.Run()
	if libSrv != nil {
		libSrv.Close()
	}
	for _, d := range tempDirs {
		os.RemoveAll(d)
	}
	os.Exit(code)
}

var (
	binOnce sync.Once
	binPath string
	binErr  error
)

// iconlibBinary builds the iconlib command once per test binary, as `make binary` does, and returns its
// path.
func iconlibBinary(t testing.TB) string {
	t.Helper()
	binOnce.Do(func() {
		binPath = filepath.Join(tempDir("iconlib-bin-"), "iconlib")
		out, err := exec.Command("go", "build", "-o", binPath, "github.com/iconlib/iconlib/cmd/iconlib").CombinedOutput()
		if err != nil {
			binErr = fmt.Errorf("go build ./cmd/iconlib: %v\n%s", err, out)
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

// skipShort skips a suite that needs the whole library or a browser under -short (make check).
func skipShort(t testing.TB) {
	t.Helper()
	if testing.Short() {
		t.Skip("the whole library or a browser: not under -short")
	}
}
