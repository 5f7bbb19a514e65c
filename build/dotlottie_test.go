package build_test

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"slices"
	"testing"

	"github.com/iconlib/iconlib/internal/catalog"
	"github.com/iconlib/iconlib/internal/contract"
)

// dotLottieEntries reads a .lottie file's entries by name.
func dotLottieEntries(t *testing.T, body []byte) map[string][]byte {
	t.Helper()
	r, err := zip.NewReader(bytes.NewReader(body), int64(len(body)))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	for _, f := range r.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		if out[f.Name], err = io.ReadAll(rc); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

type stateMachineFile struct {
	Initial string
	States  []struct {
		Name, Animation, Segment string
		Transitions              []struct {
			ToState string
			Guards  []struct{ InputName string }
		}
	}
	Interactions []struct {
		Type    string
		Actions []struct{ Type, InputName string }
	}
}

// TestEveryIconHasADotLottieFile: each record names its .lottie with the file's sha256 and size; the
// file holds each style's Lottie file byte for byte, a theme per record theme setting each colour slot,
// and a state machine per style whose states play markers its animation has, toggling the morph on
// click where the style has one (circle-dot into its filled form, square-rounded into circle-dot) and
// replaying hover where not.
func TestEveryIconHasADotLottieFile(t *testing.T) {
	out := t.TempDir()
	runBuild(t, fixtureContent, out)
	for _, ic := range readCatalog(t, out).Icons {
		body := []byte(readFile(t, out, contract.DotLottieFile(ic.ID)))
		sum := sha256.Sum256(body)
		if d := ic.DotLottie; d.FileURL != fixtureBase+"/"+contract.DotLottieFile(ic.ID) || d.SHA256 != hex.EncodeToString(sum[:]) || d.SizeBytes != len(body) {
			t.Errorf("%s: record %+v does not name the file (%d bytes)", ic.ID, d, len(body))
		}
		entries := dotLottieEntries(t, body)
		if !slices.Equal(ic.DotLottie.Animations, ic.Styles) || !slices.Equal(ic.DotLottie.StateMachines, ic.Styles) {
			t.Errorf("%s: animations %v and state machines %v, want one per style %v", ic.ID, ic.DotLottie.Animations, ic.DotLottie.StateMachines, ic.Styles)
		}
		for _, f := range ic.Files {
			if got, want := entries["a/"+f.Style+".json"], readFile(t, out, f.FileURL[len(fixtureBase)+1:]); string(got) != want {
				t.Errorf("%s: a/%s.json is not the %s file", ic.ID, f.Style, f.Style)
			}
		}
		for _, theme := range ic.DotLottie.Themes {
			var th struct{ Rules []struct{ ID, Type string } }
			if err := json.Unmarshal(entries["t/"+theme+".json"], &th); err != nil || len(th.Rules) != len(ic.ColorSlots) {
				t.Errorf("%s: theme %s = %s, want a rule per colour slot (%v)", ic.ID, theme, entries["t/"+theme+".json"], err)
			}
		}
		for _, style := range ic.DotLottie.StateMachines {
			var sm stateMachineFile
			if err := json.Unmarshal(entries["s/"+style+".json"], &sm); err != nil {
				t.Fatalf("%s: s/%s.json: %v", ic.ID, style, err)
			}
			var names []string
			for _, s := range sm.States {
				names = append(names, s.Name)
				if s.Animation != style || !slices.ContainsFunc(ic.States, func(st catalog.State) bool {
					return st.Name == s.Segment && slices.Contains(st.Styles, style)
				}) {
					t.Errorf("%s: state %s plays %s of %s, which the %s file has no marker for", ic.ID, s.Name, s.Segment, s.Animation, style)
				}
			}
			want := map[string][]string{ // a toggle where the outline morphs
				"circle-dot":     {"rest", "hover", "morph", "morph-back"},
				"square-rounded": {"rest", "hover", "morph-circle-dot", "morph-circle-dot-back"},
			}[ic.ID]
			if want == nil || style != "outline" {
				want = []string{"rest", "hover", "click"}
			}
			if sm.Initial != "rest" || !slices.Equal(names, want) {
				t.Errorf("%s: the %s state machine starts at %s with states %v, want rest with %v", ic.ID, style, sm.Initial, names, want)
			}
		}
	}
}
