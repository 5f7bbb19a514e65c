package statichost

import (
	"mime"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/klauspost/compress/gzhttp"
)

// Site is a deploy the host accepted: an http.Handler serving it.
type Site struct {
	tree  *tree
	rules *rules
	files http.Handler // the files, compressed for clients that accept it
}

// Deploy checks the tree at root (a directory, or a link to one) against limits and returns the site
// serving it, or every limit it breaks.
func Deploy(root string, limits Limits) (*Site, error) {
	t, err := readTree(root)
	if err != nil {
		return nil, err
	}
	rs, err := readRules(t.root)
	if err != nil {
		return nil, err
	}
	if err := limits.check(t, rs); err != nil {
		return nil, err
	}
	s := &Site{tree: t, rules: rs}
	s.files = gzhttp.GzipHandler(http.HandlerFunc(s.serveFile))
	return s, nil
}

// ServeHTTP answers as Netlify documents: a forced rule first, then a file (a directory's index.html, a
// directory without its slash redirected to it), then the first rule that matches, else 404.
func (s *Site) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if s.redirect(w, r, true) {
		return
	}
	if rel, ok := s.file(r.URL.Path); ok {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		r.URL.Path = "/" + rel
		s.files.ServeHTTP(w, r)
		return
	}
	if dir := strings.TrimPrefix(r.URL.Path, "/"); s.tree.has(path.Join(dir, "index.html")) {
		to := url.URL{Path: r.URL.Path + "/", RawQuery: r.URL.RawQuery}
		http.Redirect(w, r, to.String(), http.StatusMovedPermanently)
		return
	}
	if s.redirect(w, r, false) {
		return
	}
	http.NotFound(w, r)
}

// file is the file a URL path names: itself, or a directory's index.html.
func (s *Site) file(urlPath string) (string, bool) {
	rel := strings.TrimPrefix(urlPath, "/")
	if rel == "" || strings.HasSuffix(rel, "/") {
		rel += "index.html"
	}
	if path.Clean("/"+rel) != "/"+rel {
		return "", false
	}
	return rel, s.tree.has(rel)
}

// redirect applies the first rule that matches r and is forced (or, with forced false, any), and
// reports whether one did.
func (s *Site) redirect(w http.ResponseWriter, r *http.Request, forced bool) bool {
	for _, rule := range s.rules.redirects {
		if forced && !rule.force {
			continue
		}
		to, ok := rule.target(r.URL)
		if !ok {
			continue
		}
		switch target, err := url.Parse(to); {
		case err != nil:
			http.Error(w, "bad redirect target", http.StatusInternalServerError)
		case rule.status == http.StatusOK && target.IsAbs():
			proxy(target).ServeHTTP(w, r)
		case rule.status == http.StatusOK:
			r.URL.Path, r.URL.RawQuery = target.Path, target.RawQuery
			if rel, ok := s.file(target.Path); ok {
				r.URL.Path = "/" + rel
				s.files.ServeHTTP(w, r)
			} else {
				http.NotFound(w, r)
			}
		default:
			http.Redirect(w, r, to, rule.status)
		}
		return true
	}
	return false
}

// proxy passes a request on to target as it is (method, headers, body), the way Netlify proxies: to the
// target's host, with X-Forwarded-For; answers, event streams among them, come back as they come.
func proxy(target *url.URL) http.Handler {
	return &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			pr.Out.URL = target
			pr.Out.Host = target.Host
			pr.SetXForwarded()
		},
		FlushInterval: -1,
	}
}

// serveFile sends the file r.URL.Path names with the headers of every _headers rule that matches the
// URL it was asked for (two rules setting one header join their values, as Cloudflare Pages does), its
// type guessed from its extension where no rule gives one.
func (s *Site) serveFile(w http.ResponseWriter, r *http.Request) {
	rel := strings.TrimPrefix(r.URL.Path, "/")
	asked := r.URL.Path
	if strings.HasSuffix(rel, "/index.html") || rel == "index.html" {
		asked = strings.TrimSuffix(asked, "index.html")
	}
	h := w.Header()
	for _, rule := range s.rules.headers {
		if _, ok := rule.from.match(asked); !ok {
			continue
		}
		for _, nv := range rule.headers {
			if old := h.Get(nv[0]); old != "" {
				h.Set(nv[0], old+", "+nv[1])
			} else {
				h.Set(nv[0], nv[1])
			}
		}
	}
	if h.Get("Content-Type") == "" {
		h.Set("Content-Type", hostType(rel))
	}
	f, err := os.Open(filepath.Join(s.tree.root, filepath.FromSlash(rel)))
	if err != nil {
		http.Error(w, "file vanished", http.StatusInternalServerError)
		return
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		http.Error(w, "file vanished", http.StatusInternalServerError)
		return
	}
	http.ServeContent(w, r, "", info.ModTime(), f)
}

// hostType is the type a host sends by itself: by the extension, from the system's table.
func hostType(rel string) string {
	if mt := mime.TypeByExtension(path.Ext(rel)); mt != "" {
		return mt
	}
	return "application/octet-stream"
}
