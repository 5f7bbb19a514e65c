// Package templates holds the site's HTML templates and static files (styles, scripts, the self-hosted
// lottie-web player), embedded into the iconlib binary.
package templates

import (
	"embed"
	"html/template"

	"github.com/iconlib/iconlib/internal/contract"
)

// FS holds *.html page templates, *.tmpl text templates (llms.txt, index.md) and static/, copied to public/static/ by the build.
//
//go:embed *.html *.tmpl static
var FS embed.FS

// ParseHTML parses page templates from FS with the contract's path functions (contract.TemplateFuncs).
func ParseHTML(names ...string) (*template.Template, error) {
	return template.New(names[0]).Funcs(contract.TemplateFuncs()).ParseFS(FS, names...)
}
