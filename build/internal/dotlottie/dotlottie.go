// Package dotlottie writes dotLottie 2 files: a zip of a manifest, Lottie animations (a/<id>.json),
// themes that set the animations' slots (t/<id>.json) and state machines (s/<id>.json), as
// @lottiefiles/dotlottie-web and its iOS and Android players (dotlottie-rs, ThorVG) read them. The zip is
// written the same way every time (a fixed time on every entry, entries in a fixed order), so a build's
// .lottie files, and their sha256, change only when their contents do.
package dotlottie

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"fmt"
	"time"
)

// Version is the dotLottie specification version the manifests declare.
const Version = "2"

// File is the contents of one .lottie file.
type File struct {
	Generator     string
	Animations    []Animation // the first plays when a player loads the file
	Themes        []Theme
	StateMachines []StateMachine // the first starts when a player starts the file's initial state machine
}

// Animation is one Lottie animation of a file, by its id.
type Animation struct {
	ID   string
	JSON []byte // the Lottie file as written beside the .lottie
}

// Theme sets slots of the animations by their slot ids.
type Theme struct {
	ID    string      `json:"-"`
	Rules []ThemeRule `json:"rules"`
}

// ThemeRule sets one slot: a Color rule with an RGBA value from 0 to 1.
type ThemeRule struct {
	ID    string     `json:"id"`
	Type  string     `json:"type"`
	Value [4]float64 `json:"value"`
}

// ColorRule is the rule that paints slot id in rgba.
func ColorRule(id string, rgba [4]float64) ThemeRule {
	return ThemeRule{ID: id, Type: "Color", Value: rgba}
}

// manifest is manifest.json.
type manifest struct {
	Version       string              `json:"version"`
	Generator     string              `json:"generator"`
	Initial       initial             `json:"initial"`
	Animations    []manifestAnimation `json:"animations"`
	Themes        []manifestID        `json:"themes,omitempty"`
	StateMachines []manifestID        `json:"stateMachines,omitempty"`
}

type initial struct {
	Animation    string `json:"animation"`
	StateMachine string `json:"stateMachine,omitempty"`
}

type manifestAnimation struct {
	ID     string   `json:"id"`
	Themes []string `json:"themes,omitempty"`
}

type manifestID struct {
	ID string `json:"id"`
}

// modified is every entry's modification time: the zip format's earliest, so no build's clock shows.
var modified = time.Date(1980, 1, 1, 0, 0, 0, 0, time.UTC)

// Bytes writes f as a .lottie file: manifest.json first, then the animations, themes and state
// machines in the order f lists them, each compressed with deflate.
func (f File) Bytes() ([]byte, error) {
	if len(f.Animations) == 0 {
		return nil, fmt.Errorf("dotlottie: a file needs an animation")
	}
	m := manifest{Version: Version, Generator: f.Generator, Initial: initial{Animation: f.Animations[0].ID}}
	var themes []string
	for _, t := range f.Themes {
		m.Themes = append(m.Themes, manifestID{t.ID})
		themes = append(themes, t.ID)
	}
	for _, a := range f.Animations {
		m.Animations = append(m.Animations, manifestAnimation{ID: a.ID, Themes: themes})
	}
	for _, s := range f.StateMachines {
		m.StateMachines = append(m.StateMachines, manifestID{s.ID})
	}
	if len(f.StateMachines) > 0 {
		m.Initial.StateMachine = f.StateMachines[0].ID
	}
	entries := []entry{{name: "manifest.json", body: m}}
	for _, a := range f.Animations {
		entries = append(entries, entry{name: "a/" + a.ID + ".json", raw: a.JSON})
	}
	for _, t := range f.Themes {
		entries = append(entries, entry{name: "t/" + t.ID + ".json", body: t})
	}
	for _, s := range f.StateMachines {
		entries = append(entries, entry{name: "s/" + s.ID + ".json", body: s})
	}
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	for _, e := range entries {
		if err := e.write(w); err != nil {
			return nil, fmt.Errorf("dotlottie: %s: %w", e.name, err)
		}
	}
	if err := w.Close(); err != nil {
		return nil, fmt.Errorf("dotlottie: %w", err)
	}
	return buf.Bytes(), nil
}

// entry is one file of the zip: raw bytes, or a value written as JSON.
type entry struct {
	name string
	raw  []byte
	body any
}

func (e entry) write(w *zip.Writer) error {
	body := e.raw
	if body == nil {
		var err error
		if body, err = json.Marshal(e.body); err != nil {
			return err
		}
	}
	f, err := w.CreateHeader(&zip.FileHeader{Name: e.name, Method: zip.Deflate, Modified: modified})
	if err != nil {
		return err
	}
	_, err = f.Write(body)
	return err
}
