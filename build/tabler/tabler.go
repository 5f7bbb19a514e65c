// Package tabler imports the Tabler Icons npm package (@tabler/icons) into iconlib's content/.
package tabler

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/iconlib/iconlib/build/content"
	"github.com/iconlib/iconlib/internal/jsonfile"
)

// Files the import writes into the content icons directory.
const (
	IconsFile   = "tabler.jsonl"
	LicenseFile = "LICENSE.tabler"
)

// meta is one entry of the package's icons.json.
type meta struct {
	Name     string         `json:"name"`
	Category string         `json:"category"`
	Tags     []any          `json:"tags"`
	Styles   map[string]any `json:"styles"`
}

// Import reads an unpacked @tabler/icons package at pkgDir (the folder with package.json) and writes the
// icons and the licence into iconsDir. It touches no other file there, so hand edits survive.
func Import(pkgDir, iconsDir string) (int, error) {
	var metas map[string]meta
	var outline, filled map[string][]content.Node
	for name, dst := range map[string]any{"icons.json": &metas,
		"tabler-nodes-outline.json": &outline, "tabler-nodes-filled.json": &filled} {
		if err := jsonfile.Read(filepath.Join(pkgDir, name), dst); err != nil {
			return 0, err
		}
	}
	icons := make([]content.Icon, 0, len(metas))
	for id, m := range metas {
		ic := content.Icon{ID: id, Category: m.Category, Tags: cleanTags(m.Tags), Outline: outline[id]}
		if _, ok := m.Styles["filled"]; ok {
			ic.Filled = filled[id]
		}
		if len(ic.Outline) == 0 {
			return 0, fmt.Errorf("icon %q: no outline nodes in the package", id)
		}
		icons = append(icons, ic)
	}
	if err := os.MkdirAll(iconsDir, 0o755); err != nil {
		return 0, err
	}
	if err := content.WriteIcons(filepath.Join(iconsDir, IconsFile), icons); err != nil {
		return 0, err
	}
	license, err := os.ReadFile(filepath.Join(pkgDir, "LICENSE"))
	if err != nil {
		return 0, err
	}
	return len(icons), os.WriteFile(filepath.Join(iconsDir, LicenseFile), license, 0o644)
}

// cleanTags keeps Tabler's tags in order as lowercase strings (a few are numbers or null), without duplicates.
func cleanTags(raw []any) []string {
	seen := map[string]bool{}
	var tags []string
	for _, t := range raw {
		var s string
		switch v := t.(type) {
		case string:
			s = v
		case float64:
			s = fmt.Sprint(v)
		}
		s = strings.ToLower(strings.TrimSpace(s))
		if s != "" && !seen[s] {
			seen[s] = true
			tags = append(tags, s)
		}
	}
	return tags
}
