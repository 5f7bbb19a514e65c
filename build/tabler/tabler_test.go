package tabler

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/iconlib/iconlib/build/content"
)

func writePackage(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestImportWritesIconsAndKeepsEdits(t *testing.T) {
	pkg := writePackage(t, map[string]string{
		"icons.json": `{
		  "bell": {"name":"bell","category":"System","tags":["Alarm", 3, null, "alarm", " ring "],"styles":{"outline":{},"filled":{}}},
		  "at": {"name":"at","category":"Communication","tags":["email"],"styles":{"outline":{}}}}`,
		"tabler-nodes-outline.json": `{"bell":[["path",{"d":"M1 1h2"}]],"at":[["path",{"d":"M2 2h2","fill":"currentColor"}]]}`,
		"tabler-nodes-filled.json":  `{"bell":[["path",{"d":"M0 0h5v5z"}]]}`,
		"LICENSE":                   "MIT License\n",
	})
	contentIcons := t.TempDir()
	edits := filepath.Join(contentIcons, "edits.yaml")
	if err := os.WriteFile(edits, []byte("bell:\n  description: Hand written.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	n, err := Import(pkg, contentIcons)
	if err != nil || n != 2 {
		t.Fatalf("Import = %d, %v", n, err)
	}
	icons, err := content.ReadIcons(filepath.Join(contentIcons, IconsFile))
	if err != nil {
		t.Fatal(err)
	}
	want := []content.Icon{
		{ID: "at", Category: "Communication", Tags: []string{"email"},
			Outline: []content.Node{{Name: "path", Attrs: map[string]string{"d": "M2 2h2", "fill": "currentColor"}}}},
		{ID: "bell", Category: "System", Tags: []string{"alarm", "3", "ring"},
			Outline: []content.Node{{Name: "path", Attrs: map[string]string{"d": "M1 1h2"}}},
			Filled:  []content.Node{{Name: "path", Attrs: map[string]string{"d": "M0 0h5v5z"}}}},
	}
	if diff := cmp.Diff(want, icons, cmp.FilterPath(func(p cmp.Path) bool { return p.Last().String() == ".Origin" }, cmp.Ignore())); diff != "" {
		t.Errorf("imported icons (-want +got):\n%s", diff)
	}
	if b, _ := os.ReadFile(edits); string(b) != "bell:\n  description: Hand written.\n" {
		t.Errorf("import changed the hand edits: %q", b)
	}
	if b, _ := os.ReadFile(filepath.Join(contentIcons, LicenseFile)); string(b) != "MIT License\n" {
		t.Errorf("licence not copied: %q", b)
	}
	// A re-import gives the same bytes.
	first, _ := os.ReadFile(filepath.Join(contentIcons, IconsFile))
	if _, err := Import(pkg, contentIcons); err != nil {
		t.Fatal(err)
	}
	if second, _ := os.ReadFile(filepath.Join(contentIcons, IconsFile)); string(first) != string(second) {
		t.Error("re-import is not byte-identical")
	}
}

func TestImportRejectsAnIconWithoutNodes(t *testing.T) {
	pkg := writePackage(t, map[string]string{
		"icons.json":                `{"ghost":{"name":"ghost","category":"System","tags":[],"styles":{"outline":{}}}}`,
		"tabler-nodes-outline.json": `{}`,
		"tabler-nodes-filled.json":  `{}`,
		"LICENSE":                   "MIT\n",
	})
	if _, err := Import(pkg, t.TempDir()); err == nil {
		t.Fatal("import accepted an icon without outline nodes")
	}
}
