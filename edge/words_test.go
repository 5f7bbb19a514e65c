package edge_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/iconlib/iconlib/templates"
)

// TestThePitchIsTheTemplates: what iconlib is, and the platforms it serves, are written once, in
// templates/words.tmpl. llms.txt (the build's), the icons MCP server's instructions and the A2A agent card
// (the edge's, from about.json) all say exactly what it renders; the guides server names the platforms in
// its words.
func TestThePitchIsTheTemplates(t *testing.T) {
	words, err := templates.ParseText()
	if err != nil {
		t.Fatal(err)
	}
	say := func(name string) string {
		var b strings.Builder
		if err := words.ExecuteTemplate(&b, name, map[string]any{"Count": 4}); err != nil { // the fixture's 4 icons
			t.Fatal(err)
		}
		return b.String()
	}
	summary, onPlatforms := say("summary"), say("on platforms")
	if !strings.HasPrefix(summary, "iconlib is a free, read-only library of 4 animated icons") {
		t.Fatalf("the summary renders as %q", summary)
	}
	e := newEdge(t)

	if llms := string(mustGet(t, e, "/llms.txt")); !strings.Contains(llms, "\n> "+summary+" ") {
		t.Errorf("llms.txt does not hold the summary %q:\n%s", summary, llms)
	}
	var card struct{ Description string }
	if err := json.Unmarshal(mustGet(t, e, "/.well-known/agent-card.json"), &card); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(card.Description, summary+" ") {
		t.Errorf("the agent card's description does not start with the summary:\n%s", card.Description)
	}
	for path, want := range map[string]string{"/mcp": summary + " ", "/mcp/docs": onPlatforms} {
		if _, res := e.mcpClient(t, path, "2025-06-18"); !strings.Contains(res.Instructions, want) {
			t.Errorf("%s instructions lack %q:\n%s", path, want, res.Instructions)
		}
	}
}
