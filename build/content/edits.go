package content

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"

	"gopkg.in/yaml.v3"

	"github.com/iconlib/iconlib/build/motion"
)

// Edit is a hand edit of one icon's metadata; it survives a re-import of the icon set.
type Edit struct {
	Name        string   `yaml:"name"`
	Description string   `yaml:"description"`
	Tags        []string `yaml:"tags"`
	// Motion is the icon's hand-made choreography: its signature motion and the parts, pivot,
	// direction and amplitude that fit its drawing.
	Motion *motion.Choreography `yaml:"motion"`
	// Morphs are the icons this one turns into, stroke by stroke (a toggle: menu-2 into x).
	Morphs []string `yaml:"morphs"`
}

// ReadEdits reads the hand edits keyed by icon id. A missing file means no edits.
func ReadEdits(path string) (map[string]Edit, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return map[string]Edit{}, nil
	}
	if err != nil {
		return nil, err
	}
	edits := map[string]Edit{}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	if err := dec.Decode(&edits); err != nil && !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return edits, nil
}
