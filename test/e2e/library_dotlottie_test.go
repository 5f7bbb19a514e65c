package e2e

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/iconlib/iconlib/internal/catalog"
	"github.com/iconlib/iconlib/internal/contract"
)

// dotLottieFault says what is wrong with an icon's .lottie file ("" when nothing): it must match the
// record's sha256 and size, and hold a state machine per style, starting at rest, whose every state
// plays a marker (a state of the record) that the style's file holds.
func dotLottieFault(public string, ic catalog.Icon) string {
	body, err := os.ReadFile(filepath.Join(public, contract.DotLottieFile(ic.ID)))
	if err != nil {
		return err.Error()
	}
	if sum := sha256.Sum256(body); hex.EncodeToString(sum[:]) != ic.DotLottie.SHA256 || len(body) != ic.DotLottie.SizeBytes {
		return "the .lottie does not match its sha256/size"
	}
	z, err := zip.NewReader(bytes.NewReader(body), int64(len(body)))
	if err != nil {
		return "the .lottie: " + err.Error()
	}
	if !slices.Equal(ic.DotLottie.StateMachines, ic.Styles) {
		return fmt.Sprintf("state machines %v, want one per style %v", ic.DotLottie.StateMachines, ic.Styles)
	}
	for _, style := range ic.DotLottie.StateMachines {
		f, err := z.Open("s/" + style + ".json")
		if err != nil {
			return err.Error()
		}
		var sm struct {
			Initial string
			States  []struct{ Name, Animation, Segment string }
		}
		err = json.NewDecoder(f).Decode(&sm)
		f.Close()
		if err != nil || sm.Initial != "rest" || len(sm.States) < 3 {
			return fmt.Sprintf("state machine %s: %+v (%v)", style, sm, err)
		}
		for _, s := range sm.States {
			if s.Animation != style || !slices.ContainsFunc(ic.States, func(st catalog.State) bool {
				return st.Name == s.Segment && slices.Contains(st.Styles, style)
			}) {
				return fmt.Sprintf("state machine %s: state %s plays %s of %s, which has no such marker", style, s.Name, s.Segment, s.Animation)
			}
		}
	}
	return ""
}
