package build

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/url"
	"path"
	"strings"
	"text/template"

	"gopkg.in/yaml.v3"

	"github.com/iconlib/iconlib/internal/catalog"
	"github.com/iconlib/iconlib/internal/contract"
	"github.com/iconlib/iconlib/internal/jsonfile"
	"github.com/iconlib/iconlib/templates"
)

// This file writes the agent discovery documents no other step writes: the Agentic Resource Discovery (ARD)
// manifest, also at its predecessor path, and the agent-skills index with one SKILL.md per skill.

// skillsSchema is the agent-skills discovery schema the index names.
const skillsSchema = "https://schemas.agentskills.io/discovery/0.2.0/schema.json"

// ardManifest is the body of /.well-known/ard.json (ARD v0.91: specVersion 1.0, host, entries).
type ardManifest struct {
	SpecVersion string     `json:"specVersion"`
	Host        ardHost    `json:"host"`
	Entries     []ardEntry `json:"entries"`
}

type ardHost struct {
	DisplayName      string `json:"displayName"`
	DocumentationURL string `json:"documentationUrl"`
}

// ardEntry describes one agentic resource: url points at its artifact (server card, agent card, OpenAPI).
type ardEntry struct {
	Identifier            string            `json:"identifier"`
	DisplayName           string            `json:"displayName"`
	Type                  string            `json:"type"`
	URL                   string            `json:"url"`
	Description           string            `json:"description"`
	Tags                  []string          `json:"tags"`
	Capabilities          []string          `json:"capabilities"`
	RepresentativeQueries []string          `json:"representativeQueries"`
	Version               string            `json:"version,omitempty"`
	Metadata              map[string]string `json:"metadata,omitempty"`
}

// skillsIndex is the body of /.well-known/agent-skills/index.json (agent-skills discovery 0.2.0).
type skillsIndex struct {
	Schema string       `json:"$schema"`
	Skills []skillEntry `json:"skills"`
}

type skillEntry struct {
	Name        string `json:"name"`
	Type        string `json:"type"`
	Description string `json:"description"`
	URL         string `json:"url"`
	Digest      string `json:"digest"` // sha256:<hex> of the SKILL.md bytes served at URL
}

// addAgents writes the ARD manifest (twice) and the agent skills.
func (m *model) addAgents(s *site) error {
	ard, err := m.ardManifest()
	if err != nil {
		return err
	}
	manifest, err := json.MarshalIndent(ard, "", "  ")
	if err != nil {
		return err
	}
	manifest = append(manifest, '\n')
	for _, p := range []string{contract.ARDFile, contract.AICatalogFile} {
		if err := s.add(p, manifest); err != nil {
			return err
		}
	}
	if err := m.addAbout(s); err != nil {
		return err
	}
	return m.addSkills(s)
}

// addAbout renders the agents' words of templates/words.tmpl into about.json, where the edge reads them.
func (m *model) addAbout(s *site) error {
	t, err := templates.ParseText()
	if err != nil {
		return err
	}
	data := map[string]any{"Base": m.base, "Count": len(m.icons)}
	say := func(name string) string {
		var buf bytes.Buffer
		if e := t.ExecuteTemplate(&buf, name, data); e != nil && err == nil {
			err = fmt.Errorf("%s: %w", templates.WordsFile, e)
		}
		return buf.String()
	}
	labels, err := templates.Platforms()
	if err != nil {
		return err
	}
	about := catalog.About{
		Platforms: labels,
		MCPIcons:  catalog.Words{Description: say("mcp icons description"), Instructions: say("mcp icons instructions")},
		MCPGuides: catalog.Words{Description: say("mcp guides description"), Instructions: say("mcp guides instructions")},
		A2A:       catalog.Words{Description: say("a2a description")},
	}
	if err != nil {
		return err
	}
	body, err := jsonfile.Indent(about)
	if err != nil {
		return err
	}
	return s.add(contract.AboutFile, body)
}

// ardManifest renders templates/ard.json.tmpl and reads it back, so the words live in the template and
// the JSON written is checked and indented alike.
func (m *model) ardManifest() (ardManifest, error) {
	host := "localhost"
	if u, err := url.Parse(m.base); err == nil && u.Hostname() != "" {
		host = u.Hostname()
	}
	t, err := templates.ParseText("ard.json.tmpl")
	if err != nil {
		return ardManifest{}, err
	}
	data := map[string]any{"Base": m.base, "Host": host, "Count": len(m.icons),
		"MCPServerCard": contract.MCPServerCardPath, "MCPDocsCard": contract.MCPDocsCardPath}
	var buf bytes.Buffer
	if err := t.ExecuteTemplate(&buf, "ard.json.tmpl", data); err != nil {
		return ardManifest{}, err
	}
	var ard ardManifest
	dec := json.NewDecoder(&buf)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&ard); err != nil {
		return ardManifest{}, fmt.Errorf("templates/ard.json.tmpl: %w", err)
	}
	return ard, nil
}

// skill is an agent skill's SKILL.md template: its front matter (the name, which must equal its directory,
// and a description that says what it does and when to use it) and its body.
type skill struct {
	Name        string `yaml:"name"`
	Description string `yaml:"description"`
	body        string
}

// readSkills reads the SKILL.md templates of templates/skills, in name order.
func readSkills() ([]skill, error) {
	paths, err := fs.Glob(templates.FS, "skills/*.md")
	if err != nil {
		return nil, err
	}
	var skills []skill
	for _, p := range paths {
		b, err := fs.ReadFile(templates.FS, p)
		if err != nil {
			return nil, err
		}
		front, body, ok := bytes.Cut(bytes.TrimPrefix(b, []byte("---\n")), []byte("\n---\n"))
		var s skill
		if !ok || yaml.Unmarshal(front, &s) != nil || s.Name+".md" != path.Base(p) || s.Description == "" {
			return nil, fmt.Errorf("templates/%s: want front matter with its name and a description", p)
		}
		s.body = string(body)
		skills = append(skills, s)
	}
	return skills, nil
}

// addSkills renders each SKILL.md and writes the index with the sha256 of exactly those bytes.
func (m *model) addSkills(site *site) error {
	skills, err := readSkills()
	if err != nil {
		return err
	}
	data := map[string]any{"Base": m.base, "Count": len(m.icons), "Guides": m.guides, "Categories": m.categories}
	words, err := templates.ParseText()
	if err != nil {
		return err
	}
	index := skillsIndex{Schema: skillsSchema}
	for _, s := range skills {
		t, err := template.Must(words.Clone()).New(s.Name).Parse(s.body)
		if err != nil {
			return fmt.Errorf("skill %s: %w", s.Name, err)
		}
		var buf bytes.Buffer
		fmt.Fprintf(&buf, "---\nname: %s\ndescription: %s\n---\n\n", s.Name, yamlQuote(s.Description))
		if err := t.Execute(&buf, data); err != nil {
			return fmt.Errorf("skill %s: %w", s.Name, err)
		}
		body := buf.Bytes()
		path := contract.SkillsDir + s.Name + "/SKILL.md"
		if err := site.add(path, body); err != nil {
			return err
		}
		sum := sha256.Sum256(body)
		index.Skills = append(index.Skills, skillEntry{
			Name: s.Name, Type: "skill-md", Description: s.Description,
			URL: m.base + "/" + path, Digest: "sha256:" + hex.EncodeToString(sum[:]),
		})
	}
	body, err := json.MarshalIndent(index, "", "  ")
	if err != nil {
		return err
	}
	return site.add(contract.SkillsIndexFile, append(body, '\n'))
}

// yamlQuote writes s as a double-quoted YAML scalar.
func yamlQuote(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}
