package edge_test

import (
	"encoding/json"
	"net/http"
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
