package contract_test

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/iconlib/iconlib/internal/contract"
)

var update = flag.Bool("update", false, "rewrite docs/contract.md's generated sections from the contract tables")

// contractDoc is the project's own statement of the contract.
const contractDoc = "../../docs/contract.md"

// Markers around docs/contract.md's sections generated from the tables of this package.
const (
	endpointsBegin = "<!-- generated from internal/contract.Endpoints: go test ./internal/contract -update -->"
	endpointsEnd   = "<!-- end of generated section -->"
)

// TestContractDocListsEveryEndpoint: docs/contract.md's table of paths is the one Endpoints gives (the
// table the edge routes, Allow headers and discovery checks read), so the document cannot drift from the
// edge; -update rewrites it.
func TestContractDocListsEveryEndpoint(t *testing.T) {
	b, err := os.ReadFile(contractDoc)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	before, rest, ok := strings.Cut(doc, endpointsBegin+"\n")
	current, after, ok2 := strings.Cut(rest, endpointsEnd)
	if !ok || !ok2 {
		t.Fatalf("%s: want a section between %q and %q", contractDoc, endpointsBegin, endpointsEnd)
	}
	want := endpointTable()
	if *update {
		if err := os.WriteFile(contractDoc, []byte(before+endpointsBegin+"\n"+want+endpointsEnd+after), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if current != want {
		t.Errorf("%s: the table of paths differs from contract.Endpoints; run go test ./internal/contract -update\nhave:\n%s\nwant:\n%s", contractDoc, current, want)
	}
}

// TestContractDocStatesTheRESTBounds: the REST table states the bounds the edge enforces and openapi.json
// states (contract.REST).
func TestContractDocStatesTheRESTBounds(t *testing.T) {
	b, err := os.ReadFile(contractDoc)
	if err != nil {
		t.Fatal(err)
	}
	r := contract.REST
	for _, want := range []string{
		fmt.Sprintf("up to %d characters", r.QueryMaxRunes),
		fmt.Sprintf("`limit` (1–%d, default %d)", r.LimitMax, r.LimitDefault),
		fmt.Sprintf("`offset` (0–%s, default 0)", thousands(r.OffsetMax)),
	} {
		if !strings.Contains(string(b), want) {
			t.Errorf("%s does not say %q", contractDoc, want)
		}
	}
}

// endpointTable is the Markdown table of every path the edge answers beyond public/'s files: its methods
// and the discovery documents that name it.
func endpointTable() string {
	var b strings.Builder
	b.WriteString("| Path | Methods | Named by |\n| --- | --- | --- |\n")
	for _, e := range contract.Endpoints {
		named := "—"
		switch {
		case len(e.NamedBy) > 0:
			named = "`" + strings.Join(e.NamedBy, "`, `") + "`"
		case strings.HasSuffix(e.Path, "/message"):
			named = "the legacy stream's `endpoint` event"
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s |\n", e.Path, e.Allow(), named)
	}
	return b.String()
}

// thousands is n with a comma between each group of three digits.
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
