package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/iconlib/iconlib/internal/catalog"
	"github.com/iconlib/iconlib/internal/contract"
)

// Zipf parameters of the cached scenarios: the k-th most popular query of the mix is asked with a
// probability proportional to (zipfV+k)^-zipfS. With a mix of 5,000 the top query is about 3.5% of the
// requests and the top 100 about half; 10,000 requests ask about 2,300 different queries and 100,000
// nearly all 5,000: a few thousand popular queries repeat, as issue 17 describes real traffic.
const (
	zipfS = 1.07
	zipfV = 5
)

// searchLimit is the number of results every search asks for: the REST API's default, asked explicitly
// of MCP and A2A (whose defaults are smaller) so that all three rank and send the same answers.
var searchLimit = contract.REST.LimitDefault

// workload is what the scenarios draw their requests from.
type workload struct {
	ids       []string
	pages     int      // pages of 100 icons in the listing
	popular   []string // the query mix, most popular first, escaped for a URL's query string
	mcpBodies [][]byte // a search_icons tools/call per query of the mix
	a2aBodies [][]byte // a find-icons SendMessage per query of the mix
	fresh     *freshQueries
}

func newWorkload(c *catalog.Catalog, gen *queryGen, mixSize int, seed uint64) *workload {
	w := &workload{pages: (len(c.Icons) + 99) / 100, fresh: &freshQueries{gen: gen}}
	for _, ic := range c.Icons {
		w.ids = append(w.ids, ic.ID)
	}
	mix := gen.Take(mixSize)
	// Popularity is a shuffle of the mix, so the labelled queries, which come first, are not all popular.
	rand.New(rand.NewPCG(seed, 0x706f70)).Shuffle(len(mix), func(i, j int) { mix[i], mix[j] = mix[j], mix[i] })
	for _, q := range mix {
		w.popular = append(w.popular, url.QueryEscape(q))
		w.mcpBodies = append(w.mcpBodies, mcpSearch(q))
		w.a2aBodies = append(w.a2aBodies, a2aFindIcons(q))
	}
	return w
}

// freshQueries hands out queries no scenario has sent yet, to any number of connections. A scenario's
// queries are made before it runs (prepare), so the connections take them without waiting on each other
// and the generator's work is not in the measured CPU; past those, next makes more one at a time.
type freshQueries struct {
	mu    sync.Mutex
	gen   *queryGen
	ready []string     // made by prepare, escaped for a URL's query string
	taken atomic.Int64 // how many of ready are taken
}

// freshQueriesPerSecond bounds the rate a fresh-query scenario reaches on loopback: prepare makes this
// many a second of the scenario: before 10 s and 1 s of warm-up, 132,000 queries take 0.6 s (the mix) to
// 1.2 s (20 words).
const freshQueriesPerSecond = 12_000

// prepare makes about n fresh queries of kinds for the next scenario, dropping those left by the last.
func (f *freshQueries) prepare(kinds []queryKind, n int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.ready = f.ready[:0]
	for range n {
		q, ok := f.gen.NextOf(kinds)
		if !ok {
			break
		}
		f.ready = append(f.ready, url.QueryEscape(q))
	}
	f.taken.Store(0)
}

// next returns a fresh query of kinds, escaped for a URL's query string.
func (f *freshQueries) next(kinds []queryKind) (string, error) {
	if i := f.taken.Add(1) - 1; i < int64(len(f.ready)) {
		return f.ready[i], nil
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	q, ok := f.gen.NextOf(kinds)
	if !ok {
		return "", errors.New("the query generator ran out of distinct queries")
	}
	return url.QueryEscape(q), nil
}

// worker is one connection's state: its own random sources, so connections never wait on each other.
type worker struct {
	rng  *rand.Rand
	zipf *rand.Zipf
}

func newWorker(seed uint64, id int, mixSize int) *worker {
	rng := rand.New(rand.NewPCG(seed, uint64(id)))
	return &worker{rng: rng, zipf: rand.NewZipf(rng, zipfS, zipfV, uint64(mixSize-1))}
}

// scenario is one kind of request, repeated for the duration.
type scenario struct {
	name string
	// fresh: every request sends a query never sent before, so no answer can come from a cache. These
	// run on an edge without an answer cache when `iconlib serve` has the switch.
	fresh bool
	posts bool   // its requests are POSTs with a body, which the wrk driver does not send
	floor bool   // it runs on the floor server (floorHandler), not on an edge
	about string // what it sends, for the notes under the table
	// request makes the next request to the edge at base.
	request func(w *worker, base string) (*http.Request, error)
	// prepare, if set, readies what request sends for a run of the given length (warm-up included).
	prepare func(time.Duration)
	// check, if set, looks into a 2xx body for a protocol error.
	check func(body []byte) error
}

// scenarios returns every scenario, in the order they run.
func (wl *workload) scenarios() []scenario {
	get := func(u string) (*http.Request, error) { return http.NewRequest(http.MethodGet, u, nil) }
	search := func(path string, kinds []queryKind) func(*worker, string) (*http.Request, error) {
		return func(_ *worker, base string) (*http.Request, error) {
			q, err := wl.fresh.next(kinds)
			if err != nil {
				return nil, err
			}
			return get(base + path + "?q=" + q)
		}
	}
	prepare := func(kinds []queryKind) func(time.Duration) {
		return func(d time.Duration) { wl.fresh.prepare(kinds, int(d.Seconds()*freshQueriesPerSecond)) }
	}
	icons := contract.APIPath + contract.IconsRoute
	return []scenario{
		{name: "lookup", about: "GET /api/v1/icons/<id>, ids uniform over the catalog",
			request: func(w *worker, base string) (*http.Request, error) {
				return get(base + icons + "/" + wl.ids[w.rng.IntN(len(wl.ids))])
			}},
		{name: "static", about: "GET /assets/<id>.json, ids uniform over the catalog",
			request: func(w *worker, base string) (*http.Request, error) {
				return get(base + "/" + contract.AnimationFile(wl.ids[w.rng.IntN(len(wl.ids))]))
			}},
		{name: "listing", about: "GET /api/v1/icons?limit=100&offset=<k>, pages uniform over the catalog",
			request: func(w *worker, base string) (*http.Request, error) {
				return get(base + icons + "?limit=100&offset=" + strconv.Itoa(100*w.rng.IntN(wl.pages)))
			}},
		{name: "search-cached", about: "GET /api/v1/icons?q=, Zipf over the query mix (popular queries repeat)",
			request: func(w *worker, base string) (*http.Request, error) {
				return get(base + icons + "?q=" + wl.popular[w.zipf.Uint64()])
			}},
		{name: "search-uncached", fresh: true, about: "GET /api/v1/icons?q=, every query distinct (mix kinds, 1–20 words)",
			request: search(icons, mixKinds), prepare: prepare(mixKinds)},
		{name: "search-20words", fresh: true, about: "GET /api/v1/icons?q=, every query distinct, 18–20 words",
			request: search(icons, twentyWordKinds), prepare: prepare(twentyWordKinds)},
		{name: "semantic", fresh: true, about: "GET /api/v1/search?q=, every query distinct (mix kinds)",
			request: search(contract.APIPath+contract.SearchRoute, mixKinds), prepare: prepare(mixKinds)},
		{name: "mcp-search", posts: true, about: "POST /mcp tools/call search_icons (stateless, JSON), Zipf over the query mix",
			request: func(w *worker, base string) (*http.Request, error) {
				return post(base+contract.MCPIconsPath, wl.mcpBodies[w.zipf.Uint64()], mcpHeaders)
			},
			check: checkMCP},
		{name: "a2a-search", posts: true, about: "POST /a2a SendMessage, data part find-icons (A2A 1.0), Zipf over the query mix",
			request: func(w *worker, base string) (*http.Request, error) {
				return post(base+contract.A2APath, wl.a2aBodies[w.zipf.Uint64()], a2aHeaders)
			},
			check: checkJSONRPC},
		{name: "floor", floor: true, about: fmt.Sprintf("GET / of a bare net/http server, not the edge, answering the same %d KB to every request and doing nothing else: what this machine and Go's runtime give any Go server under the same generator", floorBodyBytes>>10),
			request: func(_ *worker, base string) (*http.Request, error) { return get(base + "/") }},
	}
}

// Headers of the protocol calls: Streamable HTTP requires a client to accept both JSON and an event
// stream; the edge's MCP server is stateless, so a tools/call needs no initialize or session first.
var (
	mcpHeaders = map[string]string{"Content-Type": "application/json",
		"Accept": "application/json, text/event-stream", "Mcp-Protocol-Version": "2025-06-18"}
	a2aHeaders = map[string]string{"Content-Type": "application/json", "A2A-Version": "1.0"}
)

func post(u string, body []byte, headers map[string]string) (*http.Request, error) {
	req, err := http.NewRequest(http.MethodPost, u, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	return req, nil
}

// mcpSearch is a JSON-RPC tools/call of search_icons for q.
func mcpSearch(q string) []byte {
	return rpc("tools/call", map[string]any{"name": "search_icons",
		"arguments": map[string]any{"query": q, "limit": searchLimit}})
}

// a2aFindIcons is an A2A 1.0 SendMessage whose data part asks the find-icons skill for q.
func a2aFindIcons(q string) []byte {
	return rpc("SendMessage", map[string]any{"message": map[string]any{
		"messageId": "load", "role": "ROLE_USER",
		"parts": []any{map[string]any{"data": map[string]any{"skill": "find-icons", "query": q, "limit": searchLimit}}},
	}})
}

func rpc(method string, params any) []byte {
	b, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": method, "params": params})
	if err != nil {
		panic(err) // maps of strings and numbers always encode
	}
	return b
}

// checkJSONRPC finds a JSON-RPC error: an answer without a result.
func checkJSONRPC(body []byte) error {
	if !bytes.Contains(body, []byte(`"result":`)) {
		return fmt.Errorf("no JSON-RPC result: %.200s", body)
	}
	return nil
}

// checkMCP finds a JSON-RPC error, or a tool result that is an error.
func checkMCP(body []byte) error {
	if err := checkJSONRPC(body); err != nil {
		return err
	}
	if bytes.Contains(body, []byte(`"isError":true`)) {
		return fmt.Errorf("tool error: %.200s", body)
	}
	return nil
}

// scenarioNames lists the names of scenarios.
func scenarioNames(all []scenario) []string {
	names := make([]string, len(all))
	for i, s := range all {
		names[i] = s.name
	}
	return names
}
