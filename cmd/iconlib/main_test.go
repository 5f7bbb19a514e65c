package main

import (
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain also makes this test binary act as the iconlib command inside test scripts.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){"iconlib": main})
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
