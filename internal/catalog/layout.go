package catalog

import "strings"

// Paths of the files the build writes into public/, relative to it, with forward slashes.
const (
	CatalogFile    = "catalog.json"
	CategoriesFile = "api/v1/categories.json"
	StaticDir      = "static"
)

// AnimationFile is the public/ path of an icon's Lottie file.
func AnimationFile(id string) string { return "assets/" + id + ".json" }

// SVGFile is the public/ path of an icon's static SVG.
func SVGFile(id string) string { return "svg/" + id + ".svg" }

// FilledAnimationFile is the public/ path of the Lottie file of an icon's filled style.
func FilledAnimationFile(id string) string { return "assets/filled/" + id + ".json" }

// FilledSVGFile is the public/ path of the static SVG of an icon's filled style.
func FilledSVGFile(id string) string { return "svg/filled/" + id + ".svg" }

// RecordFile is the public/ path of an icon's record, the body of GET /api/v1/icons/<id>.
func RecordFile(id string) string { return "api/v1/icons/" + id + ".json" }

// IconPage is the URL path of an icon's HTML page.
func IconPage(id string) string { return "/icons/" + id + "/" }

// GuidePage is the URL path of a guide's HTML page.
func GuidePage(slug string) string { return "/docs/" + slug + "/" }

// GuideMarkdown is the URL path of a guide's Markdown source.
func GuideMarkdown(slug string) string { return "/docs/" + slug + ".md" }

// PageFile maps a page's URL path ("/icons/x/") to the file that serves it ("icons/x/index.html").
func PageFile(urlPath string) string {
	p := strings.TrimPrefix(urlPath, "/")
	if p == "" || strings.HasSuffix(p, "/") {
		return p + "index.html"
	}
	return p
}

// Slug turns a display name into an identifier: lowercase, words joined by hyphens.
func Slug(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		default:
			dash = true
		}
	}
	return b.String()
}
