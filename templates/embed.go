// Package templates holds the site's HTML templates and static files (styles, scripts, the self-hosted
// lottie-web player), embedded into the iconlib binary.
package templates

import "embed"

// FS holds *.html page templates, *.tmpl text templates (llms.txt, index.md) and static/, copied to public/static/ by the build.
//
//go:embed *.html *.tmpl static
var FS embed.FS
