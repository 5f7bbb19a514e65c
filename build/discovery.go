package build

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"

	"github.com/iconlib/iconlib/internal/contract"
	"github.com/iconlib/iconlib/templates"
)

// addDiscovery writes the documents that tell people, crawlers and agents what the site holds.
func (m *model) addDiscovery(s *site) error {
	t, err := templates.ParseText("*.tmpl")
	if err != nil {
		return err
	}
	license, err := json.MarshalIndent(m.license, "", "  ")
	if err != nil {
		return err
	}
	data := map[string]any{"Base": m.base, "Count": len(m.icons), "Guides": m.guides, "Categories": m.categories,
		"REST": contract.REST, "Links": contract.SiteLinks, "License": m.license, "LicenseJSON": string(license),
		"CatalogFile": contract.CatalogFile, "CatalogSchemaFile": contract.CatalogSchemaFile, "RecordPath": contract.RecordFile("{id}")}
	for name, file := range map[string]string{"llms.txt.tmpl": contract.LLMsFile, "index.md.tmpl": contract.IndexMarkdownFile,
		"openapi.json.tmpl": contract.OpenAPIFile, "api-catalog.tmpl": contract.APICatalogFile,
		"catalog.schema.json.tmpl": contract.CatalogSchemaFile} {
		var buf bytes.Buffer
		if err := t.ExecuteTemplate(&buf, name, data); err != nil {
			return fmt.Errorf("%s: %w", file, err)
		}
		if err := s.add(file, buf.Bytes()); err != nil {
			return err
		}
	}
	robots := "User-agent: *\nAllow: /\n\nSitemap: " + m.base + "/" + contract.SitemapFile +
		"\n# For AI agents: " + m.base + "/" + contract.LLMsFile + "\n" +
		"# Agent map (ARD): " + m.base + "/" + contract.ARDFile + "\n# Agent skills: " + m.base + "/" + contract.SkillsIndexFile + "\n"
	if err := s.add(contract.RobotsFile, []byte(robots)); err != nil {
		return err
	}
	return m.addSitemap(s)
}

type sitemapURL struct {
	Loc string `xml:"loc"`
}

type urlset struct {
	XMLName xml.Name     `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 urlset"`
	URLs    []sitemapURL `xml:"url"`
}

// addSitemap lists every HTML page: home, all icons, the motion gallery, the guides' index, the licence, guides,
// categories and icons.
func (m *model) addSitemap(s *site) error {
	paths := []string{"/", contract.AllIconsPage, contract.MotionsPage, contract.DocsPage, contract.LicensePage}
	for _, g := range m.guides {
		paths = append(paths, contract.GuidePage(g.Slug))
	}
	for _, c := range m.categories {
		paths = append(paths, contract.CategoryPage(c.ID))
	}
	for _, ic := range m.icons {
		paths = append(paths, contract.IconPage(ic.ID))
	}
	set := urlset{URLs: make([]sitemapURL, len(paths))}
	for i, p := range paths {
		set.URLs[i] = sitemapURL{Loc: m.base + p}
	}
	body, err := xml.MarshalIndent(set, "", " ")
	if err != nil {
		return err
	}
	return s.add(contract.SitemapFile, append([]byte(xml.Header), append(body, '\n')...))
}
