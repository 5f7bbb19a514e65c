package content

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"
)

// Guide is one guide: its slug (the file name without .md), front matter and Markdown body.
type Guide struct {
	Slug        string
	Title       string `yaml:"title"`
	Description string `yaml:"description"`
	Body        string
}

// ReadGuides reads every dir/*.md, sorted by slug. Each needs front matter with a title and a description.
func ReadGuides(dir string) ([]Guide, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.md"))
	if err != nil {
		return nil, err
	}
	sort.Strings(paths)
	guides := make([]Guide, 0, len(paths))
	for _, p := range paths {
		g, err := readGuide(p)
		if err != nil {
			return nil, err
		}
		guides = append(guides, g)
	}
	return guides, nil
}

func readGuide(path string) (Guide, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return Guide{}, err
	}
	g := Guide{Slug: strings.TrimSuffix(filepath.Base(path), ".md")}
	if !validID.MatchString(g.Slug) {
		return g, fmt.Errorf("%s: a guide's file name must be lowercase letters, digits and hyphens", path)
	}
	front, body, ok := splitFrontMatter(b)
	if !ok {
		return g, fmt.Errorf("%s: missing front matter (a block between --- lines with title and description)", path)
	}
	dec := yaml.NewDecoder(bytes.NewReader(front))
	dec.KnownFields(true)
	if err := dec.Decode(&g); err != nil {
		return g, fmt.Errorf("%s: front matter: %w", path, err)
	}
	if g.Title == "" || g.Description == "" {
		return g, fmt.Errorf("%s: front matter needs both title and description", path)
	}
	g.Body = string(body)
	return g, nil
}

// splitFrontMatter separates a leading "---" block from the rest of a Markdown file.
func splitFrontMatter(b []byte) (front, body []byte, ok bool) {
	b = bytes.ReplaceAll(b, []byte("\r\n"), []byte("\n"))
	if !bytes.HasPrefix(b, []byte("---\n")) {
		return nil, b, false
	}
	rest := b[4:]
	end := bytes.Index(rest, []byte("\n---\n"))
	if end < 0 {
		return nil, b, false
	}
	return rest[:end+1], bytes.TrimLeft(rest[end+5:], "\n"), true
}
