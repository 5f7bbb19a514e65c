package statichost

import (
	"bufio"
	"bytes"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// The files a deploy configures its host with, not served.
const (
	headersFile   = "_headers"
	redirectsFile = "_redirects"
)

// pattern is a URL path pattern of _headers or _redirects: a splat (*) matches any characters, slashes
// too (Cloudflare Pages' greedy splat); a placeholder (:name, a whole segment) matches one segment.
type pattern struct {
	re      *regexp.Regexp
	dynamic bool // it has a splat or a placeholder
}

var placeholder = regexp.MustCompile(`^:[A-Za-z_][A-Za-z0-9_]*$`)

// compilePattern compiles p; trailingSlash lets a path match with or without a final slash, as Netlify
// normalizes paths before it reads _redirects.
func compilePattern(p string, trailingSlash bool) (pattern, error) {
	if !strings.HasPrefix(p, "/") {
		return pattern{}, fmt.Errorf("pattern %q: want a path starting with /", p)
	}
	var re strings.Builder
	re.WriteString("^")
	dynamic := false
	for i, seg := range strings.Split(p, "/") {
		if i > 0 {
			re.WriteString("/")
		}
		if placeholder.MatchString(seg) {
			fmt.Fprintf(&re, "(?P<%s>[^/]+)", seg[1:])
			dynamic = true
			continue
		}
		parts := strings.Split(seg, "*")
		for j, part := range parts {
			if j > 0 {
				re.WriteString("(?P<splat>.*)")
				dynamic = true
			}
			re.WriteString(regexp.QuoteMeta(part))
		}
	}
	s := re.String()
	if trailingSlash && p != "/" {
		s = strings.TrimSuffix(s, "/") + "/?"
	}
	r, err := regexp.Compile(s + "$")
	if err != nil {
		return pattern{}, fmt.Errorf("pattern %q: %w", p, err)
	}
	return pattern{re: r, dynamic: dynamic}, nil
}

// match reports whether path matches, with the values of the splat and placeholders.
func (p pattern) match(path string) (map[string]string, bool) {
	m := p.re.FindStringSubmatch(path)
	if m == nil {
		return nil, false
	}
	vals := map[string]string{}
	for i, name := range p.re.SubexpNames() {
		if name != "" {
			vals[name] = m[i]
		}
	}
	return vals, true
}

// headerRule is a block of _headers.
type headerRule struct {
	from    pattern
	headers [][2]string // name, value
}

// redirect is a line of _redirects: from [name=value…] to [status][!].
type redirect struct {
	from   pattern
	query  [][2]string // a value :name captures the parameter; else it must be equal
	to     string
	status int
	force  bool
}

// rules are a deploy's _headers and _redirects.
type rules struct {
	headers   []headerRule
	redirects []redirect
}

// readRules reads root's _headers and _redirects; either may be missing.
func readRules(root string) (*rules, error) {
	rs := &rules{}
	for name, parse := range map[string]func(*rules, []byte) error{headersFile: (*rules).parseHeaders, redirectsFile: (*rules).parseRedirects} {
		b, err := os.ReadFile(filepath.Join(root, name))
		if os.IsNotExist(err) {
			continue
		}
		if err == nil {
			err = parse(rs, b)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	return rs, nil
}

// lines calls f with each line of b that is not blank or a comment, and its number.
func lines(b []byte, f func(n int, line string) error) error {
	sc := bufio.NewScanner(bytes.NewReader(b))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if t := strings.TrimSpace(line); t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		if err := f(n, line); err != nil {
			return fmt.Errorf("line %d: %w", n, err)
		}
	}
	return sc.Err()
}

func (rs *rules) parseHeaders(b []byte) error {
	return lines(b, func(_ int, line string) error {
		if !strings.HasPrefix(line, " ") && !strings.HasPrefix(line, "\t") {
			p, err := compilePattern(strings.TrimSpace(line), false)
			rs.headers = append(rs.headers, headerRule{from: p})
			return err
		}
		name, value, ok := strings.Cut(strings.TrimSpace(line), ":")
		if !ok || len(rs.headers) == 0 {
			return fmt.Errorf("%q: want a URL pattern, then indented Name: value lines", line)
		}
		last := &rs.headers[len(rs.headers)-1]
		last.headers = append(last.headers, [2]string{strings.TrimSpace(name), strings.TrimSpace(value)})
		return nil
	})
}

func (rs *rules) parseRedirects(b []byte) error {
	return lines(b, func(_ int, line string) error {
		f := strings.Fields(line)
		r := redirect{status: 301}
		if len(f) > 2 {
			code := strings.TrimSuffix(f[len(f)-1], "!")
			if s, err := strconv.Atoi(code); err == nil {
				r.status, r.force, f = s, strings.HasSuffix(f[len(f)-1], "!"), f[:len(f)-1]
			}
		}
		if len(f) < 2 {
			return fmt.Errorf("%q: want from [name=value…] to [status]", line)
		}
		p, err := compilePattern(f[0], true)
		if err != nil {
			return err
		}
		r.from, r.to = p, f[len(f)-1]
		for _, q := range f[1 : len(f)-1] {
			name, value, ok := strings.Cut(q, "=")
			if !ok {
				return fmt.Errorf("%q: a query condition is name=value", q)
			}
			r.query = append(r.query, [2]string{name, value})
		}
		rs.redirects = append(rs.redirects, r)
		return nil
	})
}

// target is where r sends a request for u, and whether r applies: its placeholders filled in from the
// path and query; the request's query goes along unless r matched on the query.
func (r redirect) target(u *url.URL) (string, bool) {
	vals, ok := r.from.match(u.Path)
	if !ok {
		return "", false
	}
	q := u.Query()
	for _, c := range r.query {
		if !q.Has(c[0]) {
			return "", false
		}
		if name, capture := strings.CutPrefix(c[1], ":"); capture {
			vals[name] = url.QueryEscape(q.Get(c[0]))
		} else if q.Get(c[0]) != c[1] {
			return "", false
		}
	}
	to := r.to
	for name, v := range vals {
		to = strings.ReplaceAll(to, ":"+name, v)
	}
	if len(r.query) == 0 && u.RawQuery != "" && !strings.Contains(to, "?") {
		to += "?" + u.RawQuery
	}
	return to, true
}
