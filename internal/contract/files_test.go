package contract_test

import (
	"testing"

	"github.com/iconlib/iconlib/internal/contract"
)

// TestMediaTypesDoNotDependOnTheHost: every file of public/ has the type the contract names, the one
// nginx's configuration names too (docs/deploy.md), and anything else is application/octet-stream,
// whatever the host's mime.types would say (Debian's names .png image/png).
func TestMediaTypesDoNotDependOnTheHost(t *testing.T) {
	for rel, want := range map[string]string{
		"assets/bell.json":       "application/json",
		"icons/bell/index.html":  "text/html; charset=utf-8",
		"svg/bell.svg":           "image/svg+xml",
		"llms.txt":               "text/plain; charset=utf-8",
		"assets/bell.json.gz":    "application/gzip",
		"assets/bell.lottie":     "application/zip",
		"assets/bell.json.br":    "application/octet-stream",
		"search/icons/index.bin": "application/octet-stream",
		"static/logo.png":        "application/octet-stream",
		contract.APICatalogFile:  `application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"`,
	} {
		if got := contract.MediaType(rel); got != want {
			t.Errorf("MediaType(%q) = %q, want %q", rel, got, want)
		}
	}
}
