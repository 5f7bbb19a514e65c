package build_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/iconlib/iconlib/build"
	"github.com/iconlib/iconlib/internal/contract"
)

// TestRunRejectsBadContent: broken content fails the build with a message naming the file and the icon.
func TestRunRejectsBadContent(t *testing.T) {
	good := `{"id":"ok","category":"Shapes","tags":["x"],"outline":[["path",{"d":"M1 1l2 2"}]]}`
	tests := []struct {
		name    string
		icons   string
		edits   string
		popular string
		common  string
		guide   string
		license *string // the drawings' licence; nil for the fixture's (Tabler's MIT License)
		want    []string
	}{
		{name: "broken SVG path", icons: `{"id":"bad-path","category":"Shapes","tags":[],"outline":[["path",{"d":"M1 1 L"}]]}`,
			want: []string{"bad-path", "icons/set.jsonl:1", "expected number"}},
		{name: "unknown element", icons: `{"id":"odd","category":"Shapes","tags":[],"outline":[["blob",{}]]}`,
			want: []string{`icon "odd"`, `unsupported element "blob"`}},
		{name: "bad circle radius", icons: `{"id":"ring","category":"Shapes","tags":[],"outline":[["circle",{"r":"abc"}]]}`,
			want: []string{`icon "ring"`, "circle", "abc"}},
		{name: "duplicate id", icons: good + "\n" + good, want: []string{"icons/set.jsonl:2", `icon "ok"`, "duplicate id"}},
		{name: "missing category", icons: `{"id":"lost","tags":[],"outline":[["path",{"d":"M1 1l2 2"}]]}`,
			want: []string{`icon "lost"`, "missing category"}},
		{name: "missing outline", icons: `{"id":"empty","category":"Shapes","tags":[]}`,
			want: []string{`icon "empty"`, "missing outline"}},
		{name: "invalid id", icons: `{"id":"Bad_Id","category":"Shapes","outline":[["path",{"d":"M1 1l2 2"}]]}`,
			want: []string{`icon "Bad_Id"`, "lowercase"}},
		{name: "unknown field", icons: `{"id":"x","category":"Shapes","colour":"red","outline":[["path",{"d":"M1 1l2 2"}]]}`,
			want: []string{"set.jsonl:1", "colour"}},
		{name: "not JSON", icons: `{"id":`, want: []string{"set.jsonl:1"}},
		{name: "bad opacity", icons: `{"id":"faint","category":"Shapes","outline":[["path",{"d":"M1 1l2 2","opacity":"2"}]]}`,
			want: []string{`icon "faint"`, "opacity"}},
		{name: "edit of an unknown icon", icons: good, edits: "nope:\n  description: Something.\n",
			want: []string{"edits.yaml", `icon "nope" does not exist`}},
		{name: "edit with unknown field", icons: good, edits: "ok:\n  descripton: typo\n",
			want: []string{"edits.yaml", "descripton"}},
		{name: "popular icon that does not exist", icons: good, popular: "# popular\nok\nnope\n",
			want: []string{"icons/popular.txt:3", `icon "nope" does not exist`}},
		{name: "popular icon listed twice", icons: good, popular: "ok\n\nok\n",
			want: []string{"icons/popular.txt:3", `icon "ok" is listed already on line 1`}},
		{name: "common icon that does not exist", icons: good, common: "nope\n",
			want: []string{"icons/common.txt:1", `icon "nope" does not exist`}},
		{name: "common icon on the popular list", icons: good, popular: "ok\n", common: "# common\nok\n",
			want: []string{"icons/common.txt:2", `icon "ok" is on the popular list already`}},
		{name: "guide without front matter", icons: good, guide: "# Hello\n", want: []string{"guides/hello.md", "front matter"}},
		{name: "guide without description", icons: good, guide: "---\ntitle: Hello\n---\nbody\n",
			want: []string{"guides/hello.md", "description"}},
		{name: "no icon set", want: []string{"no icon sets"}},
		{name: "drawings without their licence", icons: good, license: ptr(""),
			want: []string{"the drawings need their licence", "LICENSE.tabler"}},
		{name: "drawings under another licence", icons: good, license: ptr("Copyright (c) 2026 Someone\nAll rights reserved.\n"),
			want: []string{"LICENSE.tabler", "want the MIT License"}},
	}
	fixtureLicense, err := os.ReadFile(filepath.Join(fixtureContent, "icons", "LICENSE.tabler"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			write := func(rel, body string) {
				p := filepath.Join(dir, rel)
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if tc.icons != "" {
				write("icons/set.jsonl", tc.icons+"\n")
			}
			if tc.edits != "" {
				write("icons/edits.yaml", tc.edits)
			}
			if tc.popular != "" {
				write("icons/popular.txt", tc.popular)
			}
			if tc.common != "" {
				write("icons/common.txt", tc.common)
			}
			if tc.guide != "" {
				write("guides/hello.md", tc.guide)
			}
			switch {
			case tc.license == nil:
				write("icons/LICENSE.tabler", string(fixtureLicense))
			case *tc.license != "":
				write("icons/LICENSE.tabler", *tc.license)
			}
			out := filepath.Join(t.TempDir(), "public")
			_, err := build.Run(context.Background(), build.Options{ContentDir: dir, OutDir: out, BaseURL: contract.MustParseBaseURL(fixtureBase)})
			if err == nil {
				t.Fatal("build succeeded on bad content")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
			if _, statErr := os.Stat(out); !os.IsNotExist(statErr) {
				t.Error("a failed build left an output directory behind")
			}
		})
	}
}

func ptr[T any](v T) *T { return &v }
