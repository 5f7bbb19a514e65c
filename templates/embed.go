// Package templates holds the site's HTML templates and static files (styles, scripts, the self-hosted
// lottie-web player), embedded into the iconlib binary.
package templates

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"html/template"
	"io/fs"
	"sync"
	texttemplate "text/template"

	"github.com/iconlib/iconlib/internal/contract"
)

// FS holds *.html page templates, *.tmpl text templates (llms.txt, index.md, and words.tmpl: the product's
// words, which every template may use), skills/ (one SKILL.md
// template per agent skill, its front matter naming and describing it) and static/, copied to
// public/static/ by the build.
//
//go:embed *.html *.tmpl skills static
var FS embed.FS

// WordsFile defines the product's words, each once (the pitch, the platforms, what the agents say of
// themselves) as named templates; ParseHTML and ParseText add it to every template set.
const WordsFile = "words.tmpl"

// ParseHTML parses page templates from FS with the contract's path functions (contract.TemplateFuncs),
// where staticFile names the version of the file (StaticURL), and the product's words (WordsFile).
func ParseHTML(names ...string) (*template.Template, error) {
	return template.New(names[0]).Funcs(contract.TemplateFuncs()).Funcs(template.FuncMap{"staticFile": StaticURL}).
		ParseFS(FS, append(names, WordsFile)...)
}

// ParseText parses text templates (llms.txt, index.md, the OpenAPI description, the ARD manifest) from FS
// with the contract's path functions and the product's words (WordsFile); with no names, the words alone.
func ParseText(names ...string) (*texttemplate.Template, error) {
	return texttemplate.New("").Funcs(contract.TemplateFuncs()).ParseFS(FS, append(names, WordsFile)...)
}

// staticHashes are the sha256 (hex) of the files under static/, by their path below it.
var staticHashes = sync.OnceValue(func() map[string]string {
	sums := map[string]string{}
	fs.WalkDir(FS, "static", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(FS, p)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(b)
		sums[p[len("static/"):]] = hex.EncodeToString(sum[:])
		return nil
	})
	return sums
})

// StaticURL is the URL of a site file (style.css, site.js, …) with its version (contract.VersionedURL):
// the build publishes these bytes, and the edge keeps that URL cacheable for a year while it serves them.
func StaticURL(name string) string {
	return contract.VersionedURL("/"+contract.StaticDir+"/"+name, staticHashes()[name])
}
