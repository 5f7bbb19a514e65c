package e2e

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// snippetsDir is the players from npm that the records' web snippets call (test/snippets, make snippets-deps).
const snippetsDir = "../../test/snippets/node_modules"

// snippetsAvailable reports whether test/snippets' packages are installed, and logs lottie-web's version;
// without them the test is skipped, except in CI (env CI set), where it must run.
func snippetsAvailable(t *testing.T) {
	t.Helper()
	var pkg struct{ Version string }
	b, err := os.ReadFile(filepath.Join(snippetsDir, "lottie-web", "package.json"))
	if err == nil {
		err = json.Unmarshal(b, &pkg)
	}
	if err != nil {
		msg := "lottie-web (npm) is not installed in test/snippets: run `make snippets-deps`"
		if os.Getenv("CI") != "" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	t.Logf("lottie-web %s", pkg.Version)
}

// TestSnippetJavaScriptPlaysOnAnotherSite runs bell's JavaScript snippet from its record, as it is, in a
// module on another site, its `import lottie from "lottie-web"` resolved by an import map to lottie-web
// from npm, in a span inside a link, as its comment shows: the icon draws from the library's file, plays
// its entrance on load and stops at the entrance's last frame, and plays the hover when the pointer
// enters the link.
func TestSnippetJavaScriptPlaysOnAnotherSite(t *testing.T) {
	snippetsAvailable(t)
	lib := fullLibrary(t)
	ic := readRecord(t, lib.Public, "bell")
	code := ic.Code.JavaScript
	if !strings.Contains(code, `import lottie from "lottie-web";`) || !strings.Contains(code, `getElementById("bell-icon")`) {
		t.Fatalf("bell's JavaScript snippet no longer imports lottie-web or finds #bell-icon:\n%s", code)
	}
	mux := http.NewServeMux()
	mux.Handle("/npm/", http.StripPrefix("/npm/", http.FileServer(http.Dir(snippetsDir))))
	mux.HandleFunc("/{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		// The probe imports the same lottie-web to watch the animation the snippet made.
		fmt.Fprintf(w, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>snippet</title><link rel="icon" href="data:,">
<script type="importmap">{"imports": {"lottie-web": "/npm/lottie-web/build/player/esm/lottie.min.js"}}</script></head>
<body><p><a id="link" href="#alerts"><span id="bell-icon" role="img" aria-label="Bell" style="display:inline-block;width:48px;height:48px"></span> Alerts</a></p>
<script type="module">%s</script>
<script type="module">import lottie from "lottie-web"; window.snippetIcon = () => lottie.getRegisteredAnimations()[0];</script>
</body></html>`, code)
	})
	site := httptest.NewServer(mux)
	t.Cleanup(site.Close)

	ctx, problems := openTab(t, newBrowser(t), tabOptions{})
	navigate(t, ctx, site.URL+"/")
	// frame is the frame of the file the animation shows; done, whether its segment played to the end.
	const state = `(() => { const a = window.snippetIcon && window.snippetIcon(); return a && a.isLoaded ?
	  { frame: a.firstFrame + a.currentFrame, paused: a.isPaused, paths: document.querySelectorAll("#bell-icon svg path").length } : null; })()`
	settled := func(what string, end int) {
		t.Helper()
		waitJS(t, ctx, what, fmt.Sprintf(`(() => { const s = %s; return !!s && s.paused && s.paths > 0 && Math.abs(s.frame - %d) <= 1; })()`, state, end))
	}
	_, inEnd := stateFrames(t, ic, "in")
	hoverStart, hoverEnd := stateFrames(t, ic, "hover")
	if hoverStart <= inEnd {
		t.Fatalf("bell's hover (from %d) does not follow its entrance (to %d): the frames cannot tell them apart", hoverStart, inEnd)
	}
	settled("the entrance played to its last frame", inEnd)
	hoverAt(t, ctx, `document.getElementById("link")`)
	waitJS(t, ctx, "the hover playing", fmt.Sprintf(`(() => { const s = %s; return !s.paused && s.frame >= %d && s.frame <= %d; })()`, state, hoverStart, hoverEnd))
	settled("the hover played to its last frame", hoverEnd)
	problems.check(t)
}
