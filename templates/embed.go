// Package templates holds the site's HTML templates and static files (styles, scripts, the self-hosted
// lottie-web player), embedded into the iconlib binary.
package templates

import (
	"embed"
	"html/template"

	"github.com/iconlib/iconlib/internal/contract"
)

// FS holds *.html page templates, *.tmpl text templates (llms.txt, index.md), skills/ (one SKILL.md
// template per agent skill, its front matter naming and describing it) and static/, copied to
// public/static/ by the build.
//
//go:embed *.html *.tmpl skills static
var FS embed.FS

// ParseHTML parses page templates from FS with the contract's path functions (contract.TemplateFuncs).
func ParseHTML(names ...string) (*template.Template, error) {
	return template.New(names[0]).Funcs(contract.TemplateFuncs()).ParseFS(FS, names...)
}
