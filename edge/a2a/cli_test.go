package a2a_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/a2aproject/a2a-go/v2/a2a"
)

// cliPackage is the SDK's command-line client, pinned by go.mod's tool directive.
const cliPackage = "github.com/a2aproject/a2a-go/v2/cmd/a2a"

// buildCLI returns the a2a CLI named by $A2A_CLI (make a2a-cli-check builds it), or builds it from the
// module cache alone (GOPROXY=off), as an offline machine would.
func buildCLI(t *testing.T) string {
	t.Helper()
	if bin := os.Getenv("A2A_CLI"); bin != "" {
		return bin
	}
	if testing.Short() {
		t.Skip("builds the a2a CLI")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	bin := filepath.Join(t.TempDir(), "a2a")
	cmd := exec.Command(goTool, "build", "-o", bin, cliPackage)
	cmd.Env = append(os.Environ(), "GOPROXY=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build %s: %v\n%s", cliPackage, err, out)
	}
	return bin
}

func TestCLIDiscoversAndSends(t *testing.T) {
	bin := buildCLI(t)
	s := newAgent(t)
	run := func(args ...string) string {
		t.Helper()
		out, err := exec.Command(bin, args...).CombinedOutput()
		if err != nil {
			t.Fatalf("a2a %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}

	out := run("discover", s.URL)
	for _, want := range []string{"Name:         iconlib", "Version:      1.2.3", "JSONRPC      " + s.URL + "/a2a",
		"Streaming:    false", "find-icons", "icon-details", "search-guides"} {
		if !strings.Contains(out, want) {
			t.Errorf("discover lacks %q:\n%s", want, out)
		}
	}

	var card a2a.AgentCard
	if err := json.Unmarshal([]byte(run("discover", s.URL, "-o", "json")), &card); err != nil || len(card.Skills) != 3 {
		t.Errorf("discover -o json: %v, %d skills", err, len(card.Skills))
	}

	tests := []struct {
		args  []string
		skill string
		want  string
	}{
		{[]string{"an icon for going back"}, "find-icons", "[Arrow Left](https://icons.example/icons/arrow-left/)"},
		{[]string{"How do I install lottie-web?"}, "search-guides", "npm install lottie-web"},
		{[]string{"--parts", `[{"data":{"skill":"icon-details","id":"zigzag"}}]`}, "icon-details", "## Zigzag (`zigzag`)"},
	}
	for _, tc := range tests {
		out := run(append([]string{"send", s.URL, "-o", "json"}, tc.args...)...)
		var msg a2a.Message
		if err := json.Unmarshal([]byte(out), &msg); err != nil || len(msg.Parts) != 2 {
			t.Fatalf("send %q: %v\n%s", tc.args, err, out)
		}
		result, _ := msg.Parts[1].Data().(map[string]any)
		if msg.Role != a2a.MessageRoleAgent || !strings.Contains(msg.Parts[0].Text(), tc.want) || result["skill"] != tc.skill {
			t.Errorf("send %q: role %s, skill %v, Markdown:\n%s", tc.args, msg.Role, result["skill"], msg.Parts[0].Text())
		}
		if got := s.lastMethod(); got != "SendMessage" {
			t.Errorf("the CLI called %q, want SendMessage", got)
		}
	}

	if out := run("send", s.URL, "zigzag"); !strings.HasPrefix(out, "[agent] ## Zigzag") {
		t.Errorf("send in text form:\n%s", out)
	}
}
