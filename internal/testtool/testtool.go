// Package testtool finds a program a test needs beyond Go (Chromium, nginx, redis-server, wrk): the path
// an environment variable names, else the program in PATH or at a usual place. Without it the test is
// skipped, unless the environment requires it (as .ci/run does), when the test fails.
package testtool

import (
	"os"
	"os/exec"
	"testing"
)

// Tool is a program and where to look for it.
type Tool struct {
	Name    string   // the program's name in PATH
	PathEnv string   // an environment variable naming its path, tried first when set
	Places  []string // paths tried after PATH
	Install string   // how to get it, for the message: "install Debian's nginx-light (make test-deps)"
	Require string   // an environment variable that, when set, makes its absence a failure
}

// Find returns the program's path, or ends the test: failed when PathEnv names a path that is not
// there or Require is set, else skipped.
func (tool Tool) Find(t testing.TB) string {
	t.Helper()
	if p := os.Getenv(tool.PathEnv); tool.PathEnv != "" && p != "" {
		if _, err := os.Stat(p); err != nil {
			t.Fatalf("%s=%s: %v", tool.PathEnv, p, err)
		}
		return p
	}
	if p, err := exec.LookPath(tool.Name); err == nil {
		return p
	}
	for _, p := range tool.Places {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	msg := "no " + tool.Name + ": "
	if tool.PathEnv != "" {
		msg += "set " + tool.PathEnv + " or "
	}
	msg += tool.Install
	if tool.Require != "" && os.Getenv(tool.Require) != "" {
		t.Fatal(msg + "; " + tool.Require + " is set")
	}
	t.Skip(msg)
	return ""
}
