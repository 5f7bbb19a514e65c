package e2e

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/iconlib/iconlib/build"
	"github.com/iconlib/iconlib/internal/catalog"
)

// TestTheRecordsHTMLSnippetPlaysTheIcon: a record's HTML snippet, pasted as it is into a page of another
// site, shows the icon and plays what the snippet chose: the default snippet (in) the hover on hover, a
// loop state's snippet its loop at once, a morph's snippet the toggle on a click.
func TestTheRecordsHTMLSnippetPlaysTheIcon(t *testing.T) {
	browser := newBrowser(t)
	lib := fullLibrary(t)
	bell, lock := readRecord(t, lib.Public, "bell"), readRecord(t, lib.Public, "lock")
	cases := []struct {
		name, html, interact, want string
	}{
		{"bell", bell.Code.HTML, "hover", `$("icon").getAttribute("playing") === "hover"`},
		{"bell loop", codeFor(t, bell, "loop").HTML, "", `$("icon").getAttribute("playing") === "loop"`},
		{"lock morph", codeFor(t, lock, "morph-lock-open").HTML, "click", `events.some((e) => e.type === "toggle") && $("icon").pressed`},
	}
	pages := http.NewServeMux()
	for i, c := range cases {
		if !strings.HasPrefix(c.html, "<!-- ") || strings.Count(c.html, "\n") > 3 {
			t.Errorf("%s: the snippet is not a licence comment, a script and an element:\n%s", c.name, c.html)
		}
		pages.HandleFunc(fmt.Sprintf("/%d", i), func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprintf(w, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>snippet</title><link rel="icon" href="data:,">%s</head><body>%s<script>document.querySelector("iconlib-icon").id = "icon";</script></body></html>`,
				elementRecorder, c.html)
		})
	}
	site := httptest.NewServer(pages)
	t.Cleanup(site.Close)
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ctx, problems := openTab(t, browser, tabOptions{})
			navigate(t, ctx, fmt.Sprintf("%s/%d", site.URL, i))
			waitJS(t, ctx, "the icon ready", `ready("icon")`)
			switch c.interact {
			case "hover":
				hoverAt(t, ctx, `$("icon")`)
			case "click":
				js[bool](t, ctx, `($("icon").click(), true)`)
			}
			waitJS(t, ctx, c.want, c.want)
			problems.check(t)
		})
	}
}

// codeFor is an icon's snippets playing a state of its outline file, as the icon page offers them.
func codeFor(t *testing.T, ic catalog.Icon, state string) catalog.Code {
	t.Helper()
	p, err := build.PlayFor(ic, "outline", state)
	if err != nil {
		t.Fatal(err)
	}
	c, err := build.Code(ic, p)
	if err != nil {
		t.Fatal(err)
	}
	return c
}
