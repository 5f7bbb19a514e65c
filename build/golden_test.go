package build_test

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files from the current output")

// TestGoldenOutput pins a few generated files, so a change to them is reviewed as a diff:
// `go test ./build -run TestGoldenOutput -update` rewrites them.
func TestGoldenOutput(t *testing.T) {
	out := t.TempDir()
	runBuild(t, fixtureContent, out)
	for _, rel := range []string{
		"assets/arrow-left.json",
		"assets/zigzag.json",
		"assets/filled/circle-dot.json",
		"svg/circle-dot.svg",
		"api/v1/icons/circle-dot.json",
		"api/v1/categories.json",
		"llms.txt",
		"LICENSE.txt",
	} {
		t.Run(rel, func(t *testing.T) {
			got := readFile(t, out, rel)
			golden := filepath.Join("testdata", "golden", filepath.FromSlash(rel))
			if *update {
				if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("%s differs from %s; if the change is intended, run with -update and review the diff", rel, golden)
			}
		})
	}
}
