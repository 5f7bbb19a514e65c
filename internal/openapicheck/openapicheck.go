// Package openapicheck checks HTTP responses against the openapi.json the build writes, for tests: a
// response whose path, status or body the document does not allow is an error, so the document and the
// server cannot drift apart.
package openapicheck

import (
	"bytes"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/iconlib/iconlib/internal/contract"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Spec is a loaded OpenAPI 3.1 document.
type Spec struct {
	doc      map[string]any
	compiler *jsonschema.Compiler
	paths    []pathTemplate
}

type pathTemplate struct {
	template string
	re       *regexp.Regexp
}

// Load reads publicDir/openapi.json, and the JSON Schema it links for catalog.json (catalog.schema.json,
// a path relative to the document), so a check resolves that link to the file the build wrote beside it.
func Load(publicDir string) (*Spec, error) {
	b, err := os.ReadFile(filepath.Join(publicDir, contract.OpenAPIFile))
	if err != nil {
		return nil, err
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("openapi.json: %w", err)
	}
	root, ok := doc.(map[string]any)
	if !ok || root["openapi"] != "3.1.0" {
		return nil, fmt.Errorf("openapi.json: not an OpenAPI 3.1.0 document")
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource(contract.OpenAPIFile, doc); err != nil {
		return nil, err
	}
	if err := addCatalogSchema(c, publicDir); err != nil {
		return nil, err
	}
	o := &Spec{doc: root, compiler: c}
	for tmpl := range o.doc["paths"].(map[string]any) {
		const param = "PARAM"
		re := regexp.QuoteMeta(regexp.MustCompile(`\{[^}]+\}`).ReplaceAllString(tmpl, param))
		re = strings.ReplaceAll(re, param, `[^/]+`)
		o.paths = append(o.paths, pathTemplate{tmpl, regexp.MustCompile("^" + re + "$")})
	}
	return o, nil
}

// addCatalogSchema adds publicDir's catalog.schema.json to c where openapi.json's relative link finds it.
func addCatalogSchema(c *jsonschema.Compiler, publicDir string) error {
	f, err := os.Open(filepath.Join(publicDir, contract.CatalogSchemaFile))
	if err != nil {
		return err
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		return fmt.Errorf("%s: %w", contract.CatalogSchemaFile, err)
	}
	return c.AddResource(contract.CatalogSchemaFile, doc)
}

// resolve follows OpenAPI $refs (path items, responses) inside the document.
func (o *Spec) resolve(v any) (map[string]any, string) {
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

// apiHeaders are the headers of the API's own vocabulary (not HTTP's plumbing, such as Content-Type,
// Vary or the CORS and security headers every answer carries): a response that carries one must have it
// documented, so generated clients can read it.
var apiHeaders = []string{"ETag", "RateLimit", "RateLimit-Policy", "Retry-After", "Allow", "WWW-Authenticate",
	"Deprecation", "Sunset", "Link"}

// Check validates one response: its path and status must be documented, every header of [apiHeaders] it
// carries must be among that response's headers, and a JSON body must match the schema of that response.
// An undocumented path may only answer 404 with the error envelope.
func (o *Spec) Check(method, path string, status int, header http.Header, body []byte) error {
	contentType := header.Get("Content-Type")
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
	if err := o.checkHeaders(operation, resp, header); err != nil {
		return fmt.Errorf("%s %s %d: %v", method, tmpl, status, err)
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

// checkHeaders reports a header of [apiHeaders] that header carries and resp does not document. A
// deprecated operation documents its deprecation headers once, on its 200, for all of its answers.
func (o *Spec) checkHeaders(operation, resp map[string]any, header http.Header) error {
	documented, _ := resp["headers"].(map[string]any)
	var deprecation map[string]any
	if operation["deprecated"] == true {
		ok, _ := o.resolve(operation["responses"].(map[string]any)["200"])
		deprecation, _ = ok["headers"].(map[string]any)
	}
	for _, h := range apiHeaders {
		_, ok := documented[h]
		_, once := deprecation[h]
		if header.Get(h) != "" && !ok && !(once && (h == "Deprecation" || h == "Sunset" || h == "Link")) {
			return fmt.Errorf("header %s is sent but not documented", h)
		}
	}
	return nil
}

// validate checks a JSON body against the schema at a JSON pointer of the document.
func (o *Spec) validate(ptr string, body []byte) error {
	sch, err := o.compiler.Compile(contract.OpenAPIFile + "#" + ptr)
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

// Verify checks the document itself: every path has a GET operation and every schema compiles.
func (o *Spec) Verify() error {
	for _, p := range o.paths {
		item, _ := o.resolve(o.doc["paths"].(map[string]any)[p.template])
		if item == nil || item["get"] == nil {
			return fmt.Errorf("%s: no GET operation", p.template)
		}
	}
	schemas := o.doc["components"].(map[string]any)["schemas"].(map[string]any)
	for name := range schemas {
		if _, err := o.compiler.Compile(contract.OpenAPIFile + "#/components/schemas/" + name); err != nil {
			return fmt.Errorf("schema %s: %w", name, err)
		}
	}
	return nil
}
