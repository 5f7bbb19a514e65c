package hostconf

import (
	"bytes"
	"embed"
	"fmt"
	"maps"
	"path"
	"regexp"
	"slices"
	"strings"
	"text/template"

	"github.com/iconlib/iconlib/internal/contract"
)

//go:embed templates
var templates embed.FS

var frontTemplates = template.Must(template.New("").Funcs(template.FuncMap{
	"unquote": func(s string) string { return strings.Trim(s, `"`) },
}).ParseFS(templates, "templates/*"))

// Placeholders the configurations of nginx and Caddy leave for the deployment to fill in.
const (
	PublicDirPlaceholder = "@PUBLIC_DIR@" // absolute path of public/
	ListenPlaceholder    = "@LISTEN@"     // the front's listen address or port
	EdgePlaceholder      = "@EDGE@"       // the edge's host:port
)

// header is a response header of every file.
type header struct{ Name, Value string }

// byPath is a file whose media type is its path's, not its extension's.
type byPath struct{ Path, Type, Link, Comment string }

// front is what the configurations of nginx and Caddy are written from.
type front struct {
	Edge                      []EdgePath
	HomeQuery                 string
	Types                     []struct{ Ext, Type string }
	ByPath                    []byPath
	FileHeaders               []header
	FileMethods               string // as an Allow header
	FileMethodList            string // as a list of words
	ReleaseDirs               string // a regular expression's alternatives: assets|svg|…
	Release, Build, Versioned string // Cache-Control of the classes
	VersionedRegexp           string // the request URI of a site file asked for by its version
	VersionedExample          string
	VersionedQuery            string // the query of a site file asked for by its version (no braces: Caddy reads {…} as a placeholder)
	StaticDir                 string
	ReleasePaths              []string // URL path patterns of the release directories: /assets/* …
}

// frontData gathers the contract's tables for the templates.
func frontData() front {
	f := front{Edge: EdgePaths(), HomeQuery: HomeQuery, FileMethods: contract.StaticFiles.Allow(),
		FileMethodList: strings.ReplaceAll(contract.StaticFiles.Allow(), ",", ""),
		Release:        contract.CacheRelease.CacheControl(), Build: contract.CacheBuild.CacheControl(),
		Versioned: contract.CacheVersioned.CacheControl()}
	types := contract.MediaTypesByExt()
	for _, ext := range slices.Sorted(maps.Keys(types)) {
		f.Types = append(f.Types, struct{ Ext, Type string }{strings.TrimPrefix(ext, "."), quoteIfSpaced(types[ext])})
	}
	byPathTypes := contract.MediaTypesByPath()
	for _, p := range slices.Sorted(maps.Keys(byPathTypes)) {
		b := byPath{Path: p, Type: byPathTypes[p], Comment: "Typed by its path, not its extension (contract.MediaTypesByPath)."}
		if p == contract.APICatalogFile {
			b.Link = `</` + p + `>; rel="api-catalog"`
			b.Comment = "The RFC 9727 API catalog has no extension to take its type from; HEAD and GET announce it in Link."
		}
		f.ByPath = append(f.ByPath, b)
	}
	every := everyFile()
	for _, name := range slices.Sorted(maps.Keys(every)) {
		f.FileHeaders = append(f.FileHeaders, header{name, `"` + every[name] + `"`})
	}
	dirs := contract.ReleaseDirs()
	for i, d := range dirs {
		dirs[i] = regexp.QuoteMeta(strings.TrimSuffix(d, "/"))
	}
	f.ReleaseDirs = strings.Join(dirs, "|")
	for _, d := range contract.ReleaseDirs() {
		f.ReleasePaths = append(f.ReleasePaths, "/"+d+"*")
	}
	f.StaticDir = contract.StaticDir
	f.VersionedQuery = "^" + contract.VersionParam + "=" + strings.Repeat("[0-9a-f]", contract.VersionLen) + "$"
	static := "/" + contract.StaticDir + "/"
	f.VersionedRegexp = fmt.Sprintf(`~^%s[^?]+\?%s=[0-9a-f]{%d}$`, static, contract.VersionParam, contract.VersionLen)
	f.VersionedExample = contract.VersionedURL(path.Join(static, "site.js"), strings.Repeat("0", contract.VersionLen))
	return f
}

// quoteIfSpaced quotes a media type with parameters for nginx's types block.
func quoteIfSpaced(s string) string {
	if strings.ContainsAny(s, " ;") {
		return `"` + s + `"`
	}
	return s
}

// Nginx is the nginx configuration of a full build's front (deploy/nginx/iconlib.conf), with the
// placeholders PublicDirPlaceholder, ListenPlaceholder and EdgePlaceholder.
func Nginx() []byte { return render("nginx.conf") }

// Caddy is the Caddyfile of a full build's front (deploy/caddy/Caddyfile), with the placeholders
// PublicDirPlaceholder, ListenPlaceholder and EdgePlaceholder.
func Caddy() []byte { return render("Caddyfile") }

// render executes the named template over the contract's tables.
func render(name string) []byte {
	var b bytes.Buffer
	if err := frontTemplates.ExecuteTemplate(&b, name, frontData()); err != nil {
		panic(err) // the templates are the package's own: a test runs each
	}
	return b.Bytes()
}
