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

	"github.com/iconlib/iconlib/templates"

	"github.com/iconlib/iconlib/internal/contract"
)

// Agent discovery documents that no other step writes: the Agentic Resource Discovery (ARD) manifest, also
// served at its predecessor path, and the agent-skills index with one SKILL.md per skill.
const (
	ardSpecVersion     = "1.0"
	skillsSchema       = "https://schemas.agentskills.io/discovery/0.2.0/schema.json"
	mcpServerCardType  = "application/mcp-server-card+json"
	a2aAgentCardType   = "application/a2a-agent-card+json"
	openAPIDocTypeJSON = "application/vnd.oai.openapi+json"
)

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
func (b *builder) addAgents() error {
	manifest, err := json.MarshalIndent(b.ardManifest(), "", "  ")
	if err != nil {
		return err
	}
	manifest = append(manifest, '\n')
	for _, p := range []string{contract.ARDFile, contract.AICatalogFile} {
		if err := b.site.add(p, manifest); err != nil {
			return err
		}
	}
	return b.addSkills()
}

func (b *builder) ardManifest() ardManifest {
	host := "localhost"
	if u, err := url.Parse(b.base); err == nil && u.Hostname() != "" {
		host = u.Hostname()
	}
	urn := func(namespace, name string) string { return "urn:air:" + host + ":" + namespace + ":" + name }
	count := fmt.Sprintf("%d", len(b.icons))
	return ardManifest{
		SpecVersion: ardSpecVersion,
		Host:        ardHost{DisplayName: "iconlib", DocumentationURL: b.base + contract.DocsPage},
		Entries: []ardEntry{
			{
				Identifier:  urn("mcp", "icons"),
				DisplayName: "iconlib icons (MCP server)",
				Type:        mcpServerCardType,
				URL:         b.base + contract.MCPServerCardPath,
				Description: "MCP server (Streamable HTTP) at " + b.base + contract.MCPIconsPath + " for a free library of " + count +
					" animated icons (Tabler Icons as Lottie files): search icons by meaning, name or typo, get an icon's record " +
					"with its file, sha256, install commands and code for the web, React, iOS and Android, list categories and read the guides. No credential needed.",
				Tags:         []string{"icons", "animated-icons", "lottie", "ui", "design"},
				Capabilities: []string{"search_icons", "get_icon", "list_categories", "read_guide"},
				RepresentativeQueries: []string{
					"find an animated icon that means upload finished",
					"which icon should I use for signing out of an account",
					"get a Lottie download icon with React code",
					"list the categories of a free icon library",
				},
				Metadata: map[string]string{"endpoint": b.base + contract.MCPIconsPath, "transport": "streamable-http", "protocolVersion": "2025-06-18"},
			},
			{
				Identifier:  urn("mcp", "guides"),
				DisplayName: "iconlib guides (MCP server)",
				Type:        mcpServerCardType,
				URL:         b.base + contract.MCPDocsCardPath,
				Description: "MCP server (Streamable HTTP) at " + b.base + contract.MCPDocsPath + " that searches and reads iconlib's guides: playing Lottie icon " +
					"states on the web, in React, iOS and Android, recolouring them, the REST API, MCP, A2A, authentication and rate limits.",
				Tags:         []string{"documentation", "lottie", "icons", "guides"},
				Capabilities: []string{"search_guides", "read_guide"},
				RepresentativeQueries: []string{
					"how do I play an animated icon's hover state with lottie-web",
					"how to change the colour of a Lottie icon on iOS",
					"what are the rate limits of the iconlib API",
				},
				Metadata: map[string]string{"endpoint": b.base + contract.MCPDocsPath, "transport": "streamable-http", "protocolVersion": "2025-06-18"},
			},
			{
				Identifier:  urn("a2a", "iconlib"),
				DisplayName: "iconlib agent (A2A)",
				Type:        a2aAgentCardType,
				URL:         b.base + contract.AgentCardPath,
				Description: "A2A agent at " + b.base + contract.A2APath + " that answers at once: finds animated icons for a meaning, gives an icon's files, " +
					"sha256, install commands and code, and answers questions from the guides.",
				Tags:         []string{"icons", "animated-icons", "lottie", "a2a"},
				Capabilities: []string{"find-icons", "icon-details", "search-guides"},
				RepresentativeQueries: []string{
					"find me icons for a shopping cart",
					"give me the file and install commands for the calendar icon",
					"how do I show an animated icon in an Android app",
				},
				Metadata: map[string]string{"endpoint": b.base + contract.A2APath, "protocolVersion": "1.0"},
			},
			{
				Identifier:  urn("api", "icons-v1"),
				DisplayName: "iconlib REST API",
				Type:        openAPIDocTypeJSON,
				URL:         b.base + "/" + contract.OpenAPIFile,
				Description: "Read-only REST API under " + b.base + contract.APIPath + "/ (OpenAPI 3.1): search " + count + " animated icons by meaning, list them, " +
					"read one icon's record with its Lottie file URL, sha256, install commands and code, and list categories. No credential needed.",
				Tags:         []string{"icons", "animated-icons", "lottie", "rest", "openapi"},
				Capabilities: []string{"listOrSearchIcons", "getIcon", "listCategories", "semanticSearch"},
				RepresentativeQueries: []string{
					"search icons by meaning over HTTP",
					"download a catalog of free animated icons as JSON",
					"get the sha256 and file URL of an icon's animation",
				},
				Version:  "v1",
				Metadata: map[string]string{"endpoint": b.base + contract.APIPath + "/", "catalog": b.base + "/" + contract.CatalogFile},
			},
		},
	}
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
func (b *builder) addSkills() error {
	skills, err := readSkills()
	if err != nil {
		return err
	}
	data := map[string]any{"Base": b.base, "Count": len(b.icons), "Guides": b.guides, "Categories": b.categories}
	index := skillsIndex{Schema: skillsSchema}
	for _, s := range skills {
		t, err := template.New(s.Name).Funcs(contract.TemplateFuncs()).Parse(s.body)
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
		if err := b.site.add(path, body); err != nil {
			return err
		}
		sum := sha256.Sum256(body)
		index.Skills = append(index.Skills, skillEntry{
			Name: s.Name, Type: "skill-md", Description: s.Description,
			URL: b.base + "/" + path, Digest: "sha256:" + hex.EncodeToString(sum[:]),
		})
	}
	body, err := json.MarshalIndent(index, "", "  ")
	if err != nil {
		return err
	}
	return b.site.add(contract.SkillsIndexFile, append(body, '\n'))
}

// yamlQuote writes s as a double-quoted YAML scalar.
func yamlQuote(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}
