package contract

import (
	"fmt"
	"net/url"
	"strings"
)

// BaseURL is the base URL every generated link, token issuer, card and MCP endpoint starts with: an
// absolute http or https URL without user, query or fragment, and without a trailing slash. The only way
// to get one is [ParseBaseURL], so a package that is handed a BaseURL never checks it again; the zero
// BaseURL means "none given".
type BaseURL struct{ s string }

// ParseBaseURL checks raw and returns it as a BaseURL, dropping a trailing slash. Its error names the
// value and what is allowed, not the flag or file it came from: callers add that.
func ParseBaseURL(raw string) (BaseURL, error) {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil ||
		u.RawQuery != "" || u.Fragment != "" || strings.HasSuffix(raw, "?") || strings.HasSuffix(raw, "#") {
		return BaseURL{}, fmt.Errorf("base URL %q: want an absolute http or https URL without query or fragment, such as http://localhost:8080", raw)
	}
	return BaseURL{strings.TrimSuffix(raw, "/")}, nil
}

// MustParseBaseURL is [ParseBaseURL] for values known to be good (tests, constants); it panics on a bad one.
func MustParseBaseURL(raw string) BaseURL {
	b, err := ParseBaseURL(raw)
	if err != nil {
		panic(err)
	}
	return b
}

// String is the base URL without a trailing slash ("" for the zero BaseURL), ready for a path such as
// [A2APath] to be appended.
func (b BaseURL) String() string { return b.s }

// IsZero reports whether b is the zero BaseURL: none given.
func (b BaseURL) IsZero() bool { return b.s == "" }

// URL returns b as a new *url.URL, which the caller may change.
func (b BaseURL) URL() *url.URL {
	u, _ := url.Parse(b.s) // ParseBaseURL parsed it already
	return u
}

// Set parses raw into b, so that a command line flag binds to a BaseURL and is checked as it is read
// (pflag.Value, with String and Type).
func (b *BaseURL) Set(raw string) error {
	v, err := ParseBaseURL(raw)
	if err != nil {
		return err
	}
	*b = v
	return nil
}

// Type names the flag's kind in help text.
func (b *BaseURL) Type() string { return "url" }
