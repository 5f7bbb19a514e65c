package edge_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/iconlib/iconlib/internal/contract"
)

// inspectorCLI runs the MCP Inspector's CLI (--cli), the tool people script to try an MCP server, against
// the icons server over Streamable HTTP: tools/list and a search_icons call with no token and with a
// valid one get their answers; with an expired or an altered token it does not crash but exits with a
// message that says what to do. A person at a terminal lets the Inspector start OAuth, which ends at the
// client registration endpoint's refusal; a CI job (--stored-auth-only) sees the 401's own reason.
func inspectorCLI(t *testing.T, url, keyFile string) {
	valid := accessToken(t, url)
	for _, tc := range []struct{ name, token string }{{"no", ""}, {"valid", valid}} {
		var list struct{ Tools []struct{ Name string } }
		inspectorAnswer(t, tc.name+" token: tools/list", url, tc.token, &list, "--method", "tools/list")
		if !slices.ContainsFunc(list.Tools, func(tool struct{ Name string }) bool { return tool.Name == "search_icons" }) {
			t.Errorf("%s token: tools/list has no search_icons: %+v", tc.name, list.Tools)
		}
		var call struct {
			StructuredContent struct{ Items []struct{ ID string } }
		}
		inspectorAnswer(t, tc.name+" token: search_icons", url, tc.token, &call,
			"--method", "tools/call", "--tool-name", "search_icons", "--tool-arg", "query=arrow", "limit=2")
		if items := call.StructuredContent.Items; len(items) != 2 || !strings.HasPrefix(items[0].ID, "arrow") {
			t.Errorf("%s token: search_icons answered %+v", tc.name, items)
		}
	}
	for _, tc := range []struct{ name, token, reason string }{
		{"expired", expiredToken(t, url, keyFile), "expired"},
		{"altered", alteredToken(t, valid), "altered"},
	} {
		// At a terminal: OAuth discovery, then registration, refused with the way out.
		out, err := runInspector(t, url, tc.token, []string{"MCP_AUTO_OPEN_ENABLED=true"}, "--method", "tools/list")
		inspectorRefusal(t, tc.name+" token at a terminal", out, err, "Remove the Authorization header to go on anonymously")
		// In CI: no OAuth, the 401's JSON-RPC error as the Inspector's message.
		out, err = runInspector(t, url, tc.token, nil, "--stored-auth-only", "--method", "tools/call",
			"--tool-name", "search_icons", "--tool-arg", "query=arrow")
		inspectorRefusal(t, tc.name+" token in CI", out, err, tc.reason)
		if !strings.Contains(out, "send no Authorization header") {
			t.Errorf("%s token in CI: the Inspector does not say what to do:\n%s", tc.name, out)
		}
	}
}

// inspectorAnswer runs the Inspector's CLI with args and decodes its result into answer, failing the
// test when it exits with an error.
func inspectorAnswer(t *testing.T, name, url, token string, answer any, args ...string) {
	t.Helper()
	out, err := runInspector(t, url, token, nil, args...)
	var doc struct{ Result json.RawMessage }
	if err != nil || json.Unmarshal([]byte(lastLine(out)), &doc) != nil || json.Unmarshal(doc.Result, answer) != nil {
		t.Errorf("%s: %v\n%s", name, err, out)
	}
}

// inspectorRefusal checks that the Inspector failed with an error naming want, and did not crash.
func inspectorRefusal(t *testing.T, name, out string, err error, want string) {
	t.Helper()
	var doc struct{ Error struct{ Message string } }
	switch {
	case err == nil:
		t.Errorf("%s: the Inspector succeeded:\n%s", name, out)
	case strings.Contains(out, "TypeError") || strings.Contains(out, "    at "):
		t.Errorf("%s: the Inspector crashed:\n%s", name, out)
	case json.Unmarshal([]byte(lastLine(out)), &doc) != nil || !strings.Contains(doc.Error.Message, want):
		t.Errorf("%s: no error saying %q:\n%s", name, want, out)
	}
}

// runInspector runs the MCP Inspector's CLI against url's icons server, sending Authorization: Bearer
// token when there is one, with env added to its environment, and returns what it wrote (its answer as
// one JSON line on stdout; its notices and errors on stderr, an error as the last line).
func runInspector(t *testing.T, url, token string, env []string, args ...string) (string, error) {
	node, cli := nodeTool(t, "node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js")
	ctx, cancel := context.WithTimeout(context.Background(), 40*time.Second)
	defer cancel()
	args = append([]string{cli, "--cli", url + contract.MCPIconsPath, "--format", "json"}, args...)
	if token != "" {
		args = append(args, "--header", "Authorization: Bearer "+token)
	}
	cmd := exec.CommandContext(ctx, node, args...)
	// Its state under a fresh HOME, secrets in memory, and never a browser.
	cmd.Env = append(cmd.Environ(), append(env, "HOME="+t.TempDir(), "MCP_INSPECTOR_SECRET_STORE=memory", "BROWSER=true")...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	return stderr.String() + stdout.String(), err
}

// lastLine is the last non-empty line of out.
func lastLine(out string) string {
	out = strings.TrimSpace(out)
	return out[strings.LastIndexByte(out, '\n')+1:]
}
