package build

import (
	"bytes"
	"html/template"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"

	"github.com/iconlib/iconlib/internal/catalog"
)

// baseURLPlaceholder in a guide stands for the site's base URL.
const baseURLPlaceholder = "{base_url}"

var markdown = goldmark.New(
	goldmark.WithExtensions(extension.GFM),
	goldmark.WithParserOptions(parser.WithAutoHeadingID()),
)

// addGuides writes each guide as Markdown (docs/<slug>.md, base URL filled in) and as an HTML page.
func (b *builder) addGuides(p *pages) error {
	for i := range b.guides {
		g := &b.guides[i]
		g.Body = strings.ReplaceAll(g.Body, baseURLPlaceholder, b.base)
		md := "# " + g.Title + "\n\n" + g.Description + "\n\n" + g.Body
		if err := b.site.add(strings.TrimPrefix(catalog.GuideMarkdown(g.Slug), "/"), []byte(md)); err != nil {
			return err
		}
		var html bytes.Buffer
		if err := markdown.Convert([]byte(g.Body), &html); err != nil {
			return err
		}
		page, err := p.render("guide", map[string]any{"Guide": g, "HTML": template.HTML(html.String())})
		if err != nil {
			return err
		}
		if err := b.site.add(catalog.PageFile(catalog.GuidePage(g.Slug)), page); err != nil {
			return err
		}
	}
	return nil
}
