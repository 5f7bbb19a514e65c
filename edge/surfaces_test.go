package edge_test

import (
	"context"
	"encoding/json"
	"errors"
	"html"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/mark3labs/mcp-go/mcp"

	"github.com/iconlib/iconlib/edge/library"
)

// searchSurface is one surface's icon search, seen from a real client: search answers "" when the
// search ran, or the message it was refused with.
type searchSurface struct {
	name   string
	bounds library.Bounds
	// limits tells whether the surface takes a limit (the home page shows one grid).
	limits bool
	search func(t *testing.T, text, category string, limit *int) string
	// unknownIcon answers a request for an icon id no icon has: the ids of the icons it suggests.
	unknownIcon func(t *testing.T, id string) []string
}

// badSearch is a search every surface refuses.
type badSearch struct {
	name, text, category string
	limit                *int
}

// TestEverySurfaceHoldsSearchesToOneTable: REST, MCP, A2A and the home page take a query up to the same
// length, refuse the next character, an unknown category and a limit out of their bounds with the
// library's one message (library.Check), and answer an unknown icon id with the library's suggestions.
func TestEverySurfaceHoldsSearchesToOneTable(t *testing.T) {
	e := newEdge(t)
	lib, err := library.Load(e.public)
	if err != nil {
		t.Fatal(err)
	}
	refusal := func(q library.Query, b library.Bounds) string {
		t.Helper()
		_, err := lib.Check(q, b)
		var invalid *library.InvalidError
		if !errors.As(err, &invalid) {
			t.Fatalf("the library accepts %+v: %v", q, err)
		}
		return invalid.Message
	}
	intp := func(n int) *int { return &n }
	for _, s := range []searchSurface{restSurface(e), mcpSurface(t, e), a2aSurface(t, e), homeSurface(e)} {
		t.Run(s.name, func(t *testing.T) {
			longest := strings.Repeat("é", s.bounds.QueryMaxRunes)
			if got := s.search(t, longest, "", nil); got != "" {
				t.Errorf("a query of %d characters is refused: %s", s.bounds.QueryMaxRunes, got)
			}
			cases := []badSearch{
				{"query too long", longest + "é", "", nil},
				{"unknown category", "arrow", "nope", nil},
			}
			if s.limits {
				if got := s.search(t, "arrow", "", intp(s.bounds.LimitMax)); got != "" {
					t.Errorf("limit %d is refused: %s", s.bounds.LimitMax, got)
				}
				cases = append(cases, badSearch{"limit above the bound", "arrow", "", intp(s.bounds.LimitMax + 1)},
					badSearch{"limit zero", "arrow", "", intp(0)})
			}
			for _, c := range cases {
				want := refusal(library.Query{Text: c.text, Category: c.category, Limit: c.limit}, s.bounds)
				if got := s.search(t, c.text, c.category, c.limit); !strings.Contains(got, want) {
					t.Errorf("%s: refused with %q, want the library's %q", c.name, got, want)
				}
			}
			want := lib.Suggest("left-arrow").Suggestions
			if len(want) == 0 {
				t.Fatal("the library suggests nothing for left-arrow")
			}
			if got := s.unknownIcon(t, "left-arrow"); len(got) == 0 || got[0] != want[0].ID {
				t.Errorf("an unknown id suggests %v, want %s first", got, want[0].ID)
			}
		})
	}
}

func restSurface(e *testEdge) searchSurface {
	return searchSurface{name: "REST", bounds: library.RESTIcons, limits: true,
		search: func(t *testing.T, text, category string, limit *int) string {
			v := url.Values{"q": {text}}
			if category != "" {
				v.Set("category", category)
			}
			if limit != nil {
				v.Set("limit", strconv.Itoa(*limit))
			}
			res, body := e.do(t, http.MethodGet, "/api/v1/icons?"+v.Encode(), nil)
			return restRefusal(t, res, body, http.StatusBadRequest)
		},
		unknownIcon: func(t *testing.T, id string) []string {
			res, body := e.do(t, http.MethodGet, "/api/v1/icons/"+id, nil)
			return didYouMean(restRefusal(t, res, body, http.StatusNotFound))
		},
	}
}

// restRefusal is the message of a REST error with the status refused, or "" for a 200.
func restRefusal(t *testing.T, res *http.Response, body string, refused int) string {
	t.Helper()
	if res.StatusCode == http.StatusOK {
		return ""
	}
	var eb struct {
		Error struct{ Code, Message string }
	}
	if res.StatusCode != refused || json.Unmarshal([]byte(body), &eb) != nil {
		t.Fatalf("status %d, want 200 or %d with the error envelope: %.300s", res.StatusCode, refused, body)
	}
	return eb.Error.Message
}

// didYouMean reads the ids of "Did you mean a, b, c?" in an error message.
func didYouMean(msg string) []string {
	_, ids, ok := strings.Cut(msg, "Did you mean ")
	if !ok {
		return nil
	}
	ids, _, _ = strings.Cut(ids, "?")
	return strings.Split(ids, ", ")
}

func mcpSurface(t *testing.T, e *testEdge) searchSurface {
	ctx := context.Background()
	c, _ := e.mcpClient(t, "/mcp", mcp.LATEST_PROTOCOL_VERSION)
	call := func(t *testing.T, tool string, args map[string]any) string {
		req := mcp.CallToolRequest{}
		req.Params.Name, req.Params.Arguments = tool, args
		res, err := c.CallTool(ctx, req)
		if err != nil || len(res.Content) == 0 {
			t.Fatalf("%s %v: %v %+v", tool, args, err, res)
		}
		if !res.IsError {
			return ""
		}
		return res.Content[0].(mcp.TextContent).Text
	}
	return searchSurface{name: "MCP", bounds: library.AgentIcons, limits: true,
		search: func(t *testing.T, text, category string, limit *int) string {
			args := map[string]any{"query": text}
			if category != "" {
				args["category"] = category
			}
			if limit != nil {
				args["limit"] = *limit
			}
			return call(t, "search_icons", args)
		},
		unknownIcon: func(t *testing.T, id string) []string {
			return didYouMean(call(t, "get_icon", map[string]any{"id": id}))
		},
	}
}

func a2aSurface(t *testing.T, e *testEdge) searchSurface {
	ctx, c := context.Background(), e.a2aClient(t)
	send := func(t *testing.T, data map[string]any) (map[string]any, error) {
		res, err := c.SendMessage(ctx, &a2a.SendMessageRequest{
			Message: a2a.NewMessage(a2a.MessageRoleUser, a2a.NewDataPart(data))})
		if err != nil {
			return nil, err
		}
		msg, ok := res.(*a2a.Message)
		if !ok {
			t.Fatalf("reply %#v, want a message", res)
		}
		for _, p := range msg.Parts {
			if d, ok := p.Content.(a2a.Data); ok {
				return d.Value.(map[string]any), nil
			}
		}
		t.Fatalf("reply without a data part: %#v", msg)
		return nil, nil
	}
	return searchSurface{name: "A2A", bounds: library.AgentIcons, limits: true,
		search: func(t *testing.T, text, category string, limit *int) string {
			data := map[string]any{"skill": "find-icons", "query": text}
			if category != "" {
				data["category"] = category
			}
			if limit != nil {
				data["limit"] = *limit
			}
			_, err := send(t, data)
			if err != nil && !errors.Is(err, a2a.ErrInvalidParams) {
				t.Fatalf("find-icons %v: %v, want an answer or invalid params", data, err)
			}
			if err != nil {
				return err.Error()
			}
			return ""
		},
		unknownIcon: func(t *testing.T, id string) []string {
			data, err := send(t, map[string]any{"skill": "icon-details", "id": id})
			if err != nil {
				t.Fatal(err)
			}
			suggestions, _ := data["suggestions"].([]any)
			var ids []string
			for _, s := range suggestions {
				ids = append(ids, s.(map[string]any)["id"].(string))
			}
			return ids
		},
	}
}

func homeSurface(e *testEdge) searchSurface {
	browser := map[string]string{"Accept": "text/html"}
	return searchSurface{name: "home page", bounds: library.HomeIcons,
		search: func(t *testing.T, text, category string, _ *int) string {
			v := url.Values{"q": {text}, "category": {category}}
			res, body := e.do(t, http.MethodGet, "/?"+v.Encode(), browser)
			switch res.StatusCode {
			case http.StatusOK:
				return ""
			case http.StatusBadRequest:
				return html.UnescapeString(body)
			}
			t.Fatalf("status %d, want 200 or 400", res.StatusCode)
			return ""
		},
		unknownIcon: func(t *testing.T, id string) []string {
			res, body := e.do(t, http.MethodGet, "/icons/"+id+"/", browser)
			if res.StatusCode != http.StatusNotFound {
				t.Fatalf("status %d, want 404", res.StatusCode)
			}
			var ids []string
			for _, part := range strings.Split(body, `href="/icons/`)[1:] {
				id, _, _ := strings.Cut(part, "/")
				ids = append(ids, id)
			}
			return ids
		},
	}
}
