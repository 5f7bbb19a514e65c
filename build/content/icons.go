// Package content reads and writes iconlib's content/ directory: the imported icon source, the hand edits
// and the guides.
package content

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"regexp"
	"sort"
)

// Icon is one icon as an icon set provides it, before the build adds meaning and files.
type Icon struct {
	ID       string   `json:"id"`
	Category string   `json:"category"`
	Tags     []string `json:"tags"`
	Outline  []Node   `json:"outline"`
	Filled   []Node   `json:"filled,omitempty"`

	// Origin is where the icon was read ("content/icons/tabler.jsonl:42"), for error messages.
	Origin string `json:"-"`
}

// Node is one SVG element of an icon in the compact form Tabler's nodes JSON uses: ["path", {"d": "…"}].
type Node struct {
	Name  string
	Attrs map[string]string
}

// MarshalJSON writes the node as a two-element array.
func (n Node) MarshalJSON() ([]byte, error) {
	return json.Marshal([]any{n.Name, n.Attrs})
}

// UnmarshalJSON reads a two-element array.
func (n *Node) UnmarshalJSON(b []byte) error {
	var raw []json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil || len(raw) != 2 {
		return fmt.Errorf("an SVG node must be [name, {attributes}]")
	}
	if err := json.Unmarshal(raw[0], &n.Name); err != nil {
		return fmt.Errorf("SVG node name: %w", err)
	}
	if err := json.Unmarshal(raw[1], &n.Attrs); err != nil {
		return fmt.Errorf("SVG node %q attributes: %w", n.Name, err)
	}
	return nil
}

var validID = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// ReadIcons reads an icon source file (JSON Lines, one Icon a line) and checks every icon: a valid unique
// id, a category and at least one outline node. Errors name the file, the line and the icon.
func ReadIcons(path string) ([]Icon, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return parseIcons(path, f)
}

func parseIcons(path string, r io.Reader) ([]Icon, error) {
	var icons []Icon
	seen := map[string]int{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 4*1024*1024)
	for line := 1; sc.Scan(); line++ {
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 {
			continue
		}
		var ic Icon
		dec := json.NewDecoder(bytes.NewReader(text))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&ic); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, line, err)
		}
		if err := checkIcon(ic); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, line, err)
		}
		if first, dup := seen[ic.ID]; dup {
			return nil, fmt.Errorf("%s:%d: icon %q: duplicate id (first on line %d)", path, line, ic.ID, first)
		}
		seen[ic.ID] = line
		ic.Origin = fmt.Sprintf("%s:%d", path, line)
		icons = append(icons, ic)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	sort.Slice(icons, func(i, j int) bool { return icons[i].ID < icons[j].ID })
	return icons, nil
}

func checkIcon(ic Icon) error {
	switch {
	case ic.ID == "":
		return fmt.Errorf("icon without an id")
	case !validID.MatchString(ic.ID):
		return fmt.Errorf("icon %q: id must be lowercase letters, digits and single hyphens", ic.ID)
	case ic.Category == "":
		return fmt.Errorf("icon %q: missing category", ic.ID)
	case len(ic.Outline) == 0:
		return fmt.Errorf("icon %q: missing outline SVG nodes", ic.ID)
	}
	return nil
}

// WriteIcons writes icons as JSON Lines, sorted by id, so a re-import diffs line by line.
func WriteIcons(path string, icons []Icon) error {
	sorted := append([]Icon(nil), icons...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].ID < sorted[j].ID })
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	for _, ic := range sorted {
		if err := enc.Encode(ic); err != nil {
			return fmt.Errorf("icon %s: %w", ic.ID, err)
		}
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}
