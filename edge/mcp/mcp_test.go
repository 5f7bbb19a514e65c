package mcp_test

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/iconlib/iconlib/build"
	"github.com/iconlib/iconlib/edge/library"
	iconmcp "github.com/iconlib/iconlib/edge/mcp"
	"github.com/iconlib/iconlib/internal/catalog"
	"github.com/iconlib/iconlib/internal/contract"
	"github.com/iconlib/iconlib/internal/search"
)

// base is the URL the fixture library is built for; the test servers listen on loopback addresses.
const base = "https://icons.example"

// versions are the protocol versions the servers must negotiate through initialize.
var versions = []string{mcp.ProtocolVersion20250618, mcp.ProtocolVersion20250326, mcp.ProtocolVersion20241105}

// publicDir holds the fixture library, built once for every test of the package.
var publicDir string

func TestMain(m *testing.M) {
	code, err := run(m)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		code = 1
	}
	os.Exit(code)
}

func run(m *testing.M) (int, error) {
	dir, err := os.MkdirTemp("", "iconlib-mcp-test-")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(dir)
	publicDir = filepath.Join(dir, "public") // the build puts public.snapshots beside it
	opts := build.Options{ContentDir: "../../build/testdata/content", OutDir: publicDir, BaseURL: contract.MustParseBaseURL(base)}
	if _, err := build.Run(context.Background(), opts); err != nil {
		return 0, err
	}
	return m.Run(), nil
}

// newLibrary loads the fixture library with word-matching search indexes; searchErr, when set, is what
// every search returns instead.
func newLibrary(t testing.TB, searchErr error) *library.Library {
	t.Helper()
	lib, err := library.Load(publicDir)
	if err != nil {
		t.Fatal(err)
	}
	var c catalog.Catalog
	readJSON(t, filepath.Join(publicDir, contract.CatalogFile), &c)
	icons := &wordRanker{err: searchErr}
	for _, ic := range c.Icons {
		icons.add(ic.ID, ic.Category, ic.ID, ic.Name, ic.Description, strings.Join(ic.Tags, " "))
	}
	var sections []catalog.Section
	readJSON(t, filepath.Join(publicDir, contract.SectionsFile), &sections)
	guides := &wordRanker{err: searchErr}
	for _, s := range sections {
		guides.add(s.ID(), "", s.Guide, s.Heading, s.Text)
	}
	lib.UseRankers(icons, guides)
	return lib
}

func readJSON(t testing.TB, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatal(err)
	}
}

// wordRanker is a deterministic stand-in for the search index: a document's score is the share of the
// query's words it contains.
type wordRanker struct {
	docs []rankedDoc
	err  error
}

type rankedDoc struct {
	id, group string
	words     []string
}

func (r *wordRanker) add(id, group string, text ...string) {
	r.docs = append(r.docs, rankedDoc{id: id, group: group, words: words(strings.Join(text, " "))})
}

func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(c rune) bool { return !unicode.IsLetter(c) && !unicode.IsDigit(c) })
}

func (r *wordRanker) Search(query string, o search.Options) ([]search.Hit, error) {
	if r.err != nil {
		return nil, r.err
	}
	q := words(query)
	var hits []search.Hit
	for _, d := range r.docs {
		n := 0
		for _, w := range q {
			if slices.Contains(d.words, w) {
				n++
			}
		}
		if n > 0 && (o.Group == "" || o.Group == d.group) {
			hits = append(hits, search.Hit{ID: d.id, Score: float64(n) / float64(len(q))})
		}
	}
	slices.SortStableFunc(hits, func(a, b search.Hit) int {
		return cmp.Or(cmp.Compare(b.Score, a.Score), strings.Compare(a.ID, b.ID))
	})
	return hits[:min(o.Limit, len(hits))], nil
}

func (r *wordRanker) Semantic(query string, o search.Options) ([]search.Hit, error) {
	return r.Search(query, o)
}

// serve runs both servers on a loopback address, at their paths (as edge/routes.go mounts them), and
// returns its URL.
func serve(t testing.TB, lib *library.Library) string {
	t.Helper()
	mux := http.NewServeMux()
	icons, docs := newHandler(t, iconmcp.NewIcons, lib), newHandler(t, iconmcp.NewDocs, lib)
	for _, p := range []string{contract.MCPIconsPath, contract.MCPIconsPath + "/{$}", contract.MCPIconsSSEPath, contract.MCPIconsMessagesPath} {
		mux.Handle(p, icons)
	}
	for _, p := range []string{contract.MCPDocsPath, contract.MCPDocsPath + "/{$}", contract.MCPDocsSSEPath, contract.MCPDocsMessagesPath} {
		mux.Handle(p, docs)
	}
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv.URL
}

func newHandler(t testing.TB, newServer func(*library.Library, iconmcp.Options) (http.Handler, error), lib *library.Library) http.Handler {
	t.Helper()
	h, err := newServer(lib, iconmcp.Options{Version: "1.2.3-test", BaseURL: contract.MustParseBaseURL(base), Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// connect initializes an mcp-go client at a protocol version.
func connect(t testing.TB, url, version string) (*client.Client, *mcp.InitializeResult) {
	t.Helper()
	tr, err := transport.NewStreamableHTTP(url)
	if err != nil {
		t.Fatal(err)
	}
	c := client.NewClient(tr, client.WithProtocolVersion(version))
	t.Cleanup(func() { c.Close() })
	ctx := context.Background()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	req := mcp.InitializeRequest{}
	req.Params.ProtocolVersion = version
	req.Params.ClientInfo = mcp.Implementation{Name: "iconlib-test", Version: "1"}
	res, err := c.Initialize(ctx, req)
	if err != nil {
		t.Fatalf("initialize at %s: %v", version, err)
	}
	return c, res
}

// call calls a tool and fails the test on a protocol error, or on a result that does not fit the tool's
// output schema as tools/list gives it.
func call(t testing.TB, c *client.Client, tool string, args map[string]any) *mcp.CallToolResult {
	t.Helper()
	res, err := callTool(c, tool, args)
	if err != nil {
		t.Fatalf("%s %v: %v", tool, args, err)
	}
	if !res.IsError {
		checkOutput(t, c, tool, res.RawStructuredContent)
	}
	return res
}

// checkOutput validates a tool's structured content against its output schema.
func checkOutput(t testing.TB, c *client.Client, tool string, content json.RawMessage) {
	t.Helper()
	list, err := c.ListTools(context.Background(), mcp.ListToolsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(list.Tools, func(x mcp.Tool) bool { return x.Name == tool })
	if i < 0 {
		t.Fatalf("%s is not listed", tool)
	}
	schema, err := json.Marshal(list.Tools[i].OutputSchema)
	if err != nil {
		t.Fatal(err)
	}
	compiler := jsonschema.NewCompiler()
	if err := compiler.AddResource("urn:iconlib:test:output", unmarshalJSON(t, schema)); err != nil {
		t.Fatal(err)
	}
	compiled, err := compiler.Compile("urn:iconlib:test:output")
	if err != nil {
		t.Fatal(err)
	}
	if err := compiled.Validate(unmarshalJSON(t, content)); err != nil {
		t.Errorf("%s: structured content %s does not fit the output schema: %v", tool, content, err)
	}
}

func unmarshalJSON(t testing.TB, b []byte) any {
	t.Helper()
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	return v
}

func callTool(c *client.Client, tool string, args map[string]any) (*mcp.CallToolResult, error) {
	req := mcp.CallToolRequest{}
	req.Params.Name = tool
	req.Params.Arguments = args
	return c.CallTool(context.Background(), req)
}

// succeed checks that a tool call worked and decodes its structured content into out; it returns the text.
func succeed(t *testing.T, res *mcp.CallToolResult, out any) string {
	t.Helper()
	text := textOf(t, res)
	if res.IsError {
		t.Fatalf("tool error: %s", text)
	}
	raw := res.RawStructuredContent
	if len(raw) == 0 {
		t.Fatalf("no structured content; text: %s", text)
	}
	if err := json.Unmarshal(raw, out); err != nil {
		t.Fatalf("structured content %s: %v", raw, err)
	}
	return text
}

// textOf returns the single text content of a tool result.
func textOf(t testing.TB, res *mcp.CallToolResult) string {
	t.Helper()
	if len(res.Content) != 1 {
		t.Fatalf("want one content item, got %d: %+v", len(res.Content), res.Content)
	}
	tc, ok := mcp.AsTextContent(res.Content[0])
	if !ok {
		t.Fatalf("content is %T, not text", res.Content[0])
	}
	return tc.Text
}

// TestOptionsAreRequired: the servers take their options as the edge resolved them and default none.
func TestOptionsAreRequired(t *testing.T) {
	lib := newLibrary(t, nil)
	good := iconmcp.Options{Version: "1.2.3-test", BaseURL: contract.MustParseBaseURL(base), Logger: slog.New(slog.DiscardHandler)}
	for name, opts := range map[string]iconmcp.Options{
		"no version":  {BaseURL: good.BaseURL, Logger: good.Logger},
		"no base URL": {Version: good.Version, Logger: good.Logger},
		"no logger":   {Version: good.Version, BaseURL: good.BaseURL},
	} {
		if _, err := iconmcp.NewIcons(lib, opts); err == nil {
			t.Errorf("NewIcons accepted options with %s", name)
		}
		if _, err := iconmcp.DocsCard(lib, opts); err == nil {
			t.Errorf("DocsCard accepted options with %s", name)
		}
	}
	if _, err := iconmcp.NewDocs(lib, good); err != nil {
		t.Error(err)
	}
}

var errBroken = errors.New("index shard 3 is corrupt")
