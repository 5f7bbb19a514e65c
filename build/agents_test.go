package build_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// The rules an ARD manifest must follow (Agentic Resource Discovery v0.91, manifest specVersion 1.0): a
// closed envelope of specVersion, host and entries; each entry a domain-anchored URN identifier, a display
// name, a media type, exactly one of url and data, and 2–5 representative queries for search.
var (
	ardURN        = regexp.MustCompile(`^urn:air:([a-zA-Z0-9.-]+)(:[a-zA-Z0-9._-]+)+$`)
	skillName     = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	sha256Digest  = regexp.MustCompile(`^sha256:[0-9a-f]{64}$`)
	ardTopLevel   = []string{"specVersion", "host", "entries"}
	ardHostFields = []string{"displayName", "identifier", "documentationUrl", "logoUrl", "trustManifest"}
	ardEntryTerms = []string{"@context", "@id", "identifier", "displayName", "type", "url", "data", "description", "tags",
		"capabilities", "representativeQueries", "version", "updatedAt", "metadata", "trustManifest"}
)

func TestARDManifest(t *testing.T) {
	out := t.TempDir()
	runBuild(t, fixtureContent, out)
	raw := []byte(readFile(t, out, ".well-known/ard.json"))
	if alias := readFile(t, out, ".well-known/ai-catalog.json"); alias != string(raw) {
		t.Error("/.well-known/ai-catalog.json differs from /.well-known/ard.json")
	}

	var doc map[string]json.RawMessage
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatalf("ard.json is not a JSON object: %v", err)
	}
	for key := range doc {
		if !slices.Contains(ardTopLevel, key) {
			t.Errorf("ard.json has the top-level member %q; the manifest allows only %v", key, ardTopLevel)
		}
	}
	var m struct {
		SpecVersion string                       `json:"specVersion"`
		Host        map[string]any               `json:"host"`
		Entries     []map[string]json.RawMessage `json:"entries"`
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	if m.SpecVersion != "1.0" {
		t.Errorf("specVersion %q, want 1.0", m.SpecVersion)
	}
	if name, _ := m.Host["displayName"].(string); name == "" {
		t.Errorf("host.displayName missing: %v", m.Host)
	}
	for key := range m.Host {
		if !slices.Contains(ardHostFields, key) {
			t.Errorf("host has the member %q; allowed: %v", key, ardHostFields)
		}
	}

	base, _ := url.Parse(fixtureBase)
	type entry struct {
		Identifier            string         `json:"identifier"`
		DisplayName           string         `json:"displayName"`
		Type                  string         `json:"type"`
		URL                   string         `json:"url"`
		Description           string         `json:"description"`
		Capabilities          []string       `json:"capabilities"`
		RepresentativeQueries []string       `json:"representativeQueries"`
		Metadata              map[string]any `json:"metadata"`
	}
	byURL := map[string]entry{}
	seen := map[string]bool{}
	for i, rawEntry := range m.Entries {
		for key := range rawEntry {
			if !slices.Contains(ardEntryTerms, key) && !strings.Contains(key, ":") {
				t.Errorf("entry %d: unknown term %q", i, key)
			}
		}
		_, hasURL := rawEntry["url"]
		_, hasData := rawEntry["data"]
		if hasURL == hasData {
			t.Errorf("entry %d: exactly one of url and data must be given (url %v, data %v)", i, hasURL, hasData)
		}
		b, _ := json.Marshal(rawEntry)
		var e entry
		if err := json.Unmarshal(b, &e); err != nil {
			t.Fatalf("entry %d: %v", i, err)
		}
		match := ardURN.FindStringSubmatch(e.Identifier)
		switch {
		case match == nil:
			t.Errorf("entry %d: identifier %q is not urn:air:<publisher>:<namespace>:<name>", i, e.Identifier)
		case match[1] != base.Hostname():
			t.Errorf("entry %d: identifier %q is not anchored at the site's domain %s", i, e.Identifier, base.Hostname())
		case seen[e.Identifier]:
			t.Errorf("entry %d: identifier %q repeats", i, e.Identifier)
		}
		seen[e.Identifier] = true
		if e.DisplayName == "" || e.Description == "" || len(e.Capabilities) == 0 {
			t.Errorf("entry %s: displayName, description and capabilities must not be empty: %+v", e.Identifier, e)
		}
		if !regexp.MustCompile(`^[a-z]+/[a-zA-Z0-9.+-]+$`).MatchString(e.Type) {
			t.Errorf("entry %s: type %q is not a media type", e.Identifier, e.Type)
		}
		if u, err := url.Parse(e.URL); err != nil || u.Scheme != base.Scheme || u.Host != base.Host {
			t.Errorf("entry %s: url %q is not an absolute URL on %s", e.Identifier, e.URL, fixtureBase)
		}
		if n := len(e.RepresentativeQueries); n < 2 || n > 5 {
			t.Errorf("entry %s: %d representative queries, want 2 to 5", e.Identifier, n)
		}
		for _, q := range e.RepresentativeQueries {
			if len(strings.Fields(q)) < 3 {
				t.Errorf("entry %s: representative query %q is not a natural-language query", e.Identifier, q)
			}
		}
		for k, v := range e.Metadata {
			switch v.(type) {
			case string, float64, bool, nil:
			default:
				t.Errorf("entry %s: metadata %s is not a scalar", e.Identifier, k)
			}
		}
		byURL[strings.TrimPrefix(e.URL, fixtureBase)] = e
	}

	// One entry for each of the service's agent surfaces, pointing at its description document.
	for _, want := range []struct{ url, typ, endpoint, capability string }{
		{"/.well-known/mcp/server-card.json", "application/mcp-server-card+json", "/mcp", "search_icons"},
		{"/mcp/docs/server-card", "application/mcp-server-card+json", "/mcp/docs", "search_guides"},
		{"/.well-known/agent-card.json", "application/a2a-agent-card+json", "/a2a", "find-icons"},
		{"/openapi.json", "application/vnd.oai.openapi+json", "/api/v1/", "listOrSearchIcons"},
	} {
		e, ok := byURL[want.url]
		if !ok {
			t.Errorf("no entry points at %s", want.url)
			continue
		}
		if e.Type != want.typ || e.Metadata["endpoint"] != fixtureBase+want.endpoint || !slices.Contains(e.Capabilities, want.capability) {
			t.Errorf("entry for %s: type %q, endpoint %v, capabilities %v; want %s, %s, %s", want.url, e.Type,
				e.Metadata["endpoint"], e.Capabilities, want.typ, fixtureBase+want.endpoint, want.capability)
		}
	}
	if len(m.Entries) != 4 {
		t.Errorf("%d entries, want 4 (two MCP servers, the A2A agent, the REST API)", len(m.Entries))
	}
}

func TestAgentSkills(t *testing.T) {
	out := t.TempDir()
	runBuild(t, fixtureContent, out)
	var index struct {
		Schema string `json:"$schema"`
		Skills []struct {
			Name        string `json:"name"`
			Type        string `json:"type"`
			Description string `json:"description"`
			URL         string `json:"url"`
			Digest      string `json:"digest"`
		} `json:"skills"`
	}
	if err := json.Unmarshal([]byte(readFile(t, out, ".well-known/agent-skills/index.json")), &index); err != nil {
		t.Fatalf("agent-skills/index.json: %v", err)
	}
	if !strings.HasSuffix(index.Schema, "/discovery/0.2.0/schema.json") {
		t.Errorf("$schema %q, want the agent-skills discovery 0.2.0 schema", index.Schema)
	}
	var names []string
	for _, s := range index.Skills {
		names = append(names, s.Name)
		if len(s.Name) > 64 || !skillName.MatchString(s.Name) {
			t.Errorf("skill name %q: want 1–64 lowercase letters, digits and single hyphens", s.Name)
		}
		if s.Type != "skill-md" || s.Description == "" || len(s.Description) > 1024 {
			t.Errorf("skill %s: type %q, description of %d characters", s.Name, s.Type, len(s.Description))
		}
		rel := ".well-known/agent-skills/" + s.Name + "/SKILL.md"
		if s.URL != fixtureBase+"/"+rel {
			t.Errorf("skill %s: url %q, want %s/%s", s.Name, s.URL, fixtureBase, rel)
		}
		body, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(rel)))
		if err != nil {
			t.Errorf("skill %s: %v", s.Name, err)
			continue
		}
		sum := sha256.Sum256(body)
		if !sha256Digest.MatchString(s.Digest) || s.Digest != "sha256:"+hex.EncodeToString(sum[:]) {
			t.Errorf("skill %s: digest %q does not match SKILL.md (sha256:%x)", s.Name, s.Digest, sum)
		}
		// Front matter: name equal to the directory, the index's description; then instructions.
		parts := bytes.SplitN(body, []byte("---\n"), 3)
		if len(parts) != 3 || len(parts[0]) != 0 {
			t.Errorf("skill %s: SKILL.md does not start with YAML front matter", s.Name)
			continue
		}
		var front struct{ Name, Description string }
		if err := yaml.Unmarshal(parts[1], &front); err != nil {
			t.Errorf("skill %s: front matter: %v", s.Name, err)
		}
		if front.Name != s.Name || front.Description != s.Description {
			t.Errorf("skill %s: front matter %+v does not match the index", s.Name, front)
		}
		text := string(parts[2])
		if !strings.Contains(text, "\n# ") || !strings.Contains(text, fixtureBase+"/api/v1/icons") || strings.Contains(text, "{{") {
			t.Errorf("skill %s: the instructions lack a title or the API's address, or hold template text:\n%s", s.Name, text)
		}
	}
	if !slices.Equal(names, []string{"find-icons", "use-icons"}) {
		t.Errorf("skills %v, want find-icons and use-icons", names)
	}

	// The discovery documents point at the new files.
	robots := readFile(t, out, "robots.txt")
	wantIn(t, "robots.txt", robots, "# Agent map (ARD): "+fixtureBase+"/.well-known/ard.json\n", fixtureBase+"/.well-known/agent-skills/index.json")
	for _, line := range strings.Split(robots, "\n") {
		// SEO audits flag directives robots.txt does not define (RFC 9309 and Sitemap).
		if field, _, ok := strings.Cut(line, ":"); ok && !strings.HasPrefix(line, "#") && !slices.Contains([]string{"User-agent", "Allow", "Disallow", "Sitemap"}, field) {
			t.Errorf("robots.txt has a non-standard line %q", line)
		}
	}
	wantIn(t, "llms.txt", readFile(t, out, "llms.txt"), "("+fixtureBase+"/.well-known/ard.json)", "("+fixtureBase+"/.well-known/agent-skills/index.json)",
		"("+fixtureBase+"/.well-known/agent-skills/find-icons/SKILL.md)")
	wantIn(t, "index.md", readFile(t, out, "index.md"), "("+fixtureBase+"/.well-known/ard.json)", "("+fixtureBase+"/.well-known/agent-skills/index.json)")
	wantIn(t, "the home page", readFile(t, out, "index.html"), `<link rel="ard" href="/.well-known/ard.json"`)
}

func wantIn(t *testing.T, what, got string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(got, w) {
			t.Errorf("%s lacks %q", what, w)
		}
	}
}

// TestWebsitePages checks the generated HTML that the browser tests cannot see without scripts: the
// search form, the fallbacks, and the data the page script reads.
func TestWebsitePages(t *testing.T) {
	out := t.TempDir()
	runBuild(t, fixtureContent, out)
	home := readFile(t, out, "index.html")
	wantIn(t, "the home page", home, `<form class="search" id="home-search" action="/" method="get" role="search"`,
		`name="q"`, `name="category"`, `enterkeyhint="search" required`,
		`<script src="/static/vendor/lottie_light.min.js?v=`, `<script src="/static/site.js?v=`, `" defer></script>`)
	icon := readFile(t, out, "icons/circle-dot/index.html")
	wantIn(t, "an icon page", icon, `data-icon="circle-dot"`, `data-file-url="`+fixtureBase+`/assets/circle-dot.json"`,
		`role="img" aria-label="Circle Dot: `, `data-code="javascript"`, `data-code="react"`, `data-code="ios"`, `data-code="android"`,
		`data-install="android_gradle"`, `data-state="in"`, `data-state="loop"`, `data-state="hover"`, `id="appearance"`, `defer></script>`)
	for _, page := range []string{home, icon} {
		// One script blocks on purpose: theme.js sets the chosen colour scheme before the page paints.
		for _, m := range regexp.MustCompile(`<script(?:\s+src="([^"]+)")?>`).FindAllStringSubmatch(page, -1) {
			if !strings.HasPrefix(m[1], "/static/theme.js?v=") {
				t.Errorf("a page has a blocking script (a script without defer): %s", m[0])
			}
		}
		if theme := readFile(t, out, "static/theme.js"); len(theme) > 1024 {
			t.Errorf("theme.js, which every page waits for, is %d bytes: keep it under 1 KB", len(theme))
		}
		if strings.Contains(page, "https://cdn") || strings.Contains(page, "unpkg.com") {
			t.Error("a page loads a script from a CDN")
		}
	}
}
