package main

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// TestScaledContentRepeatsEveryIcon: a content tree scaled 3 times holds every icon three times, the
// copies' ids suffixed and their drawings and words the same, and every other file as it was.
func TestScaledContentRepeatsEveryIcon(t *testing.T) {
	src := t.TempDir()
	write := func(rel, body string) {
		path := filepath.Join(src, rel)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("icons/tabler.jsonl", `{"id":"a","tags":["x"],"outline":[["path",{"d":"M1 1"}]]}`+"\n"+`{"id":"b","tags":["y"]}`)
	write("guides/web.md", "# Web\n")
	out, err := scaledContent(src, t.TempDir(), 3)
	if err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(filepath.Join(out, "guides/web.md")); err != nil || string(b) != "# Web\n" {
		t.Errorf("guides/web.md: %q, %v", b, err)
	}
	f, err := os.Open(filepath.Join(out, "icons/tabler.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var ids []string
	tags := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var icon struct {
			ID   string
			Tags []string
		}
		if err := json.Unmarshal(sc.Bytes(), &icon); err != nil {
			t.Fatalf("%q: %v", sc.Text(), err)
		}
		ids = append(ids, icon.ID)
		tags[icon.ID] = icon.Tags[0]
	}
	want := []string{"a", "b", "a-s2", "b-s2", "a-s3", "b-s3"}
	if len(ids) != len(want) {
		t.Fatalf("ids %v, want %v", ids, want)
	}
	for i := range want {
		if ids[i] != want[i] || tags[ids[i]] != tags[want[i][:1]] {
			t.Errorf("icon %d is %s with tag %s, want %s", i, ids[i], tags[ids[i]], want[i])
		}
	}
}
