package edge_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// TestOpenAPIDocumentIsSound: the document parses, every $ref resolves, and its schemas compile.
func TestOpenAPIDocumentIsSound(t *testing.T) {
	e := newEdge(t)
	if err := e.spec.Verify(); err != nil {
		t.Error(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(mustGet(t, e, "/openapi.json"), &doc); err != nil || doc["servers"] == nil {
		t.Errorf("openapi.json is not served as JSON: %v", err)
	}
}

// TestOpenAPICheckRejectsMismatches: the checker itself fails on bodies and statuses the document does not allow.
func TestOpenAPICheckRejectsMismatches(t *testing.T) {
	e := newEdge(t)
	bad := []struct {
		path   string
		status int
		body   string
	}{
		{"/api/v1/icons/x", 200, `{"id":"x"}`},
		{"/api/v1/icons/x", 418, `{}`},
		{"/api/v1/categories", 200, `{"items":[{"id":"a","name":"A","count":"3"}],"total":1}`},
		{"/api/v1/icons", 400, `{"error":{"code":"nope","message":"x"}}`},
		{"/api/v1/search", 200, `{"query":"x","items":[],"total":0,"extra":1}`},
		{"/catalog.json", 200, `{"name":"iconlib","icons":[]}`}, // catalog.schema.json, through the document's link
	}
	for _, b := range bad {
		if err := e.spec.Check(http.MethodGet, b.path, b.status, http.Header{"Content-Type": {"application/json"}}, []byte(b.body)); err == nil {
			t.Errorf("%s %d %s passed the check", b.path, b.status, b.body)
		}
	}
}

// TestOpenAPIStatesTheBoundsTheEdgeEnforces: the q, limit and offset bounds that openapi.json states are
// the ones the edge enforces: at the bound a request is answered, one past it is a 400.
func TestOpenAPIStatesTheBoundsTheEdgeEnforces(t *testing.T) {
	e := newEdge(t)
	var doc struct {
		Components struct {
			Parameters map[string]struct {
				Schema struct {
					MaxLength, Maximum, Default *int
				}
			}
		}
	}
	if err := json.Unmarshal(mustGet(t, e, "/openapi.json"), &doc); err != nil {
		t.Fatal(err)
	}
	params := doc.Components.Parameters
	if params["q"].Schema.MaxLength == nil || params["limit"].Schema.Maximum == nil ||
		params["limit"].Schema.Default == nil || params["offset"].Schema.Maximum == nil {
		t.Fatalf("openapi.json states no bounds for q, limit and offset: %+v", params)
	}
	maxQ, maxLimit, maxOffset := *params["q"].Schema.MaxLength, *params["limit"].Schema.Maximum, *params["offset"].Schema.Maximum
	for _, c := range []struct {
		path string
		want int
	}{
		{"/api/v1/search?q=" + strings.Repeat("é", maxQ), http.StatusOK},
		{"/api/v1/search?q=" + strings.Repeat("é", maxQ+1), http.StatusBadRequest},
		{fmt.Sprintf("/api/v1/icons?limit=%d", maxLimit), http.StatusOK},
		{fmt.Sprintf("/api/v1/icons?limit=%d", maxLimit+1), http.StatusBadRequest},
		{fmt.Sprintf("/api/v1/icons?offset=%d", maxOffset), http.StatusOK},
		{fmt.Sprintf("/api/v1/icons?offset=%d", maxOffset+1), http.StatusBadRequest},
	} {
		if res, body := e.do(t, http.MethodGet, c.path, nil); res.StatusCode != c.want {
			t.Errorf("%.60s: %d, want %d: %.200s", c.path, res.StatusCode, c.want, body)
		}
	}
	var page struct{ Limit int }
	if err := json.Unmarshal(mustGet(t, e, "/api/v1/icons"), &page); err != nil || page.Limit != *params["limit"].Schema.Default {
		t.Errorf("a listing without limit has limit %d, openapi.json says the default is %d (%v)", page.Limit, *params["limit"].Schema.Default, err)
	}
}

// TestEveryOperationIsDescribed: every operation, the deprecated ones included, has a summary and a
// description (Redocly's recommended-strict rules require the description).
func TestEveryOperationIsDescribed(t *testing.T) {
	e := newEdge(t)
	var doc struct {
		Paths      map[string]map[string]json.RawMessage
		Components struct {
			PathItems map[string]map[string]json.RawMessage
		}
	}
	if err := json.Unmarshal(mustGet(t, e, "/openapi.json"), &doc); err != nil {
		t.Fatal(err)
	}
	items := map[string]map[string]json.RawMessage{}
	for p, item := range doc.Paths {
		items["paths "+p] = item
	}
	for name, item := range doc.Components.PathItems {
		items["pathItems "+name] = item
	}
	operations := 0
	for where, item := range items {
		for method, raw := range item {
			var op struct{ OperationID, Summary, Description string }
			if method == "$ref" || method == "parameters" || json.Unmarshal(raw, &op) != nil || op.OperationID == "" {
				continue
			}
			operations++
			if op.Summary == "" || len(op.Description) < 20 {
				t.Errorf("%s %s (%s): summary %q, description %q", where, method, op.OperationID, op.Summary, op.Description)
			}
		}
	}
	if operations < 8 {
		t.Errorf("found %d operations; want the REST API's and the deprecated ones", operations)
	}
}
