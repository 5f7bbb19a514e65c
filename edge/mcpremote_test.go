package edge_test

import (
	"context"
	"encoding/base64"
	"io"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/iconlib/iconlib/edge/internal/credential"
	"github.com/iconlib/iconlib/internal/contract"
)

// mcpRemote runs mcp-remote, the stdio bridge desktop agents use to reach remote MCP servers, against the
// icons server with the token a guide tells people to put in a static header (issue 55): valid, it
// initializes; expired or altered, the server's 401 sends the MCP SDK's OAuth flow to the authorization
// server's metadata, which it used to fail to parse ("Fatal error: ZodError"). Now the flow ends at the
// client registration endpoint, whose refusal mcp-remote reports, saying to drop the header or get a new
// token.
func mcpRemote(t *testing.T, url, keyFile string) {
	valid := accessToken(t, url)
	for _, tc := range []struct {
		name, token string
	}{{"valid", valid}, {"expired", expiredToken(t, url, keyFile)}, {"altered", alteredToken(t, valid)}} {
		out := runMCPRemote(t, url, tc.token)
		switch {
		case strings.Contains(out, "ZodError") || strings.Contains(out, "TypeError"):
			t.Errorf("%s token: mcp-remote crashed:\n%s", tc.name, out)
		case tc.name == "valid" && !strings.Contains(out, `"serverInfo"`):
			t.Errorf("valid token: no initialize result from mcp-remote:\n%s", out)
		case tc.name != "valid" && !strings.Contains(out, "Remove the Authorization header to go on anonymously"):
			t.Errorf("%s token: mcp-remote does not say what to do:\n%s", tc.name, out)
		}
	}
}

// runMCPRemote sends initialize through mcp-remote to url's icons server with Authorization: Bearer token,
// and returns what mcp-remote wrote (its answer on stdout, its log and errors on stderr) once it has
// answered or failed, or after 40 s.
func runMCPRemote(t *testing.T, url, token string) string {
	node, proxy := nodeTool(t, "node_modules/mcp-remote/dist/proxy.js")
	ctx, cancel := context.WithTimeout(context.Background(), 40*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, proxy, url+contract.MCPIconsPath, "--allow-http", "--transport", "http-only",
		"--header", "Authorization:Bearer "+token)
	cmd.Env = append(cmd.Environ(), "HOME="+t.TempDir(), "BROWSER=true") // its OAuth state; never a browser
	var out lockedBuffer
	cmd.Stdout, cmd.Stderr = &out, &out
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	io.WriteString(stdin, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18",`+
		`"capabilities":{},"clientInfo":{"name":"test","version":"1"}}}`+"\n")
	for ctx.Err() == nil && !strings.Contains(out.String(), `"serverInfo"`) && !strings.Contains(out.String(), "Fatal error") {
		time.Sleep(50 * time.Millisecond)
	}
	stdin.Close() // it exits when its input ends
	cmd.WaitDelay = 2 * time.Second
	_ = cmd.Wait()
	return out.String()
}

// expiredToken is an access token of the edge at url, signed with its key, that expired an hour ago.
func expiredToken(t *testing.T, url, keyFile string) string {
	t.Helper()
	keys, err := credential.OpenKeyFile(keyFile)
	if err != nil {
		t.Fatal(err)
	}
	past := func() time.Time { return time.Now().Add(-2 * time.Hour) }
	a, err := credential.NewAuthority(contract.MustParseBaseURL(url), keys, past)
	if err != nil {
		t.Fatal(err)
	}
	tok, err := a.Issue(credential.Access, "reg_expired")
	if err != nil {
		t.Fatal(err)
	}
	return tok.Raw
}

// alteredToken is token with one bit of its signature flipped: ours by its header, but not signed by us.
func alteredToken(t *testing.T, token string) string {
	t.Helper()
	dot := strings.LastIndexByte(token, '.')
	sig, err := base64.RawURLEncoding.DecodeString(token[dot+1:])
	if err != nil || len(sig) == 0 {
		t.Fatalf("the token's signature: %v", err)
	}
	sig[0] ^= 1
	return token[:dot+1] + base64.RawURLEncoding.EncodeToString(sig)
}
