package testtool_test

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/iconlib/iconlib/internal/testtool"
)

// TestFindLooksWhereItIsTold: the path the environment names comes first, then PATH, then the usual
// places; a program found nowhere skips the test, or fails it when the environment requires it.
func TestFindLooksWhereItIsTold(t *testing.T) {
	dir := t.TempDir()
	inPath := filepath.Join(dir, "bin", "tool-x")
	usual := filepath.Join(dir, "usual", "tool-x")
	named := filepath.Join(dir, "named-tool-x")
	for _, p := range []string{inPath, usual, named} {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	tool := testtool.Tool{Name: "tool-x", PathEnv: "TESTTOOL_X", Places: []string{usual}, Install: "install it",
		Require: "TESTTOOL_X_REQUIRED"}
	t.Setenv("PATH", filepath.Dir(inPath))
	t.Setenv("TESTTOOL_X", named)
	if got := tool.Find(t); got != named {
		t.Errorf("with %s set: %s, want %s", tool.PathEnv, got, named)
	}
	t.Setenv("TESTTOOL_X", "")
	if got := tool.Find(t); got != inPath {
		t.Errorf("in PATH: %s, want %s", got, inPath)
	}
	t.Setenv("PATH", dir)
	if got := tool.Find(t); got != usual {
		t.Errorf("at its usual place: %s, want %s", got, usual)
	}
	tool.Places = nil
	if ended := run(t, tool); !ended.Skipped() || ended.Failed() {
		t.Errorf("found nowhere: skipped %t, failed %t; want skipped", ended.Skipped(), ended.Failed())
	}
	t.Setenv("TESTTOOL_X_REQUIRED", "1")
	if ended := run(t, tool); !ended.Failed() {
		t.Error("found nowhere but required: the test did not fail")
	}
}

// run calls Find in a test of its own, which it may end, and returns that test.
func run(t *testing.T, tool testtool.Tool) *recorder {
	r := &recorder{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		tool.Find(r)
	}()
	<-done
	return r
}

// recorder is a testing.TB that records how Find ended it instead of ending the test that runs Find.
type recorder struct {
	testing.TB
	failed, skipped bool
}

func (r *recorder) Helper()               {}
func (r *recorder) Fatal(...any)          { r.failed = true; runtime.Goexit() }
func (r *recorder) Fatalf(string, ...any) { r.failed = true; runtime.Goexit() }
func (r *recorder) Skip(...any)           { r.skipped = true; runtime.Goexit() }
func (r *recorder) Failed() bool          { return r.failed }
func (r *recorder) Skipped() bool         { return r.skipped }
