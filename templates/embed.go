// Package templates holds the site's HTML templates and static files (styles, scripts, the self-hosted
// lottie-web player), embedded into the iconlib binary.
package templates

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"html/template"
	"io/fs"
	"sync"
	texttemplate "text/template"

	"github.com/iconlib/iconlib/internal/catalog"
	"github.com/iconlib/iconlib/internal/contract"
)

// FS holds *.html page templates, *.tmpl text templates (llms.txt, index.md, and words.tmpl: the product's
// words, which every template may use), skills/ (one SKILL.md
// template per agent skill, its front matter naming and describing it), snippets/ (the records' code
// snippets) and static/, copied to
// public/static/ by the build.
//
//go:embed *.html *.tmpl platforms.json skills snippets static
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

// ElementScript is the <iconlib-icon> element's script under the static directory (docs/element.md).
const ElementScript = "iconlib-icon.js"

// SnippetsFile defines the code snippets of every record, one template per platform (javascript, react,
// ios, android, react_native, flutter, swiftui, compose), each loading an icon's file and playing a state.
const SnippetsFile = "snippets/code.tmpl"

// PlatformsFile names, once, what a record holds per platform: its code snippets and install commands.
const PlatformsFile = "platforms.json"

// Platforms reads PlatformsFile: the labels of the code snippets and install commands, in the order pages
// and answers show them. Every key is a field of the record's code or install commands.
func Platforms() (catalog.Labels, error) {
	var l catalog.Labels
	b, err := fs.ReadFile(FS, PlatformsFile)
	if err == nil {
		err = json.Unmarshal(b, &l)
	}
	if err != nil {
		return l, fmt.Errorf("templates/%s: %w", PlatformsFile, err)
	}
	all := catalog.Icon{Code: catalog.Code{HTML: "x", JavaScript: "x", React: "x", IOS: "x", Android: "x", ReactNative: "x", Flutter: "x", SwiftUI: "x", Compose: "x"},
		Install: catalog.Install{JavaScript: "x", React: "x", IOSSPM: "x", IOSCocoaPods: "x", AndroidGradle: "x", File: "x",
			ReactNative: "x", Flutter: "x", AndroidCompose: "x"}}
	for _, c := range l.Code {
		if all.Code.For(c.Key) == "" || c.Label == "" || c.Lang == "" {
			return l, fmt.Errorf("templates/%s: code %q: want a key of the record's code, a label and a language", PlatformsFile, c.Key)
		}
	}
	for _, in := range l.Install {
		if all.Install.For(in.Key) == "" || in.Label == "" {
			return l, fmt.Errorf("templates/%s: install %q: want a key of the record's install commands and a label", PlatformsFile, in.Key)
		}
	}
	return l, nil
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
