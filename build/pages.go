package build

import (
	"bytes"
	"fmt"
	"html/template"
	"io/fs"
	"path"

	"github.com/iconlib/iconlib/internal/catalog"
	"github.com/iconlib/iconlib/templates"
)

// pages renders the site's HTML pages from the embedded templates.
type pages struct {
	byName map[string]*template.Template
}

func loadPages() (*pages, error) {
	p := &pages{byName: map[string]*template.Template{}}
	for _, name := range []string{"home", "icon", "category", "guide", "docs"} {
		t, err := template.ParseFS(templates.FS, "layout.html", name+".html")
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

func iconSnippets(ic catalog.Icon) []snippet {
	return []snippet{
		{"JavaScript (lottie-web)", "javascript", ic.Code.JavaScript, true, "javascript"},
		{"React (lottie-react)", "jsx", ic.Code.React, false, "react"},
		{"iOS (lottie-ios, Swift)", "swift", ic.Code.IOS, false, "ios"},
		{"Android (lottie-android, Kotlin)", "kotlin", ic.Code.Android, false, "android"},
	}
}

// pageJob is one page to render: its URL path, template and data.
type pageJob struct {
	url, page string
	data      any
}

// addPages renders the home page, one page per icon and per category, and the guides index.
func (b *builder) addPages(p *pages) error {
	byCategory := map[string][]catalog.Icon{}
	var featured []templates.Tile
	for _, ic := range b.icons {
		byCategory[ic.Category] = append(byCategory[ic.Category], ic)
		if _, written := b.edits[ic.ID]; written && len(featured) < 96 {
			featured = append(featured, templates.Tile{ID: ic.ID, Name: ic.Name, Description: ic.Description})
		}
	}
	jobs := []pageJob{
		{"/", "home", templates.Home{Count: len(b.icons), Categories: b.categories, Featured: featured}},
		{"/docs/", "docs", map[string]any{"Guides": b.guides}},
	}
	for _, ic := range b.icons {
		jobs = append(jobs, pageJob{catalog.IconPage(ic.ID), "icon", map[string]any{"Icon": ic, "Snippets": iconSnippets(ic)}})
	}
	for _, c := range b.categories {
		jobs = append(jobs, pageJob{categoryPage(c.ID), "category", map[string]any{"Category": c, "Icons": byCategory[c.ID]}})
	}
	for _, j := range jobs {
		body, err := p.render(j.page, j.data)
		if err != nil {
			return err
		}
		if err := b.site.add(catalog.PageFile(j.url), body); err != nil {
			return err
		}
	}
	return nil
}

func categoryPage(id string) string { return "/categories/" + id + "/" }

// addStatic copies the embedded static files (styles, scripts, lottie-web) to public/static/.
func (b *builder) addStatic() error {
	return fs.WalkDir(templates.FS, "static", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		body, err := fs.ReadFile(templates.FS, p)
		if err != nil {
			return err
		}
		return b.site.add(path.Join(catalog.StaticDir, p[len("static/"):]), body)
	})
}
