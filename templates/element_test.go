package templates_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"flag"
	"os"
	"regexp"
	"testing"

	"github.com/iconlib/iconlib/internal/contract"
	"github.com/iconlib/iconlib/templates"
)

var update = flag.Bool("update", false, "rewrite the PATHS line of static/iconlib-icon.js from the contract")

// elementFile is the <iconlib-icon> element's script, served as /static/iconlib-icon.js.
const elementFile = "static/iconlib-icon.js"

// pathsLine is the element's one line of paths: it runs on other sites' pages, which carry no site
// contract block, so the paths are written into it.
var pathsLine = regexp.MustCompile(`(?m)^(\s*const PATHS = )(\{.*\});$`)

// TestElementPaths: the element asks for the files the contract names, and for the player's current
// version, so it loads the lottie-web the site serves from the immutable URL; -update rewrites the line.
func TestElementPaths(t *testing.T) {
	b, err := os.ReadFile(elementFile)
	if err != nil {
		t.Fatal(err)
	}
	m := pathsLine.FindSubmatchIndex(b)
	if m == nil {
		t.Fatalf("%s: no line `const PATHS = {…};`", elementFile)
	}
	want, err := json.Marshal(map[string]string{
		"animation":        contract.SiteScript.Animation,
		"filled_animation": contract.SiteScript.FilledAnimation,
		"player":           templates.StaticURL("vendor/lottie_light.min.js"),
	})
	if err != nil {
		t.Fatal(err)
	}
	have := b[m[4]:m[5]]
	if *update {
		out := append(append(append([]byte{}, b[:m[4]]...), want...), b[m[5]:]...)
		if err := os.WriteFile(elementFile, out, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if !bytes.Equal(have, want) {
		t.Errorf("%s names other paths than the contract and the player's version; run go test ./templates -update\nhave: %s\nwant: %s", elementFile, have, want)
	}
}

// TestElementSize: the element costs at most 6 KB gzipped on top of the player.
func TestElementSize(t *testing.T) {
	b, err := os.ReadFile(elementFile)
	if err != nil {
		t.Fatal(err)
	}
	var z bytes.Buffer
	w, _ := gzip.NewWriterLevel(&z, gzip.BestCompression)
	w.Write(b)
	w.Close()
	t.Logf("%s: %d bytes, %d gzipped", elementFile, len(b), z.Len())
	if z.Len() > 6*1024 {
		t.Errorf("%s is %d bytes gzipped, over the element's budget of 6144", elementFile, z.Len())
	}
}
