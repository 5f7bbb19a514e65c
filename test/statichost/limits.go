// Package statichost is a static host for the tests, as Netlify and Cloudflare Pages document theirs: it
// refuses a deploy over the tightest of the hosts' limits, serves the files as they are (no precompressed
// sidecars: it compresses itself), gives them the headers of _headers (joining a header two rules set, as
// Cloudflare Pages does), and follows _redirects as Netlify does: a file shadows a rule unless the rule is
// forced, rules may match the query, and a rewrite to an absolute URL (status 200) is a proxy. It is what
// `iconlib build --host pages` is tested against; docs/deploy.md says which host does what.
package statichost

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
)

// Limits are what a host accepts in one deploy; zero means no limit.
type Limits struct {
	Files      int   // files in the deploy (Cloudflare Pages' free plan: 20,000)
	FileBytes  int64 // bytes a file (Cloudflare Pages: 25 MiB)
	TotalBytes int64 // bytes in all (GitHub and GitLab Pages: 1 GB a site)
	// HeaderRules are the blocks of _headers, and StaticRedirects and DynamicRedirects the rules of
	// _redirects without and with a splat or placeholder (Cloudflare Pages: 100; 2,000 and 100).
	HeaderRules, StaticRedirects, DynamicRedirects int
}

// Pages are the tightest limits of the static hosts docs/deploy.md names, each from the host that sets it.
var Pages = Limits{Files: 20_000, FileBytes: 25 << 20, TotalBytes: 1 << 30,
	HeaderRules: 100, StaticRedirects: 2_000, DynamicRedirects: 100}

// tree is a deploy's files: slash paths under its root, with their sizes.
type tree struct {
	root  string
	sizes map[string]int64
}

// readTree lists the files under root (a link to a directory is followed, as the build's output is one).
func readTree(root string) (*tree, error) {
	root, err := filepath.EvalSymlinks(root)
	if err != nil {
		return nil, err
	}
	t := &tree{root: root, sizes: map[string]int64{}}
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		t.sizes[filepath.ToSlash(rel)] = info.Size()
		return nil
	})
	return t, err
}

// check reports every limit t breaks, naming the files over the size limit.
func (l Limits) check(t *tree, rules *rules) error {
	var errs []error
	var total int64
	for p, size := range t.sizes {
		total += size
		if l.FileBytes > 0 && size > l.FileBytes {
			errs = append(errs, fmt.Errorf("%s: %d bytes, over the limit of %d a file", p, size, l.FileBytes))
		}
	}
	over := func(what string, n, limit int) {
		if limit > 0 && n > limit {
			errs = append(errs, fmt.Errorf("%d %s, over the limit of %d", n, what, limit))
		}
	}
	over("files", len(t.sizes), l.Files)
	if l.TotalBytes > 0 && total > l.TotalBytes {
		errs = append(errs, fmt.Errorf("%d bytes in all, over the limit of %d", total, l.TotalBytes))
	}
	over("header rules", len(rules.headers), l.HeaderRules)
	static, dynamic := 0, 0
	for _, r := range rules.redirects {
		if r.from.dynamic {
			dynamic++
		} else {
			static++
		}
	}
	over("static redirects", static, l.StaticRedirects)
	over("dynamic redirects", dynamic, l.DynamicRedirects)
	if len(errs) > 0 {
		return fmt.Errorf("deploy of %s refused: %w", t.root, errors.Join(errs...))
	}
	return nil
}

// has reports whether the deploy holds the file at rel, a slash path; the host's own files are not served.
func (t *tree) has(rel string) bool {
	_, ok := t.sizes[rel]
	return ok && rel != headersFile && rel != redirectsFile && !strings.HasSuffix(rel, "/")
}
