package a2a_test

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/a2aproject/a2a-go/v2/a2a"

	"github.com/iconlib/iconlib/edge/library"
)

// newAgent serves the fixture library with the fake rankers.
func newAgent(t testing.TB) *agentServer {
	t.Helper()
	f := built()
	icons, guides := f.rankers(t)
	return serve(t, f.library(t, icons, guides))
}

func text(s string) *a2a.Part         { return a2a.NewTextPart(s) }
func data(v map[string]any) *a2a.Part { return a2a.NewDataPart(v) }

// send sends one user message and returns the agent's reply: its Markdown and its data.
func send(t *testing.T, d dialect, parts ...*a2a.Part) (markdown string, result map[string]any) {
	t.Helper()
	res, err := d.client.SendMessage(context.Background(), &a2a.SendMessageRequest{
		Message: a2a.NewMessage(a2a.MessageRoleUser, parts...)})
	if err != nil {
		t.Fatalf("%s: SendMessage: %v", d.name, err)
	}
	msg, ok := res.(*a2a.Message)
	if !ok {
		t.Fatalf("%s: result is a %T, want a Message", d.name, res)
	}
	if msg.Role != a2a.MessageRoleAgent || msg.TaskID != "" || len(msg.Parts) != 2 {
		t.Fatalf("%s: reply role %q, task %q, %d parts; want an agent message of 2 parts, no task",
			d.name, msg.Role, msg.TaskID, len(msg.Parts))
	}
	markdown = msg.Parts[0].Text()
	result, ok = msg.Parts[1].Data().(map[string]any)
	if markdown == "" || !ok {
		t.Fatalf("%s: parts are %#v and %#v; want Markdown text, then a JSON object", d.name, msg.Parts[0], msg.Parts[1])
	}
	return markdown, result
}

// field walks a decoded JSON value: field(v, "items", 0, "id").
func field(v any, path ...any) any {
	for _, p := range path {
		switch k := p.(type) {
		case string:
			m, _ := v.(map[string]any)
			v = m[k]
		case int:
			a, _ := v.([]any)
			if k >= len(a) {
				return nil
			}
			v = a[k]
		}
	}
	return v
}

func TestSkillsInBothDialects(t *testing.T) {
	s := newAgent(t)
	tests := []struct {
		name     string
		parts    []*a2a.Part
		skill    string
		markdown []string       // in the text part
		data     map[string]any // path "a.b.0.c" → value in the data part
	}{
		{
			name: "find-icons from plain language", parts: []*a2a.Part{text("an icon for going back")},
			skill:    "find-icons",
			markdown: []string{"**1 icon for “an icon for going back”**", "[Arrow Left](https://icons.example/icons/arrow-left/)", "`arrow-left`, file https://icons.example/assets/arrow-left.json"},
			data: map[string]any{"query": "an icon for going back", "limit": 10.0, "total": 1.0, "items.0.id": "arrow-left",
				"items.0.page_url": "https://icons.example/icons/arrow-left/", "items.0.file_url": "https://icons.example/assets/arrow-left.json"},
		},
		{
			name:     "find-icons chosen by a data part, with category and limit",
			parts:    []*a2a.Part{data(map[string]any{"skill": "find-icons", "query": "shapes icon", "category": "shapes", "limit": 1})},
			skill:    "find-icons",
			markdown: []string{"in category `shapes`", "Circle Dot"},
			data:     map[string]any{"category": "shapes", "limit": 1.0, "total": 1.0, "items.0.id": "circle-dot", "items.0.category": "shapes"},
		},
		{
			name: "find-icons with no match", parts: []*a2a.Part{text("volcano")}, skill: "find-icons",
			markdown: []string{"No icon matches “volcano”"}, data: map[string]any{"total": 0.0},
		},
		{
			name: "icon-details from text that is an id", parts: []*a2a.Part{text(" `Zigzag` ")}, skill: "icon-details",
			markdown: []string{"## Zigzag (`zigzag`)", "- sha256: `", "npm install lottie-web", "```javascript\n", "```swift\n", "```kotlin\n", "#### React (lottie-react)",
				"- Licence: MIT License (`MIT`, https://icons.example/license/): ", "Ship the notices with the files: https://icons.example/LICENSE.txt"},
			data: map[string]any{"id": "zigzag", "found": true, "icon.id": "zigzag", "icon.file_url": "https://icons.example/assets/zigzag.json",
				"icon.install.react": "npm install lottie-react", "icon.license.spdx": "MIT", "icon.license.text_url": "https://icons.example/LICENSE.txt"},
		},
		{
			name: "icon-details from a data part with an id", parts: []*a2a.Part{data(map[string]any{"id": "circle-dot"})},
			skill: "icon-details",
			markdown: []string{"## Circle Dot", "- Styles: outline", "### Files", "| `outline` | https://icons.example/assets/circle-dot.json | ",
				"### Motions", "- `draw`: Strokes draw on", "- `pop` (signature): ", "### States", "| `hover-draw` | ", " | `draw` | outline | "},
			data: map[string]any{"found": true, "icon.category": "shapes", "icon.styles.0": "outline",
				"icon.files.0.style": "outline", "icon.files.0.file_url": "https://icons.example/assets/circle-dot.json",
				"icon.motions.1.name": "pop", "icon.motions.1.pivot.0": 12.0, "icon.states.7.name": "hover-draw",
				"icon.states.7.motion": "draw", "icon.states.7.loop": false, "icon.states.1.loop": true},
		},
		{
			name:  "icon-details chosen explicitly, id in the text",
			parts: []*a2a.Part{text("square-rounded"), data(map[string]any{"skill": "icon-details"})},
			skill: "icon-details", markdown: []string{"## Square Rounded"}, data: map[string]any{"id": "square-rounded"},
		},
		{
			name: "icon-details of an unknown id suggests close matches", parts: []*a2a.Part{data(map[string]any{"skill": "icon-details", "id": "arrow"})},
			skill: "icon-details", markdown: []string{"No icon has the id `arrow`. The closest icons:", "`arrow-left`"},
			data: map[string]any{"found": false, "suggestions.0.id": "arrow-left"},
		},
		{
			name: "search-guides from a question about using the service", parts: []*a2a.Part{text("How do I install lottie-web?")},
			skill: "search-guides", markdown: []string{"### 1. [On the web › Install](https://icons.example/docs/web/#install)", "npm install lottie-web"},
			data: map[string]any{"items.0.slug": "web", "items.0.anchor": "install", "items.0.url": "https://icons.example/docs/web/#install"},
		},
		{
			name:  "search-guides answers with absolute links",
			parts: []*a2a.Part{data(map[string]any{"skill": "search-guides", "query": "start the states with the player", "limit": 1})},
			skill: "search-guides", markdown: []string{"[states](https://icons.example/docs/getting-started/)", "[setup](https://icons.example/docs/web/#install)"},
		},
		{
			name:  "search-guides chosen by a data part",
			parts: []*a2a.Part{data(map[string]any{"skill": "search-guides", "query": "find an icon", "limit": 1})},
			skill: "search-guides", markdown: []string{"Getting started › Find an icon"},
			data: map[string]any{"limit": 1.0, "total": 1.0, "items.0.heading": "Find an icon"},
		},
	}
	for _, d := range s.clients(t) {
		for _, tc := range tests {
			t.Run(d.name+"/"+tc.name, func(t *testing.T) {
				markdown, result := send(t, d, tc.parts...)
				if got := s.lastMethod(); got != d.method {
					t.Errorf("the client called %q, want %q", got, d.method)
				}
				if result["skill"] != tc.skill {
					t.Errorf("skill = %v, want %s", result["skill"], tc.skill)
				}
				for _, want := range tc.markdown {
					if !strings.Contains(markdown, want) {
						t.Errorf("Markdown lacks %q:\n%s", want, markdown)
					}
				}
				for path, want := range tc.data {
					var keys []any
					for _, k := range strings.Split(path, ".") {
						if n, err := strconv.Atoi(k); err == nil {
							keys = append(keys, n)
						} else {
							keys = append(keys, k)
						}
					}
					if got := field(result, keys...); got != want {
						t.Errorf("data %s = %#v, want %#v", path, got, want)
					}
				}
			})
		}
	}
}

func TestMarkdownPartIsLabelled(t *testing.T) {
	s := newAgent(t)
	v1 := s.clients(t)[0]
	res, err := v1.client.SendMessage(context.Background(), &a2a.SendMessageRequest{Message: a2a.NewMessage(a2a.MessageRoleUser, text("zigzag"))})
	if err != nil {
		t.Fatal(err)
	}
	parts := res.(*a2a.Message).Parts
	if parts[0].MediaType != "text/markdown" || parts[1].MediaType != "application/json" {
		t.Errorf("media types %q, %q; want text/markdown, application/json", parts[0].MediaType, parts[1].MediaType)
	}
}

// The wire format of both dialects, as the guide shows it.
func TestWireFormats(t *testing.T) {
	s := newAgent(t)
	v1 := `{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"messageId":"m1","role":"ROLE_USER",` +
		`"parts":[{"text":"an icon for going back"}]}}}`
	v0 := `{"jsonrpc":"2.0","id":"x","method":"message/send","params":{"message":{"kind":"message","messageId":"m2",` +
		`"role":"user","parts":[{"kind":"text","text":"How do I install lottie-web?"}]}}}`
	for _, tc := range []struct{ name, version, body string }{
		{"1.0", "1.0", v1}, {"1.0 without a header", "", v1}, {"0.3", "0.3", v0}, {"0.3 without a header", "", v0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := s.post(t, tc.version, tc.body)
			if res.Error != nil {
				t.Fatalf("error %+v", res.Error)
			}
			var msg struct {
				Kind    string            `json:"kind"`
				Role    string            `json:"role"`
				TaskID  string            `json:"taskId"`
				Parts   []json.RawMessage `json:"parts"`
				Message json.RawMessage   `json:"message"`
			}
			raw := res.Result
			if strings.HasPrefix(tc.name, "1.0") {
				var wrapped struct{ Message json.RawMessage }
				if err := json.Unmarshal(raw, &wrapped); err != nil || wrapped.Message == nil {
					t.Fatalf("result is not {\"message\":…}: %s", raw)
				}
				raw = wrapped.Message
			}
			if err := json.Unmarshal(raw, &msg); err != nil {
				t.Fatal(err)
			}
			wantKind, wantRole, wantParts := "", "ROLE_AGENT", []string{`{"text":`, `{"data":{`}
			if strings.HasPrefix(tc.name, "0.3") {
				wantKind, wantRole, wantParts = "message", "agent", []string{`{"kind":"text"`, `{"kind":"data","data":{`}
			}
			if msg.Kind != wantKind || msg.Role != wantRole || msg.TaskID != "" || len(msg.Parts) != 2 {
				t.Fatalf("kind %q role %q task %q with %d parts; want kind %q role %q, no task, 2 parts: %s",
					msg.Kind, msg.Role, msg.TaskID, len(msg.Parts), wantKind, wantRole, raw)
			}
			for i, want := range wantParts {
				if !strings.HasPrefix(string(msg.Parts[i]), want) {
					t.Errorf("part %d = %s, want it to start %s", i, msg.Parts[i], want)
				}
			}
			if strings.Contains(string(msg.Parts[1]), `"value":`) {
				t.Errorf("data part is wrapped: %s", msg.Parts[1])
			}
		})
	}
}

func TestSearchUnavailable(t *testing.T) {
	f := built()
	for _, tc := range []struct {
		name   string
		ranker library.Ranker
	}{{"no index", nil}, {"failing index", brokenRanker{}}} {
		t.Run(tc.name, func(t *testing.T) {
			s := serve(t, f.library(t, tc.ranker, tc.ranker))
			for _, d := range s.clients(t) {
				markdown, result := send(t, d, text("an icon for going back"))
				if field(result, "error", "code") != "unavailable" || !strings.Contains(markdown, "Icon search is unavailable right now") {
					t.Errorf("%s find-icons: %v\n%s", d.name, result, markdown)
				}
				markdown, result = send(t, d, text("How do I install lottie-web?"))
				if field(result, "error", "code") != "unavailable" || !strings.Contains(markdown, "[On the web](https://icons.example/docs/web/)") {
					t.Errorf("%s search-guides: %v\n%s", d.name, result, markdown)
				}
				markdown, result = send(t, d, text("zigzag"))
				if result["found"] != true || result["error"] != nil || !strings.Contains(markdown, "zigzag") {
					t.Errorf("%s icon-details without search: %v\n%s", d.name, result, markdown)
				}
				markdown, result = send(t, d, data(map[string]any{"id": "nope"}))
				if result["found"] != false || !strings.Contains(markdown, "No icon has the id `nope`. Describe") {
					t.Errorf("%s unknown icon without search: %v\n%s", d.name, result, markdown)
				}
			}
		})
	}
}
