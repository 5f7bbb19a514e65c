package edge_test

import (
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/iconlib/iconlib/edge"
	"github.com/iconlib/iconlib/edge/access"
	"github.com/iconlib/iconlib/internal/contract"
)

// searchQueries are the queries the search benchmarks cycle through: popular ones, typos, plain words.
var searchQueries = []string{"upload finished", "calender", "arrow left", "something to delete a file", "shoping cart",
	"bell", "notification settings for the user", "heart", "log out of the account", "camera"}

// BenchmarkSearchSurfaces asks the same searches (20 hits each) of every surface through the whole edge on
// the full library: REST GET /api/v1/icons?q=, an MCP tools/call of search_icons (protocol 2025-06-18,
// stateless, as mcp-go's client sends it) and an A2A 1.0 SendMessage naming find-icons, each with its own
// JSON-RPC and message ids. "uncached" turns the answer cache off (every query new), "cached" asks the
// same ten queries again and again. cpu-ns/op is the process's CPU time per answer (the collector's
// included), which a loaded machine distorts less than ns/op; bytes/resp is the answer's size.
func BenchmarkSearchSurfaces(b *testing.B) {
	public := buildFullLibrary(b)
	for _, c := range []struct {
		name    string
		cacheMB int
	}{{"uncached", 0}, {"cached", 64}} {
		h, err := edge.New(edge.Config{Logger: slog.New(slog.DiscardHandler), Version: "1.0.0", PublicDir: public, AnswerCacheMB: c.cacheMB, BaseURL: contract.MustParseBaseURL(base),
			Access: access.Settings{KeyFile: filepath.Join(b.TempDir(), "key.pem"), Limits: access.Unlimited(), Clock: time.Now}})
		if err != nil {
			b.Fatal(err)
		}
		for _, s := range surfaceSearches {
			b.Run(c.name+"/"+s.name, func(b *testing.B) {
				b.ReportAllocs()
				var sent int64
				cpu := cpuTime()
				for i := 0; b.Loop(); i++ {
					w := &countingWriter{header: http.Header{}}
					h.ServeHTTP(w, s.request(i, searchQueries[i%len(searchQueries)]))
					if w.n < 1000 {
						b.Fatalf("%s: %d bytes", s.name, w.n)
					}
					sent = w.n
				}
				b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N), "cpu-ns/op")
				b.ReportMetric(float64(sent), "bytes/resp")
			})
		}
	}
}

// surfaceSearches make the request of a search for q on each surface; i numbers the call, for its ids.
var surfaceSearches = []struct {
	name    string
	request func(i int, q string) *http.Request
}{
	{"rest", func(_ int, q string) *http.Request {
		return httptest.NewRequest(http.MethodGet, "/api/v1/icons?limit=20&q="+url.QueryEscape(q), nil)
	}},
	{"mcp", func(i int, q string) *http.Request {
		r := rpcRequest("/mcp", fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"search_icons","arguments":{"query":%s,"limit":20}}}`, i, quote(q)))
		r.Header.Set("Accept", "application/json, text/event-stream")
		r.Header.Set("Mcp-Protocol-Version", "2025-06-18")
		return r
	}},
	{"a2a", func(i int, q string) *http.Request {
		r := rpcRequest("/a2a", fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"SendMessage","params":{"message":{"messageId":"m-%d","role":"ROLE_USER","parts":[{"text":%s},{"data":{"skill":"find-icons","limit":20}}]}}}`, i, i, quote(q)))
		r.Header.Set("A2A-Version", "1.0")
		return r
	}},
}

// rpcRequest is a JSON-RPC POST of body to path, at the benchmark edge's host.
func rpcRequest(path, body string) *http.Request {
	r := httptest.NewRequest(http.MethodPost, path, io.NopCloser(strings.NewReader(body)))
	r.Host = strings.TrimPrefix(base, "https://")
	r.Header.Set("Content-Type", "application/json")
	return r
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// cpuTime is the CPU time the process has used, user and system, in nanoseconds.
func cpuTime() int64 {
	var u syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &u)
	return u.Utime.Nano() + u.Stime.Nano()
}
