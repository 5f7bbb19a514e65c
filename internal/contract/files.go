// Package contract is the table of what public/ holds as both halves of iconlib see it: the build writes
// files by it and the edge serves them by it, so a media type or a cache lifetime is decided once.
package contract

import (
	"maps"
	"path"
	"slices"
	"strings"
)

// APICatalogFile is the RFC 9727 API catalog, a linkset pointing at the OpenAPI document and the API
// guide. Its name has no extension, so its media type is listed by path.
const APICatalogFile = ".well-known/api-catalog"

// CacheClass says how long clients may reuse a file before revalidating it with its ETag.
type CacheClass string

const (
	// CacheRelease files (animation files, SVGs, vendored scripts) change only with an icon set release.
	CacheRelease CacheClass = "release"
	// CacheBuild files (pages, JSON, guides) may change with any build.
	CacheBuild CacheClass = "build"
	// CacheVersioned is a site script, style or icon asked for by its version (VersionedURL): that URL
	// names those bytes for ever.
	CacheVersioned CacheClass = "versioned"
)

// CacheControl is the Cache-Control header of a class; an unknown class gets CacheBuild's.
func (c CacheClass) CacheControl() string {
	switch c {
	case CacheRelease:
		return "public, max-age=86400"
	case CacheVersioned:
		return "public, max-age=31536000, immutable"
	}
	return "public, max-age=300"
}

// VersionParam is the query parameter that names a file's version: the first VersionLen hex digits of its
// sha256.
const (
	VersionParam = "v"
	VersionLen   = 12
)

// VersionedURL is the URL of the file at urlPath with the version its sha256 (hex) names; pages name their
// scripts, styles and icon this way, so each new version is a new URL and each may be kept for a year.
func VersionedURL(urlPath, sha256 string) string {
	if len(sha256) < VersionLen {
		return urlPath
	}
	return urlPath + "?" + VersionParam + "=" + sha256[:VersionLen]
}

// releaseDirs hold the CacheRelease files.
var releaseDirs = []string{"assets/", "svg/", "static/vendor/"}

// ReleaseDirs are the directories (slash paths under public/, ending in a slash) of the CacheRelease files.
func ReleaseDirs() []string { return slices.Clone(releaseDirs) }

// CacheClassOf is the cache class of a file, by its slash path under public/.
func CacheClassOf(rel string) CacheClass {
	for _, dir := range releaseDirs {
		if strings.HasPrefix(rel, dir) {
			return CacheRelease
		}
	}
	return CacheBuild
}

var mediaTypes = map[string]string{
	".json": "application/json",
	".md":   "text/markdown; charset=utf-8",
	".xml":  "application/xml",
	".txt":  "text/plain; charset=utf-8",
	".html": "text/html; charset=utf-8",
	".css":  "text/css; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
	".svg":  "image/svg+xml",
}

// binaryMediaTypes are the types of the other files with a type of their own: the gzip variants and the
// dotLottie files, zips (as nginx's configuration names them). Anything else is application/octet-stream, whatever the host's
// mime.types says, so every edge sends the same as nginx and as every other edge (Go's own table has
// no .gz: an edge on a host without mime.types sent the variants as application/octet-stream).
var binaryMediaTypes = map[string]string{".gz": "application/gzip", ".lottie": "application/zip"}

var mediaTypesByPath = map[string]string{
	APICatalogFile: `application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"`,
	AICatalogFile:  "application/ai-catalog+json", // the AI Catalog specification's own type
}

// MediaTypesByExt are the media types MediaType gives by a file's extension (".json"); any other
// extension is application/octet-stream.
func MediaTypesByExt() map[string]string {
	types := maps.Clone(mediaTypes)
	maps.Copy(types, binaryMediaTypes)
	return types
}

// MediaTypesByPath are the files (slash paths under public/) whose media type is not their extension's.
func MediaTypesByPath() map[string]string { return maps.Clone(mediaTypesByPath) }

// MediaType is the Content-Type of a file, by its slash path under public/.
func MediaType(rel string) string {
	if mt, ok := mediaTypesByPath[rel]; ok {
		return mt
	}
	ext := path.Ext(rel)
	if mt, ok := mediaTypes[ext]; ok {
		return mt
	}
	if mt, ok := binaryMediaTypes[ext]; ok {
		return mt
	}
	return "application/octet-stream"
}

// Compressible reports whether the build precompresses a file (when it is large enough and compression
// pays): text, and the search files (.bin), whose indexes shrink to under half.
func Compressible(rel string) bool {
	ext := path.Ext(rel)
	_, text := mediaTypes[ext]
	return text || ext == ".bin"
}

// Coding is a content coding the build precompresses text files with.
type Coding struct {
	Name   string // as in Accept-Encoding and Content-Encoding
	Suffix string // of the variant's file name: <path><Suffix>
}

// Codings are the precompressed variants, in the order the edge prefers them when a client accepts
// several equally (smallest first).
var Codings = []Coding{{Name: "br", Suffix: ".br"}, {Name: "gzip", Suffix: ".gz"}}
