package dotlottie

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"io"
	"slices"
	"testing"
)

func sample() File {
	return File{Generator: "iconlib",
		Animations: []Animation{{ID: "outline", JSON: []byte(`{"v":"5.7.0"}`)}, {ID: "filled", JSON: []byte(`{"v":"5.7.0","nm":"f"}`)}},
		Themes:     []Theme{{ID: "dark", Rules: []ThemeRule{ColorRule("primary", [4]float64{1, 1, 1, 1})}}},
		StateMachines: []StateMachine{{ID: "outline", Initial: "rest", Inputs: []Input{EventInput("hover")},
			Interactions: []Interaction{Fires("PointerEnter", "hover")},
			States:       []State{PlaybackState("rest", "outline", "in", On("hover", "hover")), PlaybackState("hover", "outline", "hover")}}},
	}
}

// TestBytesWritesTheV2Layout: the manifest first, then a/, t/ and s/ entries as the spec names them,
// each animation byte for byte as given, the manifest naming the first animation and state machine
// as initial and every theme for every animation.
func TestBytesWritesTheV2Layout(t *testing.T) {
	b, err := sample().Bytes()
	if err != nil {
		t.Fatal(err)
	}
	r, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	bodies := map[string]string{}
	for _, f := range r.File {
		names = append(names, f.Name)
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(rc)
		bodies[f.Name] = string(body)
	}
	want := []string{"manifest.json", "a/outline.json", "a/filled.json", "t/dark.json", "s/outline.json"}
	if !slices.Equal(names, want) {
		t.Errorf("entries %v, want %v", names, want)
	}
	if bodies["a/filled.json"] != `{"v":"5.7.0","nm":"f"}` {
		t.Errorf("a/filled.json = %s", bodies["a/filled.json"])
	}
	wantManifest := `{"version":"2","generator":"iconlib","initial":{"animation":"outline","stateMachine":"outline"},` +
		`"animations":[{"id":"outline","themes":["dark"]},{"id":"filled","themes":["dark"]}],"themes":[{"id":"dark"}],` +
		`"stateMachines":[{"id":"outline"}]}`
	if bodies["manifest.json"] != wantManifest {
		t.Errorf("manifest.json = %s\nwant %s", bodies["manifest.json"], wantManifest)
	}
	if want := `{"rules":[{"id":"primary","type":"Color","value":[1,1,1,1]}]}`; bodies["t/dark.json"] != want {
		t.Errorf("t/dark.json = %s, want %s", bodies["t/dark.json"], want)
	}
	var sm map[string]any
	if err := json.Unmarshal([]byte(bodies["s/outline.json"]), &sm); err != nil || sm["initial"] != "rest" {
		t.Errorf("s/outline.json = %s (%v)", bodies["s/outline.json"], err)
	}
}

// TestBytesAreTheSameEveryTime: the same contents give the same bytes, so a build's sha256 is stable.
func TestBytesAreTheSameEveryTime(t *testing.T) {
	a, err := sample().Bytes()
	if err != nil {
		t.Fatal(err)
	}
	b, err := sample().Bytes()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Error("two writes of the same file differ")
	}
	if _, err := (File{}).Bytes(); err == nil {
		t.Error("a file without an animation was written")
	}
}
