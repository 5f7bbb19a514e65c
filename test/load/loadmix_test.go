package main

import (
	"flag"
	"os"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite "+loadMixFile+" from the generator")

// loadMixFile holds the fresh queries internal/search's BenchmarkSearchLoadMix ranks.
const loadMixFile = "../../internal/search/testdata/loadmix.txt"

// TestLoadMixFileIsTheGenerators: BenchmarkSearchLoadMix (internal/search) ranks in-process the first
// 2,000 fresh queries this generator sends after the mix (seed 1, over the Tabler fixture), so the
// queries of the uncached scenarios can be profiled without a server; the file must be what the
// generator makes (go test ./test/load -run TestLoadMixFileIsTheGenerators -update rewrites it).
func TestLoadMixFileIsTheGenerators(t *testing.T) {
	g := newQueryGen(fixtureIcons(t), fixtureLabelled(t), mixKinds, 1)
	g.Take(5000)
	var want strings.Builder
	for range 2000 {
		q, ok := g.NextOf(mixKinds)
		if !ok {
			t.Fatal("the generator ran dry")
		}
		want.WriteString(q + "\n")
	}
	if *update {
		if err := os.WriteFile(loadMixFile, []byte(want.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(loadMixFile)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want.String() {
		t.Fatalf("%s is not the generator's queries; rewrite it with -update", loadMixFile)
	}
}
