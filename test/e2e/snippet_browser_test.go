package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/iconlib/iconlib/internal/catalog"
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

	playsEntranceThenHover(t, site.URL+"/", ic)
}

// TestSnippetReactPlaysOnAnotherSite bundles bell's React snippet from its record, as it is, with esbuild
// (pinned in test/snippets) and a few lines that render its component in a link with react-dom, and
// checks that it plays as the JavaScript one does: the entrance on load, the hover when the pointer enters.
func TestSnippetReactPlaysOnAnotherSite(t *testing.T) {
	snippetsAvailable(t)
	lib := fullLibrary(t)
	ic := readRecord(t, lib.Public, "bell")
	component := regexp.MustCompile(`export function (\w+)\(`).FindStringSubmatch(ic.Code.React)
	if component == nil {
		t.Fatalf("bell's React snippet exports no function component:\n%s", ic.Code.React)
	}
	app := ic.Code.React + `
import { createRoot } from "react-dom/client";
import lottie from "lottie-web";
window.snippetIcon = () => lottie.getRegisteredAnimations()[0];
createRoot(document.getElementById("root")).render(<a id="link" href="#alerts"><` + component[1] + ` /> Alerts</a>);
`
	esbuild := exec.Command(filepath.Join(snippetsDir, ".bin", "esbuild"), "--bundle", "--format=esm", "--loader=jsx", "--jsx=automatic",
		`--define:process.env.NODE_ENV="production"`, "--log-level=warning")
	esbuild.Dir = filepath.Dir(snippetsDir) // where the stdin's imports resolve
	esbuild.Stdin = strings.NewReader(app)
	var stderr bytes.Buffer
	esbuild.Stderr = &stderr
	bundle, err := esbuild.Output()
	if err != nil || stderr.Len() > 0 {
		t.Fatalf("esbuild bundling bell's React snippet: %v\n%s", err, stderr.String())
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/app.js", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/javascript")
		w.Write(bundle)
	})
	mux.HandleFunc("/{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>snippet</title><link rel="icon" href="data:,"></head>
<body><p id="root"></p><script type="module" src="/app.js"></script></body></html>`)
	})
	site := httptest.NewServer(mux)
	t.Cleanup(site.Close)
	playsEntranceThenHover(t, site.URL+"/", ic)
}

// playsEntranceThenHover opens page, where a snippet shows ic in the link #link and window.snippetIcon()
// answers its lottie-web animation, and checks that it plays its entrance on load to the last frame, then
// its hover when the pointer enters the icon in the link, with nothing logged on the page.
func playsEntranceThenHover(t *testing.T, page string, ic catalog.Icon) {
	t.Helper()
	ctx, problems := openTab(t, newBrowser(t), tabOptions{})
	navigate(t, ctx, page)
	// frame is the frame of the file the animation shows; paths, how many the icon draws.
	const state = `(() => { const a = window.snippetIcon && window.snippetIcon(); return a && a.isLoaded ?
	  { frame: a.firstFrame + a.currentFrame, paused: a.isPaused, paths: document.querySelectorAll("#link svg path").length } : null; })()`
	settled := func(what string, end int) {
		t.Helper()
		waitJS(t, ctx, what, fmt.Sprintf(`(() => { const s = %s; return !!s && s.paused && s.paths > 0 && Math.abs(s.frame - %d) <= 1; })()`, state, end))
	}
	_, inEnd := stateFrames(t, ic, "in")
	hoverStart, hoverEnd := stateFrames(t, ic, "hover")
	if hoverStart <= inEnd {
		t.Fatalf("%s's hover (from %d) does not follow its entrance (to %d): the frames cannot tell them apart", ic.ID, hoverStart, inEnd)
	}
	settled("the entrance played to its last frame", inEnd)
	hoverAt(t, ctx, `document.querySelector("#link svg")`)
	waitJS(t, ctx, "the hover playing", fmt.Sprintf(`(() => { const s = %s; return !s.paused && s.frame >= %d && s.frame <= %d; })()`, state, hoverStart, hoverEnd))
	settled("the hover played to its last frame", hoverEnd)
	problems.check(t)
}
