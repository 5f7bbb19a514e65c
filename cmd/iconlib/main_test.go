package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
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

// cleanupM runs the tests, then stops the shared server and removes shared directories.
type cleanupM struct{ m *testing.M }

func (c cleanupM) Run() int {
	code := c.m.Run()
	if libSrv != nil {
		libSrv.Close()
	}
	for _, d := range tempDirs {
		os.RemoveAll(d)
	}
	return code
}

// TestMain also makes this test binary act as the iconlib command inside test scripts.
func TestMain(m *testing.M) {
	testscript.Main(cleanupM{m}, map[string]func(){"iconlib": main})
}

// TestCLI runs the scripts in testdata/script: the commands a user types, their output and exit codes.
func TestCLI(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Setup: func(env *testscript.Env) error {
			env.Setenv("FIXTURE", mustAbs("../../build/testdata/content"))
			return nil
		},
	})
}

func mustAbs(p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		panic(err)
	}
	return abs
}
