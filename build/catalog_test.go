package build_test

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/iconlib/iconlib/internal/catalog"
	"github.com/iconlib/iconlib/internal/contract"
)

// TestTheCatalogListsWhatChoosingNeeds: each entry of catalog.json says what its record says of the icon
// (words, styles, motions with the states that play them), its paths name the files the record's URLs
// do, with the bytes its hashes and sizes promise, and the catalog carries no install commands or code.
func TestTheCatalogListsWhatChoosingNeeds(t *testing.T) {
	out := t.TempDir()
	runBuild(t, fixtureContent, out)
	c, records, err := catalog.ReadRecords(out)
	if err != nil {
		t.Fatal(err)
	}
	if c.RecordPath != contract.RecordFile("{id}") || c.Schema != fixtureBase+"/"+contract.CatalogSchemaFile {
		t.Errorf("record_path %q, $schema %q", c.RecordPath, c.Schema)
	}
	if raw := readFile(t, out, contract.CatalogFile); strings.Contains(raw, `"install"`) || strings.Contains(raw, `"code"`) {
		t.Error("catalog.json carries install commands or code; they belong to the records")
	}
	for i, e := range c.Icons {
		ic := records[i]
		words := catalog.Entry{ID: ic.ID, Name: ic.Name, Description: ic.Description, Category: ic.Category,
			Tags: ic.Tags, Styles: ic.Styles, PagePath: strings.TrimPrefix(ic.PageURL, fixtureBase+"/")}
		if diff := cmp.Diff(words, e, cmp.FilterPath(func(p cmp.Path) bool {
			f := p.Last().String()
			return f == ".Motions" || f == ".Files"
		}, cmp.Ignore())); diff != "" {
			t.Errorf("%s: entry and record differ (-record +entry):\n%s", ic.ID, diff)
		}
		checkMotionStates(t, ic, e.Motions)
		if len(e.Files) != len(ic.Files) {
			t.Fatalf("%s: %d files listed, the record has %d", ic.ID, len(e.Files), len(ic.Files))
		}
		for k, f := range e.Files {
			rf := ic.Files[k]
			if fixtureBase+"/"+f.Path != rf.FileURL || fixtureBase+"/"+f.SVGPath != rf.SVGURL || f.Style != rf.Style {
				t.Errorf("%s: file %+v is not the record's %+v", ic.ID, f, rf)
			}
			body, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(f.Path)))
			sum := sha256.Sum256(body)
			if err != nil || hex.EncodeToString(sum[:]) != f.SHA256 || len(body) != f.SizeBytes {
				t.Errorf("%s: %s is not the %d bytes hashing to %s that the catalog lists (%v)", ic.ID, f.Path, f.SizeBytes, f.SHA256, err)
			}
		}
	}
}

// checkMotionStates fails unless motions lists each motion of ic's record, in order, with the names of
// exactly the states that play it.
func checkMotionStates(t *testing.T, ic catalog.Icon, motions []catalog.MotionStates) {
	t.Helper()
	if len(motions) != len(ic.Motions) {
		t.Fatalf("%s: %d motions listed, the record has %d", ic.ID, len(motions), len(ic.Motions))
	}
	listed := 0
	for k, m := range motions {
		if m.Name != ic.Motions[k].Name {
			t.Errorf("%s: motion %d is %s, the record's %s", ic.ID, k, m.Name, ic.Motions[k].Name)
		}
		for _, name := range m.States {
			i := slices.IndexFunc(ic.States, func(s catalog.State) bool { return s.Name == name })
			if i < 0 || ic.States[i].Motion != m.Name {
				t.Errorf("%s: state %s is listed under %s", ic.ID, name, m.Name)
			}
		}
		listed += len(m.States)
	}
	if listed != len(ic.States) {
		t.Errorf("%s: %d states listed, the record has %d", ic.ID, listed, len(ic.States))
	}
}

// TestTheCatalogMatchesItsPublishedSchema: catalog.json validates against catalog.schema.json (a JSON
// Schema 2020-12 validator), and the schema refuses an entry that carries a field it does not list.
func TestTheCatalogMatchesItsPublishedSchema(t *testing.T) {
	out := t.TempDir()
	runBuild(t, fixtureContent, out)
	schemaDoc, err := jsonschema.UnmarshalJSON(strings.NewReader(readFile(t, out, contract.CatalogSchemaFile)))
	if err != nil {
		t.Fatal(err)
	}
	id := fixtureBase + "/" + contract.CatalogSchemaFile
	if got := schemaDoc.(map[string]any)["$id"]; got != id {
		t.Fatalf("$id %v, want %s", got, id)
	}
	comp := jsonschema.NewCompiler()
	if err := comp.AddResource(id, schemaDoc); err != nil {
		t.Fatal(err)
	}
	schema, err := comp.Compile(id)
	if err != nil {
		t.Fatal(err)
	}
	raw := readFile(t, out, contract.CatalogFile)
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	if err := schema.Validate(doc); err != nil {
		t.Errorf("catalog.json does not match its schema: %v", err)
	}
	extra, err := jsonschema.UnmarshalJSON(strings.NewReader(strings.Replace(raw, `"page_path"`, `"code":{},"page_path"`, 1)))
	if err != nil {
		t.Fatal(err)
	}
	if schema.Validate(extra) == nil {
		t.Error("the schema lets an entry carry a field it does not list")
	}
}
