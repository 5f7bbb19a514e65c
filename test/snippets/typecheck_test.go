// Package snippets checks the records' code snippets against the players they call: the JavaScript, JSX
// and TSX ones with tsc against the players' own type declarations from npm (pinned in this folder's
// package.json, installed by `make snippets-deps`), the Swift, Kotlin and Dart ones, whose toolchains a
// test machine lacks, against a table of the signatures the players' sources declare (signatures_test.go).
package snippets

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/iconlib/iconlib/build"
	"github.com/iconlib/iconlib/internal/catalog"
	"github.com/iconlib/iconlib/internal/contract"
)

// records builds the fixture library and returns its records, with the code of every state of every
// style (build.PlayFor): what the records and the icon page's tabs hand out.
func records(t *testing.T) []catalog.Icon {
	t.Helper()
	out := filepath.Join(t.TempDir(), "public")
	if _, err := build.Run(context.Background(), build.Options{ContentDir: "../../build/testdata/content", OutDir: out,
		BaseURL: contract.MustParseBaseURL("https://icons.example")}); err != nil {
		t.Fatal(err)
	}
	_, records, err := catalog.ReadRecords(out)
	if err != nil {
		t.Fatal(err)
	}
	return records
}

// variant is one snippet of an icon: its code for one state of one style's file.
type variant struct {
	name string // icon-style-state
	code catalog.Code
}

func variants(t *testing.T, icons []catalog.Icon) []variant {
	t.Helper()
	var out []variant
	for _, ic := range icons {
		for _, f := range ic.Files {
			for _, s := range ic.States {
				p, err := build.PlayFor(ic, f.Style, s.Name)
				if err != nil {
					continue // the state is not in this style's file
				}
				c, err := build.Code(ic, p)
				if err != nil {
					t.Fatal(err)
				}
				out = append(out, variant{ic.ID + "-" + f.Style + "-" + s.Name, c})
			}
		}
	}
	return out
}

// nodeModules holds the players' packages and tsc, from `make snippets-deps`.
const nodeModules = "node_modules"

// TestSnippetsTypeCheck: every web and React Native snippet, for every state of every style, compiles
// under tsc --strict against lottie-web's, lottie-react's, lottie-react-native's, React's and React
// Native's own declarations: each import exists, each prop and method is one the player declares, with
// arguments of its types.
func TestSnippetsTypeCheck(t *testing.T) {
	tsc := filepath.Join(nodeModules, ".bin", "tsc")
	if _, err := os.Stat(tsc); err != nil {
		msg := "tsc and the players' declarations are not installed in test/snippets: run `make snippets-deps`"
		if os.Getenv("CI") != "" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	dir := t.TempDir()
	var files []string
	for _, v := range variants(t, records(t)) {
		for ext, code := range map[string]string{".js": v.code.JavaScript, ".jsx": v.code.React, ".tsx": v.code.ReactNative} {
			name := v.name + ext
			if err := os.WriteFile(filepath.Join(dir, name), []byte(code), 0o644); err != nil {
				t.Fatal(err)
			}
			files = append(files, name)
		}
	}
	modules, err := filepath.Abs(nodeModules)
	if err != nil {
		t.Fatal(err)
	}
	config := map[string]any{
		"compilerOptions": map[string]any{
			"strict": true, "noEmit": true, "jsx": "react-jsx", "target": "es2022", "module": "esnext",
			"moduleResolution": "bundler", "lib": []string{"es2022", "dom"}, "types": []string{},
			// The snippets are JavaScript and JSX as people paste them: checked for their calls, not for
			// annotations plain JavaScript cannot have.
			"allowJs": true, "checkJs": true, "noImplicitAny": false, "strictNullChecks": false,
			"skipLibCheck": true, "baseUrl": ".", "paths": map[string][]string{"*": {modules + "/@types/*", modules + "/*"}},
			"typeRoots": []string{modules + "/@types"},
		},
		"files": files,
	}
	b, err := json.Marshal(config)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "tsconfig.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	tscPath, err := filepath.Abs(tsc)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(tscPath, "-p", "tsconfig.json", "--pretty", "false")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("tsc found errors in %d snippets (%v):\n%s", len(files), err, strings.TrimSpace(string(out)))
	}
}
