package build

import (
	"crypto/sha256"
	"encoding/hex"

	"github.com/iconlib/iconlib/build/internal/dotlottie"
	"github.com/iconlib/iconlib/internal/catalog"
)

// An icon's dotLottie file (docs/dotlottie.md) holds both styles' Lottie files as written beside it,
// named for their styles; themes that set the colour slots; and a state machine per style that plays
// its states on pointer events: at rest the still icon, `hover` on pointer enter, and on click the
// toggle between the style's morph and its way back (the first morph into another icon, else the
// filled form's morph) or, without one, the signature again.

// The inputs a state machine fires, from its interactions or from a player (stateMachineFireEvent).
const (
	hoverInput = "hover" // fired on pointer enter
	clickInput = "click" // fired on click
)

// dotLottieThemes colour the slots: dark (light ink for dark backgrounds, the accent a light blue) and
// accent (the icon as drawn, its accent rose).
var dotLottieThemes = []struct {
	id              string
	primary, accent [4]float64
}{
	{id: "dark", primary: [4]float64{0.93, 0.94, 0.95, 1}, accent: [4]float64{0.49, 0.77, 1, 1}},
	{id: "accent", primary: [4]float64{0, 0, 0, 1}, accent: [4]float64{0.88, 0.11, 0.28, 1}},
}

// styleAnimation is one style's Lottie file as written, and the markers it holds.
type styleAnimation struct {
	style  string
	body   []byte
	states []catalog.State
}

// iconDotLottie writes the dotLottie file of an icon whose record ic holds its states and colour slots,
// and returns it with the record's entry for it (at url).
func iconDotLottie(ic catalog.Icon, styles []styleAnimation, url string) ([]byte, catalog.DotLottieFile, error) {
	f := dotlottie.File{Generator: "iconlib"}
	rec := catalog.DotLottieFile{FileURL: url}
	for _, s := range styles {
		f.Animations = append(f.Animations, dotlottie.Animation{ID: s.style, JSON: s.body})
		f.StateMachines = append(f.StateMachines, stateMachine(s))
		rec.Animations = append(rec.Animations, s.style)
		rec.StateMachines = append(rec.StateMachines, s.style)
	}
	for _, th := range dotLottieThemes {
		t := dotlottie.Theme{ID: th.id}
		for _, slot := range ic.ColorSlots {
			rgba := th.primary
			if slot.Name == "secondary" {
				rgba = th.accent
			}
			t.Rules = append(t.Rules, dotlottie.ColorRule(slot.Name, rgba))
		}
		f.Themes = append(f.Themes, t)
		rec.Themes = append(rec.Themes, th.id)
	}
	body, err := f.Bytes()
	if err != nil {
		return nil, rec, err
	}
	sum := sha256.Sum256(body)
	rec.SHA256, rec.SizeBytes = hex.EncodeToString(sum[:]), len(body)
	return body, rec, nil
}

// restState is the state a state machine starts in: the still icon, the last frame of `in`.
const restState = "rest"

// stateMachine is the state machine of one style's animation (its id is the style's): rest, hover on
// pointer enter, and on click the toggle (toggle) or, without one, `click`, which plays the hover's
// frames again.
func stateMachine(s styleAnimation) dotlottie.StateMachine {
	anim := s.style
	sm := dotlottie.StateMachine{ID: anim, Initial: restState,
		Inputs:       []dotlottie.Input{dotlottie.EventInput(hoverInput), dotlottie.EventInput(clickInput)},
		Interactions: []dotlottie.Interaction{dotlottie.Fires("PointerEnter", hoverInput), dotlottie.Fires("Click", clickInput)}}
	there, back, toggles := toggle(s.states)
	clicked := "click"
	if toggles {
		clicked = there
	}
	still := float64(lastFrame(s.states, "in"))
	rest := dotlottie.PlaybackState(restState, anim, "in", dotlottie.On(hoverInput, "hover"), dotlottie.On(clickInput, clicked))
	rest.Autoplay, rest.EntryActions = false, []dotlottie.Action{{Type: "SetFrame", Value: &still}}
	sm.States = []dotlottie.State{rest,
		dotlottie.PlaybackState("hover", anim, "hover", dotlottie.On(hoverInput, "hover"), dotlottie.On(clickInput, clicked))}
	if !toggles {
		sm.States = append(sm.States,
			dotlottie.PlaybackState("click", anim, "hover", dotlottie.On(hoverInput, "hover"), dotlottie.On(clickInput, "click")))
		return sm
	}
	sm.States = append(sm.States,
		dotlottie.PlaybackState(there, anim, there, dotlottie.On(clickInput, back)),
		dotlottie.PlaybackState(back, anim, back, dotlottie.On(hoverInput, "hover"), dotlottie.On(clickInput, there)))
	return sm
}

// toggle is the morph a click toggles in a file with these states, and its way back: the first into
// another icon (a hand-made pair, lock and lock-open), else the filled form's; toggles is false when
// the file has none.
func toggle(states []catalog.State) (there, back string, toggles bool) {
	has := func(name string) bool { return lastFrame(states, name) >= 0 }
	for _, s := range states {
		if s.TargetIcon != "" && !s.MorphsBack() && has(catalog.MorphBack(s.TargetIcon)) {
			return s.Name, catalog.MorphBack(s.TargetIcon), true
		}
	}
	if has("morph") && has("morph-back") {
		return "morph", "morph-back", true
	}
	return "", "", false
}

// lastFrame is the last frame of the state named name, or -1 when there is none.
func lastFrame(states []catalog.State, name string) int {
	for _, s := range states {
		if s.Name == name {
			return s.EndFrame
		}
	}
	return -1
}
