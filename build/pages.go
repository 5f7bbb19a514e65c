package build

import (
	"bytes"
	"fmt"
	"html/template"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/iconlib/iconlib/internal/catalog"
	"github.com/iconlib/iconlib/internal/contract"
	"github.com/iconlib/iconlib/templates"
)

// pages renders the site's HTML pages from the embedded templates.
type pages struct {
	byName map[string]*template.Template
}

func loadPages() (*pages, error) {
	p := &pages{byName: map[string]*template.Template{}}
	for _, name := range []string{"home", "icon", "list", "guide", "docs", "motions"} {
		t, err := templates.ParseHTML("layout.html", name+".html")
		if err != nil {
			return nil, fmt.Errorf("template %s: %w", name, err)
		}
		p.byName[name] = t
	}
	return p, nil
}

func (p *pages) render(name string, data any) ([]byte, error) {
	var buf bytes.Buffer
	if err := p.byName[name].ExecuteTemplate(&buf, "layout", data); err != nil {
		return nil, fmt.Errorf("page %s: %w", name, err)
	}
	return buf.Bytes(), nil
}

// snippet is one code tab of an icon page; Key is the platform's field name in the record's code.
type snippet struct {
	Label, Lang, Code string
	Open              bool
	Key               string
}

func iconSnippets(ic catalog.Icon, labels catalog.Labels) []snippet {
	var out []snippet
	for i, p := range labels.Code {
		out = append(out, snippet{Label: p.Label, Lang: p.Lang, Code: ic.Code.For(p.Key), Open: i == 0, Key: p.Key})
	}
	return out
}

// install is one row of an icon page's install table.
type installRow struct{ Key, Label, Command string }

func iconInstalls(ic catalog.Icon, labels catalog.Labels) []installRow {
	var out []installRow
	for _, l := range labels.Install {
		out = append(out, installRow{Key: l.Key, Label: l.Label, Command: ic.Install.For(l.Key)})
	}
	return out
}

// iconPage is the data of an icon's page.
type iconPage struct {
	Icon     catalog.Icon
	Snippets []snippet
	Installs []installRow // labels from templates/platforms.json
	// Signature is the motion the icon's hover plays.
	Signature string
	// Kinds are the states a visitor picks (in, hover, loop, then any other state such as a morph); in,
	// hover and loop play in the motion picked.
	Kinds []string
	// Files are the animation files per style, with paths on this site.
	Files []pageFile
	// Player is what the page's script needs to play any state of any style (a part of the record).
	Player player
	// Related are the icons the page links after its actions (relatedFinder).
	Related []templates.Tile
}

type pageFile struct {
	catalog.StyleFile
	Path, SVGPath string
}

type player struct {
	Styles    []string            `json:"styles"`
	States    []catalog.State     `json:"states"`
	Motions   []catalog.Motion    `json:"motions"`
	Files     []catalog.StyleFile `json:"files"`
	License   catalog.License     `json:"license"`       // the copied <iconlib-icon> markup names it, as the snippets do
	DotLottie string              `json:"dotlottie_url"` // Download dotLottie restyles this file
}

// stateKinds are the states that play in any motion, by the names in, hover, loop or <kind>-<motion>.
var stateKinds = []string{"in", "hover", "loop"}

func newIconPage(ic catalog.Icon, base string, labels catalog.Labels) iconPage {
	p := iconPage{Icon: ic, Snippets: iconSnippets(ic, labels), Installs: iconInstalls(ic, labels),
		Player: player{Styles: ic.Styles, States: ic.States, Motions: ic.Motions, Files: ic.Files, License: ic.License,
			DotLottie: ic.DotLottie.FileURL}}
	byMotion := map[string]bool{}
	names := map[string]bool{}
	for _, s := range ic.States {
		names[s.Name] = true
		if s.Name == "hover" {
			p.Signature = s.Motion
		}
	}
	for _, k := range stateKinds {
		if names[k] {
			p.Kinds = append(p.Kinds, k)
		}
		for _, m := range ic.Motions {
			byMotion[k+"-"+m.Name] = true
		}
	}
	for _, s := range ic.States {
		if !slices.Contains(stateKinds, s.Name) && !byMotion[s.Name] {
			p.Kinds = append(p.Kinds, s.Name)
		}
	}
	for _, f := range ic.Files {
		p.Files = append(p.Files, pageFile{StyleFile: f, Path: strings.TrimPrefix(f.FileURL, base),
			SVGPath: strings.TrimPrefix(f.SVGURL, base)})
	}
	return p
}

// pageJob is one page to render: its URL path, template and data.
type pageJob struct {
	url, page string
	data      any
}

// popularLimit bounds the home page's popular icons when content/ has no curated list.
const popularLimit = 48

// featured are the home page's popular icons: the curated list, or without one the first icons with a
// hand-written description.
func (m *model) featured() []templates.Tile {
	byID := make(map[string]catalog.Icon, len(m.icons))
	for _, ic := range m.icons {
		byID[ic.ID] = ic
	}
	var ids []string
	for _, p := range m.popular {
		ids = append(ids, p.ID)
	}
	for _, ic := range m.icons {
		if len(m.popular) == 0 && m.edited[ic.ID] && len(ids) < popularLimit {
			ids = append(ids, ic.ID)
		}
	}
	tiles := make([]templates.Tile, 0, len(ids))
	for _, id := range ids {
		tiles = append(tiles, tileOf(byID[id]))
	}
	return tiles
}

// addPages renders the home page, the pages of every icon and of each category, the guides index, and
// one page per icon.
func (m *model) addPages(s *site) error {
	p, err := loadPages()
	if err != nil {
		return err
	}
	labels, err := templates.Platforms()
	if err != nil {
		return err
	}
	jobs := []pageJob{
		{"/", "home", templates.Home{Count: len(m.icons), Categories: m.categories, Featured: m.featured()}},
		{contract.DocsPage, "docs", map[string]any{"Guides": m.guides}},
		{contract.MotionsPage, "motions", m.motionGallery()},
	}
	jobs = append(jobs, m.listJobs()...)
	for _, j := range jobs {
		if err := p.add(s, j); err != nil {
			return err
		}
	}
	return m.addIconPages(s, p, labels)
}

// addIconPages renders each icon's page, with its snippets (which the model's records do not keep).
func (m *model) addIconPages(s *site, p *pages, labels catalog.Labels) error {
	ix, err := m.iconIndex()
	if err != nil {
		return err
	}
	related := newRelatedFinder(m.icons, ix)
	for _, ic := range m.icons {
		if ic.Code, err = code(ic); err != nil {
			return err
		}
		page := newIconPage(ic, m.base, labels)
		page.Related = related.related(ic)
		if err := p.add(s, pageJob{contract.IconPage(ic.ID), "icon", page}); err != nil {
			return err
		}
	}
	return nil
}

// add renders the page j into s.
func (p *pages) add(s *site, j pageJob) error {
	body, err := p.render(j.page, j.data)
	if err != nil {
		return err
	}
	return s.add(contract.PageFile(j.url), body)
}

// addStatic copies the embedded static files (styles, scripts, lottie-web) to public/static/.
func (m *model) addStatic(s *site) error {
	return fs.WalkDir(templates.FS, "static", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		body, err := fs.ReadFile(templates.FS, p)
		if err != nil {
			return err
		}
		return s.add(path.Join(contract.StaticDir, p[len("static/"):]), body)
	})
}
