package build

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"text/template"

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

// agentSkills are the skills published under /.well-known/agent-skills/<name>/SKILL.md. The front matter's
// name must equal the directory; the description says what the skill does and when to use it.
var agentSkills = []struct{ name, description, body string }{
	{
		name: "find-icons",
		description: "Find the right animated icon in iconlib, a free library of Tabler icons as Lottie animations, by what it should mean, " +
			"its name or a misspelling, and get its id, page and files. Use when someone needs an icon for an idea such as " +
			"\"upload finished\" or \"sign out\".",
		body: findIconsSkill,
	},
	{
		name: "use-icons",
		description: "Add an iconlib animated icon to a web page or a React, iOS or Android app: fetch its record, check the Lottie " +
			"file's sha256, install the player, play its states (in, loop, hover), set its colour and stroke width, and respect " +
			"reduced motion. Use once you have an icon id.",
		body: useIconsSkill,
	},
}

const findIconsSkill = `# Find icons in iconlib

iconlib ({{.Base}}) is a free, read-only library of {{.Count}} animated icons (Tabler Icons, MIT) as Lottie
animations. Every endpoint is public: no key, account or token is needed.

## Search by meaning

Describe what the icon should say; names, plain language and typos all work.

` + "```" + `
GET {{.Base}}/api/v1/icons?q=<what the icon should mean>&limit=10
GET {{.Base}}/api/v1/icons?q=<words>&category=<category id>&limit=10
` + "```" + `

The answer, best match first:
` + "`" + `{"query": "…", "items": [{"id", "name", "description", "category", "score", "page_url", "file_url", "svg_url"}], "total": N}` + "`" + `.
Read the descriptions and pick the icon whose meaning fits, not only the one with the closest name. Scores compare
only within one answer.

` + "```sh" + `
curl -s "{{.Base}}/api/v1/icons?q=upload%20finished&limit=5"
` + "```" + `

- Categories and their sizes: ` + "`{{.Base}}/api/v1/categories`" + `{{if .Categories}} (for example {{range $i, $c := .Categories}}{{if lt $i 4}}{{if $i}}, {{end}}` + "`{{$c.ID}}`" + `{{end}}{{end}}){{end}}.
- Every icon at once: ` + "`{{.Base}}/catalog.json`" + ` (large; filter it yourself when the search answers 503).
- HTTP 503 ` + "`unavailable`" + `: the search index could not be read; retry shortly. 429: wait ` + "`Retry-After`" + ` seconds.

## Other ways in

- MCP (Streamable HTTP): ` + "`{{.Base}}/mcp`" + `, tool ` + "`search_icons`" + ` with ` + "`{query, category?, limit?}`" + `.
- A2A: ` + "`{{.Base}}/a2a`" + `, skill ` + "`find-icons`" + ` (agent card: ` + "`{{.Base}}/.well-known/agent-card.json`" + `).
- In a browser on {{.Base}}/ the page registers the WebMCP tools ` + "`search_icons`, `open_icon`, `set_icon_appearance`" + `
  and ` + "`get_icon_code`" + `; its search box is also a declarative ` + "`search_icons`" + ` form.

## Next

Each icon has a page (` + "`{{.Base}}/icons/<id>/`" + `) and a record (` + "`{{.Base}}/api/v1/icons/<id>`" + `). To put the icon in
an app, use the ` + "`use-icons`" + ` skill: {{.Base}}/.well-known/agent-skills/use-icons/SKILL.md
`

const useIconsSkill = `# Use an iconlib icon in an app

You have an icon id (see the ` + "`find-icons`" + ` skill). Everything below is free and needs no credential.

## 1. Read the record

` + "```sh" + `
curl -s {{.Base}}/api/v1/icons/download
` + "```" + `

The record has ` + "`file_url`" + ` (the Lottie JSON, ` + "`{{.Base}}/assets/<id>.json`" + `), ` + "`sha256`" + ` and ` + "`size_bytes`" + ` of that
file, ` + "`svg_url`" + ` (a static SVG), ` + "`states`" + `, ` + "`install`" + ` (commands per platform) and ` + "`code`" + ` (ready snippets:
` + "`javascript`, `react`, `ios`, `android`" + `).

## 2. Fetch and check the file

Download ` + "`file_url`" + ` and compare its SHA-256 with ` + "`sha256`" + `; use it only when they match. Keeping a copy in the
app avoids a second origin at run time.

## 3. Install a player and paste the code

| Platform | Install (from ` + "`install`" + `) | Code |
| --- | --- | --- |
| Web | ` + "`npm install lottie-web`" + ` | ` + "`code.javascript`" + ` |
| React | ` + "`npm install lottie-react`" + ` | ` + "`code.react`" + ` |
| iOS | ` + "`install.ios_spm` or `install.ios_cocoapods`" + ` | ` + "`code.ios`" + ` (Swift) |
| Android | ` + "`install.android_gradle`" + ` | ` + "`code.android`" + ` (Kotlin) |

## 4. Play states by name

Every file is 24×24 at 60 fps with three markers:

| State | Frames | Use |
| --- | --- | --- |
| ` + "`in`" + ` | 0–40 | draws the icon on; ends fully drawn. Play when it appears. |
| ` + "`loop`" + ` | 41–160 | draws, holds, erases; repeat it for "busy". |
| ` + "`hover`" + ` | 161–199 | a quick redraw for hover and keyboard focus; ends fully drawn. |

lottie-web: ` + "`anim.goToAndPlay(\"hover\", true)`" + `; lottie-react: ` + "`lottieRef.current?.playSegments({ marker: \"hover\" })`" + `;
lottie-ios: ` + "`view.play(marker: \"hover\")`" + `; lottie-android: ` + "`view.setMinAndMaxFrame(\"hover\"); view.playAnimation()`" + `.

## 5. Colour and stroke width

Stroke items are named ` + "`stroke`" + ` and fill items ` + "`fill`" + ` in every file; the icon is 24 units wide and drawn at width 2.

- Web: ` + "`.icon svg path[stroke-linecap] { stroke: currentColor; stroke-width: 1.5px }`" + ` and
  ` + "`.icon svg path:not([stroke-linecap]) { fill: currentColor }`" + `.
- iOS: value providers on ` + "`**.stroke.Color`, `**.fill.Color` and `**.stroke.Stroke Width`" + `.
- Android: ` + "`KeyPath(\"**\", \"stroke\")`" + ` with ` + "`LottieProperty.STROKE_COLOR` / `STROKE_WIDTH`" + `, ` + "`KeyPath(\"**\", \"fill\")`" + ` with ` + "`LottieProperty.COLOR`" + `.

## 6. Respect reduced motion

When the user asks for reduced motion, do not animate: show the last frame (199), which is the finished icon.

## Guides

{{range .Guides}}- [{{.Title}}]({{$.Base}}/docs/{{.Slug}}.md): {{.Description}}
{{end}}
Icons: Tabler Icons by Paweł Kuna, MIT licence.
`

// addSkills renders each SKILL.md and writes the index with the sha256 of exactly those bytes.
func (b *builder) addSkills() error {
	data := map[string]any{"Base": b.base, "Count": len(b.icons), "Guides": b.guides, "Categories": b.categories}
	index := skillsIndex{Schema: skillsSchema}
	for _, s := range agentSkills {
		t, err := template.New(s.name).Parse(s.body)
		if err != nil {
			return fmt.Errorf("skill %s: %w", s.name, err)
		}
		var buf bytes.Buffer
		fmt.Fprintf(&buf, "---\nname: %s\ndescription: %s\n---\n\n", s.name, yamlQuote(s.description))
		if err := t.Execute(&buf, data); err != nil {
			return fmt.Errorf("skill %s: %w", s.name, err)
		}
		body := buf.Bytes()
		path := contract.SkillsDir + s.name + "/SKILL.md"
		if err := b.site.add(path, body); err != nil {
			return err
		}
		sum := sha256.Sum256(body)
		index.Skills = append(index.Skills, skillEntry{
			Name: s.name, Type: "skill-md", Description: s.description,
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
