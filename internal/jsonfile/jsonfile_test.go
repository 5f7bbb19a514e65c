package jsonfile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestIndentKeepsHTMLCharactersAndEndsInNewline(t *testing.T) {
	b, err := Indent(map[string]string{"a": "<b> & c"})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(b), "{\n  \"a\": \"<b> & c\"\n}\n"; got != want {
		t.Errorf("Indent = %q, want %q", got, want)
	}
}

func TestReadNamesTheFileOfABadDocument(t *testing.T) {
	p := filepath.Join(t.TempDir(), "bad.json")
	os.WriteFile(p, []byte(`{"a":`), 0o644)
	var v map[string]any
	if err := Read(p, &v); err == nil || !strings.Contains(err.Error(), p) {
		t.Errorf("Read = %v, want an error naming %s", err, p)
	}
	if err := Read(filepath.Join(t.TempDir(), "none.json"), &v); !os.IsNotExist(err) {
		t.Errorf("missing file: %v", err)
	}
}
