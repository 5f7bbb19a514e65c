package contract

import (
	"fmt"
	"path"
	"strings"
)

// Host is a build profile: the kind of server public/ is built for.
type Host string

const (
	// HostFull is public/ for the edge, alone or behind nginx or Caddy: every file, with its precompressed
	// sidecars. The edge always serves a full build.
	HostFull Host = "full"
	// HostPages is public/ for a static host (Cloudflare Pages, Netlify, GitHub or GitLab Pages) in front of
	// an edge serving the full build of the same content and base URL: no sidecars (such hosts compress
	// themselves), without the files LeftToEdge names (to stay under the hosts' file count), and with
	// _headers and _redirects (HeadersFile, RedirectsFile) that give files their headers and send the
	// edge's paths to the edge.
	HostPages Host = "pages"
)

// Hosts are the build profiles, the first the default.
var Hosts = []Host{HostFull, HostPages}

// ParseHost returns the profile named s; its error lists the profiles there are.
func ParseHost(s string) (Host, error) {
	for _, h := range Hosts {
		if string(h) == s {
			return h, nil
		}
	}
	names := make([]string, len(Hosts))
	for i, h := range Hosts {
		names[i] = string(h)
	}
	return "", fmt.Errorf("host %q: want one of %s", s, strings.Join(names, ", "))
}

// String is the profile's name; the zero Host is HostFull.
func (h Host) String() string {
	if h == "" {
		return string(HostFull)
	}
	return string(h)
}

// Set parses s into h, so that a command line flag binds to a Host and is checked as it is read.
func (h *Host) Set(s string) error {
	v, err := ParseHost(s)
	if err != nil {
		return err
	}
	*h = v
	return nil
}

// Type names the flag's kind in help text.
func (h *Host) Type() string { return "profile" }

// Precompressed reports whether the profile writes the precompressed sidecars (Codings).
func (h Host) Precompressed() bool { return h != HostPages }

// Files of a static host's build that the host reads instead of serving, in the syntax Netlify documents
// and Cloudflare Pages follows.
const (
	HeadersFile   = "_headers"   // headers by URL pattern
	RedirectsFile = "_redirects" // redirects, and rewrites (status 200) to the edge
)

// edgeFile is a kind of file a static host's build leaves to the edge: the files of Dir (not below it)
// whose names end in Ext.
type edgeFile struct{ Dir, Ext string }

// leftToEdge are the files HostPages leaves out, two per icon (about 10,000 of the full build's 28,000
// files): what is left fits Cloudflare Pages' 20,000 files a site. The records and the dotLottie files
// are the two kinds the edge answers at the same path anyway (a record by its file name too); the
// website asks the edge for a record first (getRecord in static/site.js), icon pages carry their own
// record's facts, and the rest of public/ is kept on the host, where it is served fastest.
var leftToEdge = []edgeFile{
	{path.Dir(RecordFile("x")) + "/", path.Ext(RecordFile("x"))},
	{path.Dir(DotLottieFile("x")) + "/", path.Ext(DotLottieFile("x"))},
}

// LeftToEdge reports whether a static host's build (HostPages) leaves out the file at rel, a slash path
// under public/, for the edge to answer.
func LeftToEdge(rel string) bool {
	for _, f := range leftToEdge {
		if name, ok := strings.CutPrefix(rel, f.Dir); ok && !strings.Contains(name, "/") && path.Ext(name) == f.Ext {
			return true
		}
	}
	return false
}

// EdgeFileDirs are the URL paths of the directories whose missing files a static host asks the edge for:
// the directories of the files LeftToEdge names.
func EdgeFileDirs() []string {
	dirs := make([]string, len(leftToEdge))
	for i, f := range leftToEdge {
		dirs[i] = "/" + f.Dir
	}
	return dirs
}
