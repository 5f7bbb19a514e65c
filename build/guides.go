package build

import (
	"bytes"
	"html/template"
	"regexp"
	"strconv"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"github.com/iconlib/iconlib/build/content"
	"github.com/iconlib/iconlib/internal/catalog"
	"github.com/iconlib/iconlib/internal/contract"
)

// guidePlaceholders are what a guide may write in braces for a value the build knows: the site's base URL
// and the REST API's bounds, so a guide never restates a number the edge enforces.
func guidePlaceholders(base string) *strings.Replacer {
	n := strconv.Itoa
	return strings.NewReplacer(
		"{base_url}", base,
		"{query_max_runes}", n(contract.REST.QueryMaxRunes),
		"{limit_default}", n(contract.REST.LimitDefault),
		"{limit_max}", n(contract.REST.LimitMax),
		"{offset_max}", n(contract.REST.OffsetMax),
	)
}

var markdown = goldmark.New(
	goldmark.WithExtensions(extension.GFM),
	goldmark.WithParserOptions(parser.WithAutoHeadingID()),
)

// addGuides writes each guide as Markdown (docs/<slug>.md) and as an HTML page, /auth.md, and the list of
// guides and of their sections for the edge.
func (m *model) addGuides(s *site) error {
	p, err := loadPages()
	if err != nil {
		return err
	}
	index := make([]catalog.Guide, 0, len(m.guides))
	for i := range m.guides {
		g := &m.guides[i]
		if err := s.add(strings.TrimPrefix(contract.GuideMarkdown(g.Slug), "/"), guideMarkdown(g)); err != nil {
			return err
		}
		if g.Slug == authGuide {
			if err := s.add(contract.AuthGuideFile, guideMarkdown(g)); err != nil {
				return err
			}
		}
		source := []byte(g.Body)
		var html bytes.Buffer
		if err := markdown.Renderer().Render(&html, source, markdown.Parser().Parse(text.NewReader(source))); err != nil {
			return err
		}
		index = append(index, catalog.Guide{Slug: g.Slug, Title: g.Title, Description: g.Description,
			URL: m.base + contract.GuidePage(g.Slug), MarkdownURL: m.base + contract.GuideMarkdown(g.Slug)})
		// A code block that scrolls sideways takes keyboard focus, so keys can scroll it (WCAG 2.1.1).
		body := bytes.ReplaceAll(html.Bytes(), []byte("<pre>"), []byte(`<pre tabindex="0">`))
		page, err := p.render("guide", map[string]any{"Guide": g, "HTML": template.HTML(body)})
		if err != nil {
			return err
		}
		if err := s.add(contract.PageFile(contract.GuidePage(g.Slug)), page); err != nil {
			return err
		}
	}
	if err := s.addJSON(contract.GuidesFile, index); err != nil {
		return err
	}
	return s.addJSON(contract.SectionsFile, m.sections)
}

// guideSections splits a guide at its level-2 headings; each section keeps the heading's id, so a search
// hit links straight to it. Text before the first heading is the guide's introduction.
func guideSections(g *content.Guide, source []byte, doc ast.Node, base string) []catalog.Section {
	type cut struct {
		heading, anchor string
		start           int
	}
	cuts := []cut{{heading: g.Title, start: 0}}
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		h, ok := n.(*ast.Heading)
		if !ok || h.Level != 2 || h.Lines().Len() == 0 {
			continue
		}
		id, _ := h.AttributeString("id")
		anchor, _ := id.([]byte)
		start := h.Lines().At(0).Start
		for start > 0 && source[start-1] != '\n' {
			start--
		}
		cuts = append(cuts, cut{heading: string(h.Lines().Value(source)), anchor: string(anchor), start: start})
	}
	var out []catalog.Section
	for i, c := range cuts {
		end := len(source)
		if i+1 < len(cuts) {
			end = cuts[i+1].start
		}
		body := strings.TrimSpace(string(source[c.start:end]))
		if body == "" {
			continue
		}
		page := base + contract.GuidePage(g.Slug)
		url := page
		if c.anchor != "" {
			url += "#" + c.anchor
		}
		out = append(out, catalog.Section{Slug: g.Slug, Guide: g.Title, Heading: c.heading, Anchor: c.anchor, URL: url,
			Text: absoluteLinks(body, base, page)})
	}
	return out
}

// relativeLink is the start of a Markdown inline link's target that is a path of the site ("/", not "//")
// or an anchor of the page ("#").
var relativeLink = regexp.MustCompile(`\]\((#|/[^/])`)

// absoluteLinks makes the site-relative and in-page links of a section absolute: MCP and A2A answers carry
// the section away from its page, where such a link leads nowhere.
func absoluteLinks(markdown, base, page string) string {
	return relativeLink.ReplaceAllStringFunc(markdown, func(m string) string {
		if m == "](#" {
			return "](" + page + "#"
		}
		return "](" + base + m[2:]
	})
}

// authGuide is the guide that /auth.md, the discovery document for agents, repeats word for word.
const authGuide = "authentication"

// guideMarkdown is a guide as a Markdown document of its own: title, description, body.
func guideMarkdown(g *content.Guide) []byte {
	return []byte("# " + g.Title + "\n\n" + g.Description + "\n\n" + g.Body)
}
