package e2e

import (
	"bytes"
	"context"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/iconlib/iconlib/build"
	"github.com/iconlib/iconlib/internal/contract"
	"github.com/iconlib/iconlib/test/statichost"
)

var (
	pagesOnce sync.Once
	pagesDir  string
	pagesErr  error
)

// pagesBuild builds the real library with the static host's profile (--host pages), from the content
// and base URL of the shared full build, with that build's edge as the edge; tests share it.
func pagesBuild(t *testing.T) (lib *library, public string) {
	t.Helper()
	lib = fullLibrary(t)
	pagesOnce.Do(func() {
		pagesDir = filepath.Join(tempDir("iconlib-pages-"), "public")
		base := contract.MustParseBaseURL(lib.URL)
		_, pagesErr = build.Run(context.Background(), build.Options{ContentDir: "../../content", OutDir: pagesDir,
			BaseURL: base, Host: contract.HostPages, EdgeURL: base})
	})
	if pagesErr != nil {
		t.Fatalf("building the real library for a static host: %v", pagesErr)
	}
	return lib, pagesDir
}

// TestPagesBuildFitsStaticHosts: the whole library built for a static host is within the limits of
// every host docs/deploy.md names (Cloudflare Pages: 20,000 files, 25 MiB a file; GitHub Pages: 1 GB).
func TestPagesBuildFitsStaticHosts(t *testing.T) {
	_, public := pagesBuild(t)
	if _, err := statichost.Deploy(public, statichost.Pages); err != nil {
		t.Error(err)
	}
}

// TestStaticHostServesPagesBuild deploys the pages build on the static host, in front of the edge serving
// the full build, and runs the suite every front passes through it. The host's limits are
// TestPagesBuildFitsStaticHosts's to check; here it takes the deploy whatever its size.
func TestStaticHostServesPagesBuild(t *testing.T) {
	lib, public := pagesBuild(t)
	site, err := statichost.Deploy(public, statichost.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	host := httptest.NewServer(site)
	defer host.Close()
	checkFront(t, host.URL, firstIcon(t, lib.Public), firstGuide(t, lib.Public))

	t.Run("every kind of file as the edge sends it", func(t *testing.T) {
		c := rawClient(t)
		for _, rel := range sampleFiles(t, public) {
			if rel == contract.HeadersFile || rel == contract.RedirectsFile {
				continue
			}
			a, e := send(t, c, "GET", host.URL+"/"+rel, ""), send(t, c, "GET", lib.URL+"/"+rel, "")
			sameAnswer(t, rel, a, e, "Content-Type", "Cache-Control", "X-Frame-Options", "Content-Security-Policy")
			if !bytes.Equal(a.body, e.body) {
				t.Errorf("%s: the host sent %d bytes, the edge %d", rel, len(a.body), len(e.body))
			}
		}
	})
}

// TestEdgeServesTheFrontSuite: the edge alone passes the suite the fronts pass.
func TestEdgeServesTheFrontSuite(t *testing.T) {
	lib := fullLibrary(t)
	checkFront(t, lib.URL, firstIcon(t, lib.Public), firstGuide(t, lib.Public))
}

// TestBuildProfilesAgree: the full build and the pages build of the same content and base URL hold the
// same bytes in every file they share (the build is deterministic, and the profile changes only what it
// adds and leaves out); the pages build leaves out exactly the sidecars and the files left to the edge,
// and its own files are its _headers and _redirects (and its manifest, which lists its own files).
func TestBuildProfilesAgree(t *testing.T) {
	lib, pages := pagesBuild(t)
	full := listTree(t, lib.Public)
	shared := 0
	for rel := range listTree(t, pages) {
		switch {
		case rel == contract.HeadersFile || rel == contract.RedirectsFile || rel == contract.ManifestFile:
			continue
		case !full[rel]:
			t.Errorf("%s is in the pages build only", rel)
			continue
		}
		shared++
		if !bytes.Equal(mustRead(t, pages, rel), mustRead(t, lib.Public, rel)) {
			t.Errorf("%s differs between the full and the pages build", rel)
		}
		delete(full, rel)
	}
	for rel := range full {
		sidecar := strings.HasSuffix(rel, ".gz") || strings.HasSuffix(rel, ".br")
		if !sidecar && !contract.LeftToEdge(rel) && rel != contract.ManifestFile {
			t.Errorf("%s is in the full build only", rel)
		}
	}
	t.Logf("%d files shared, byte for byte", shared)
}

// listTree lists the slash paths of the files under root (a link to the build's snapshot).
func listTree(t *testing.T, root string) map[string]bool {
	t.Helper()
	root, err := filepath.EvalSymlinks(root)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]bool{}
	err = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		files[filepath.ToSlash(rel)] = true
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}
