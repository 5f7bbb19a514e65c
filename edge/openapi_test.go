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
	}
	for _, b := range bad {
		if err := e.spec.Check(http.MethodGet, b.path, b.status, "application/json", []byte(b.body)); err == nil {
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
