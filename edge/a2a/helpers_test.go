package a2a_test

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2aclient"
	"github.com/a2aproject/a2a-go/v2/a2aclient/agentcard"
	"github.com/a2aproject/a2a-go/v2/a2acompat/a2av0"

	"github.com/iconlib/iconlib/build"
	iconagent "github.com/iconlib/iconlib/edge/a2a"
	"github.com/iconlib/iconlib/edge/library"
	"github.com/iconlib/iconlib/internal/catalog"
	"github.com/iconlib/iconlib/internal/contract"
	"github.com/iconlib/iconlib/internal/search"
)

// fixture is the build of ../../build/testdata/content: icons arrow-left (arrows), circle-dot and
// square-rounded (shapes), zigzag (design); guides getting-started ("Find an icon") and web ("Install").
type fixture struct {
	dir string // the built public/
}

// fixtureDir is built once by TestMain.
var fixtureDir string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "a2a-fixture-")
	if err == nil {
		fixtureDir = filepath.Join(dir, "public") // the build puts public.snapshots beside it
		_, err = build.Run(context.Background(), build.Options{
			ContentDir: "../../build/testdata/content", OutDir: fixtureDir, BaseURL: contract.MustParseBaseURL("https://icons.example")})
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "building the fixture:", err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

func built() fixture { return fixture{dir: fixtureDir} }

// library loads the fixture with the given rankers (nil: that search is unavailable).
func (f fixture) library(t testing.TB, icons, guides library.Ranker) *library.Library {
	t.Helper()
	lib, err := library.Load(f.dir)
	if err != nil {
		t.Fatal(err)
	}
	lib.UseRankers(icons, guides)
	return lib
}

// rankers returns fake deterministic rankers over the fixture's icons and guide sections.
func (f fixture) rankers(t testing.TB) (icons, guides library.Ranker) {
	t.Helper()
	var c catalog.Catalog
	var sections []catalog.Section
	readJSON(t, filepath.Join(f.dir, contract.CatalogFile), &c)
	readJSON(t, filepath.Join(f.dir, contract.SectionsFile), &sections)
	var iconDocs, sectionDocs []fakeDoc
	for _, ic := range c.Icons {
		text := strings.Join(append([]string{ic.ID, ic.Name, ic.Description, ic.Category}, ic.Tags...), " ")
		iconDocs = append(iconDocs, fakeDoc{id: ic.ID, group: ic.Category, text: strings.ToLower(text)})
	}
	for _, s := range sections {
		sectionDocs = append(sectionDocs, fakeDoc{id: s.ID(), text: strings.ToLower(s.Heading + " " + s.Text)})
	}
	return fakeRanker{iconDocs}, fakeRanker{sectionDocs}
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

// fakeRanker scores a document by the share of the query's words (stop words aside) its text contains,
// ties by id: deterministic, and enough to tell the agent's plumbing from the real index.
type fakeRanker struct{ docs []fakeDoc }

type fakeDoc struct{ id, group, text string }

var stopWords = map[string]bool{"a": true, "an": true, "the": true, "for": true, "of": true, "to": true,
	"in": true, "on": true, "i": true, "do": true, "how": true, "my": true, "icon": true, "is": true}

func (f fakeRanker) Search(q string, o search.Options) ([]search.Hit, error) {
	words := slices.DeleteFunc(strings.Fields(strings.ToLower(q)), func(w string) bool { return stopWords[w] })
	var hits []search.Hit
	for _, d := range f.docs {
		if o.Group != "" && d.group != o.Group {
			continue
		}
		n := 0
		for _, w := range words {
			if strings.Contains(d.text, strings.Trim(w, "?.!,")) {
				n++
			}
		}
		if n > 0 {
			hits = append(hits, search.Hit{ID: d.id, Score: float64(n) / float64(len(words))})
		}
	}
	slices.SortStableFunc(hits, func(a, b search.Hit) int { return cmp.Compare(b.Score, a.Score) })
	return hits[:min(o.Limit, len(hits))], nil
}

func (f fakeRanker) Semantic(q string, o search.Options) ([]search.Hit, error) {
	return f.Search(q, o)
}

// brokenRanker fails as an index that cannot be read would.
type brokenRanker struct{}

func (brokenRanker) Search(string, search.Options) ([]search.Hit, error) {
	return nil, errors.New("index gone")
}
func (brokenRanker) Semantic(string, search.Options) ([]search.Hit, error) {
	return nil, errors.New("index gone")
}

// agentServer serves the agent and its card on a loopback server whose URL is the agent's base URL, and
// records the JSON-RPC method of every call.
type agentServer struct {
	*httptest.Server
	agent   http.Handler // the handler of iconagent.New, without the server around it
	mu      sync.Mutex
	methods []string
}

func serve(t testing.TB, lib *library.Library) *agentServer {
	t.Helper()
	mux := http.NewServeMux()
	s := &agentServer{Server: httptest.NewServer(mux)}
	t.Cleanup(s.Close)
	opts := iconagent.Options{Version: "1.2.3", BaseURL: contract.MustParseBaseURL(s.URL), Logger: slog.New(slog.DiscardHandler)}
	h, err := iconagent.New(lib, opts)
	if err != nil {
		t.Fatal(err)
	}
	card, err := iconagent.CardHandler(lib, opts)
	if err != nil {
		t.Fatal(err)
	}
	s.agent = h
	mux.Handle(contract.A2APath, s.record(h))
	mux.Handle(contract.AgentCardPath, card)
	return s
}

func (s *agentServer) record(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var req struct{ Method string }
		_ = json.Unmarshal(body, &req)
		s.mu.Lock()
		s.methods = append(s.methods, req.Method)
		s.mu.Unlock()
		r.Body = io.NopCloser(bytes.NewReader(body))
		next.ServeHTTP(w, r)
	})
}

// lastMethod is the JSON-RPC method of the latest call.
func (s *agentServer) lastMethod() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.methods) == 0 {
		return ""
	}
	return s.methods[len(s.methods)-1]
}

// dialect is an A2A client of one protocol version, created the way an agent would: from the card.
type dialect struct {
	name   string
	method string // the JSON-RPC method its SendMessage calls
	client *a2aclient.Client
}

// clients returns the SDK's 1.0 client and its 0.3 client, both resolved from the served card.
func (s *agentServer) clients(t testing.TB) []dialect {
	t.Helper()
	ctx := context.Background()
	v1Card, err := agentcard.DefaultResolver.Resolve(ctx, s.URL)
	if err != nil {
		t.Fatal(err)
	}
	v1, err := a2aclient.NewFromCard(ctx, v1Card)
	if err != nil {
		t.Fatal(err)
	}
	v0Resolver := &agentcard.Resolver{CardParser: a2av0.NewAgentCardParser()}
	v0Card, err := v0Resolver.Resolve(ctx, s.URL)
	if err != nil {
		t.Fatal(err)
	}
	v0, err := a2aclient.NewFromCard(ctx, v0Card, a2aclient.WithDefaultsDisabled(),
		a2av0.WithJSONRPCTransport(a2av0.JSONRPCTransportConfig{}))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _, _ = v1.Destroy(), v0.Destroy() })
	return []dialect{{"A2A 1.0", "SendMessage", v1}, {"A2A 0.3", "message/send", v0}}
}

// rpcResponse is a raw JSON-RPC response.
type rpcResponse struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      any             `json:"id"`
	Result  json.RawMessage `json:"result"`
	Error   *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// post sends a raw JSON-RPC body with an optional A2A-Version header.
func (s *agentServer) post(t testing.TB, version, body string) rpcResponse {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, s.URL+contract.A2APath, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if version != "" {
		req.Header.Set(a2a.SvcParamVersion, version)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	var out rpcResponse
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatalf("response is not JSON-RPC: %v: %s", err, b)
	}
	if out.JSONRPC != "2.0" {
		t.Fatalf("jsonrpc = %q: %s", out.JSONRPC, b)
	}
	return out
}
