package edge_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// openAPI checks responses against the openapi.json the build wrote, so the document and the server
// cannot drift apart.
type openAPI struct {
	doc      map[string]any
	compiler *jsonschema.Compiler
	paths    []pathTemplate
}

type pathTemplate struct {
	template string
	re       *regexp.Regexp
}

func loadOpenAPI(t testing.TB, publicDir string) *openAPI {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(publicDir, "openapi.json"))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("openapi.json: %v", err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("openapi.json", doc); err != nil {
		t.Fatal(err)
	}
	o := &openAPI{doc: doc.(map[string]any), compiler: c}
	if v := o.doc["openapi"]; v != "3.1.0" {
		t.Fatalf("openapi version %v, want 3.1.0", v)
	}
	for tmpl := range o.doc["paths"].(map[string]any) {
		const param = "PARAM"
		re := regexp.QuoteMeta(regexp.MustCompile(`\{[^}]+\}`).ReplaceAllString(tmpl, param))
		re = strings.ReplaceAll(re, param, `[^/]+`)
		o.paths = append(o.paths, pathTemplate{tmpl, regexp.MustCompile("^" + re + "$")})
	}
	return o
}

// resolve follows OpenAPI $refs (path items, responses) inside the document.
func (o *openAPI) resolve(v any) (map[string]any, string) {
	m, _ := v.(map[string]any)
	ptr := ""
	for m != nil {
		ref, ok := m["$ref"].(string)
		if !ok {
			break
		}
		ptr = strings.TrimPrefix(ref, "#")
		var cur any = o.doc
		for _, part := range strings.Split(strings.TrimPrefix(ptr, "/"), "/") {
			part = strings.ReplaceAll(strings.ReplaceAll(part, "~1", "/"), "~0", "~")
			cur = cur.(map[string]any)[part]
		}
		m, _ = cur.(map[string]any)
	}
	return m, ptr
}

// check validates one response: its path and status must be documented, and a JSON body must match the
// schema of that response.
func (o *openAPI) check(method, path string, status int, contentType string, body []byte) error {
	var tmpl string
	for _, p := range o.paths {
		if p.re.MatchString(path) {
			tmpl = p.template
		}
	}
	if method == http.MethodOptions && status == http.StatusNoContent {
		return nil // a CORS preflight, answered before the API
	}
	if tmpl == "" {
		if status == http.StatusNotFound {
			return o.validate("/components/schemas/Error", body)
		}
		return fmt.Errorf("path %s is not in openapi.json", path)
	}
	item, itemPtr := o.resolve(o.doc["paths"].(map[string]any)[tmpl])
	if itemPtr == "" {
		itemPtr = "/paths/" + strings.ReplaceAll(tmpl, "/", "~1")
	}
	op := strings.ToLower(method)
	if method == http.MethodHead {
		op = "get"
	}
	operation, ok := item[op].(map[string]any)
	if !ok {
		operation = item["get"].(map[string]any) // other methods are answered by the GET operation's 405
		op = "get"
	}
	responses := operation["responses"].(map[string]any)
	code := strconv.Itoa(status)
	resp, respPtr := o.resolve(responses[code])
	if resp == nil {
		return fmt.Errorf("%s %s: status %d is not documented", method, tmpl, status)
	}
	if respPtr == "" {
		respPtr = itemPtr + "/" + op + "/responses/" + code
	}
	content, _ := resp["content"].(map[string]any)
	if content == nil || method == http.MethodHead || len(body) == 0 {
		if content != nil && method != http.MethodHead {
			return fmt.Errorf("%s %s %d: documented with a body, got none", method, tmpl, status)
		}
		return nil
	}
	if !strings.HasPrefix(contentType, "application/json") {
		return fmt.Errorf("%s %s %d: content type %q, documented application/json", method, tmpl, status, contentType)
	}
	if err := o.validate(respPtr+"/content/application~1json/schema", body); err != nil {
		return fmt.Errorf("%s %s %d: %v", method, tmpl, status, err)
	}
	return nil
}

// validate checks a JSON body against the schema at a JSON pointer of the document.
func (o *openAPI) validate(ptr string, body []byte) error {
	sch, err := o.compiler.Compile("openapi.json#" + ptr)
	if err != nil {
		return err
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("body is not JSON: %v", err)
	}
	if err := sch.Validate(inst); err != nil {
		return fmt.Errorf("body does not match openapi.json: %v", err)
	}
	return nil
}

// TestOpenAPIDocumentIsSound: the document parses, every $ref resolves, and its schemas compile.
func TestOpenAPIDocumentIsSound(t *testing.T) {
	e := newEdge(t)
	o := e.spec
	for _, p := range o.paths {
		item, _ := o.resolve(o.doc["paths"].(map[string]any)[p.template])
		if item == nil || item["get"] == nil {
			t.Errorf("%s: no GET operation", p.template)
		}
	}
	schemas := o.doc["components"].(map[string]any)["schemas"].(map[string]any)
	for name := range schemas {
		if _, err := o.compiler.Compile("openapi.json#/components/schemas/" + name); err != nil {
			t.Errorf("schema %s: %v", name, err)
		}
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
		if err := e.spec.check(http.MethodGet, b.path, b.status, "application/json", []byte(b.body)); err == nil {
			t.Errorf("%s %d %s passed the check", b.path, b.status, b.body)
		}
	}
}
