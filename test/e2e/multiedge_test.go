//go:build unix

package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/iconlib/iconlib/build"
	"github.com/iconlib/iconlib/internal/contract"
	"github.com/iconlib/iconlib/internal/redistest"
)

// TestTwoEdgesShareOneLimit runs two `iconlib serve` processes over one build, one key file and one
// Redis, as docs/deploy.md's multi-edge section deploys them, and sends anonymous requests from one
// client address (X-Forwarded-For from a trusted proxy) to each in turn: 240 of them see exactly 120
// admitted, counted down jointly, and 120 refused with Retry-After. So do 240 through nginx with both
// edges in its upstream (where nginx is installed). With Redis stopped under load, no request fails and
// each edge counts alone (120 each); once Redis is back, both count jointly again.
func TestTwoEdgesShareOneLimit(t *testing.T) {
	rds := redistest.Start(t)
	bin := iconlibBinary(t)
	out := filepath.Join(t.TempDir(), "public")
	if _, err := build.Run(context.Background(), build.Options{ContentDir: reloadContent, OutDir: out,
		BaseURL: contract.MustParseBaseURL("http://icons.test")}); err != nil {
		t.Fatal(err)
	}
	keyFile := filepath.Join(t.TempDir(), "signing-key.pem")
	if b, err := exec.Command(bin, "keys", "rotate", "--key-file", keyFile, "--public", out).CombinedOutput(); err != nil {
		t.Fatalf("keys rotate: %v\n%s", err, b)
	}
	edges := []*edgeProcess{startEdgeProcess(t, bin, out, keyFile, rds.URL()), startEdgeProcess(t, bin, out, keyFile, rds.URL())}
	c := rawClient(t)

	t.Run("shared quota", func(t *testing.T) { checkJointQuota(t, c, edges, "203.0.113.1") })

	t.Run("behind nginx", func(t *testing.T) {
		// deploy/nginx/iconlib.conf with both edges in its upstream, as docs/deploy.md renders it.
		ngx := startNginx(t, nginxForTest(t), out, edges[0].addr()+"; server "+edges[1].addr())
		before := []float64{servedCategories(t, c, edges[0]), servedCategories(t, c, edges[1])}
		checkJointQuota(t, c, []*edgeProcess{{url: ngx}}, "203.0.113.4")
		for i, e := range edges {
			if n := servedCategories(t, c, e) - before[i]; n < 30 { // round robin: about 60 each
				t.Errorf("edge %s answered %v of the 120 REST requests through nginx; want its share", e.url, n)
			}
		}
		if a := send(t, c, "GET", ngx+"/catalog.json", ""); a.status != http.StatusOK || !bytes.Equal(a.body, mustRead(t, out, "catalog.json")) {
			t.Errorf("catalog.json through nginx: %d, %d bytes", a.status, len(a.body))
		}
	})

	t.Run("tokens work on either edge", func(t *testing.T) {
		reg := send(t, c, "POST", edges[0].url+"/agent/identity", `{"type":"anonymous"}`, "Content-Type", "application/json")
		assertion := jsonField(t, reg.body, "identity_assertion")
		tok := send(t, c, "POST", edges[1].url+"/oauth2/token",
			"grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion="+assertion,
			"Content-Type", "application/x-www-form-urlencoded")
		a := send(t, c, "GET", edges[0].url+"/api/v1/categories", "", "Authorization", "Bearer "+jsonField(t, tok.body, "access_token"))
		if a.status != http.StatusOK || !strings.HasPrefix(a.header.Get("RateLimit-Policy"), `"agent"`) {
			t.Errorf("a token from the other edge: %d %q", a.status, a.header.Get("RateLimit-Policy"))
		}
	})

	t.Run("redis stopped and restarted", func(t *testing.T) {
		load := startAnonymousLoad(c, edges, "203.0.113.9")
		defer load.stop()
		waitFor(t, "some load", func() bool { return load.sent() >= 20 })
		rds.Stop()
		admitted, refused := 0, 0
		for i := range 300 { // each edge counts alone: 120 each
			a := anonymousRequest(t, c, edges[i%2], i, "203.0.113.2")
			switch a.status {
			case http.StatusOK:
				admitted++
			case http.StatusTooManyRequests:
				refused++
			default:
				t.Fatalf("request %d with Redis down: %d %s", i+1, a.status, a.body)
			}
		}
		if admitted != 240 || refused != 60 {
			t.Errorf("with Redis down: %d admitted, %d refused; want 120 by each edge, counted locally", admitted, refused)
		}
		for _, e := range edges {
			if m := scrape(t, c, e.metricsURL); !strings.Contains(m, "\niconlib_ratelimit_store_fallback 1\n") {
				t.Errorf("edge %s: the metrics do not show the fallback:\n%s", e.url, grepLines(m, "iconlib_ratelimit_store"))
			}
		}

		rds.Restart()
		for _, e := range edges { // a request after the retry interval finds Redis back
			waitFor(t, "the edge to count in Redis again", func() bool {
				anonymousRequest(t, c, e, 0, "203.0.113.250")
				return strings.Contains(scrape(t, c, e.metricsURL), "\niconlib_ratelimit_store_fallback 0\n")
			})
		}
		load.stop()
		if load.sent() < 40 {
			t.Errorf("only %d requests of load while Redis was stopped and restarted", load.sent())
		}
		for _, p := range load.problems() {
			t.Error(p)
		}
		checkJointQuota(t, c, edges, "203.0.113.3")
		for _, e := range edges {
			l := e.log.String()
			t.Logf("edge %s:\n%s", e.url, withoutLines(l, "msg=request"))
			if strings.Count(l, "rate limit store failed") != 1 || strings.Count(l, "rate limit store answers again") != 1 {
				t.Errorf("edge %s: want the fallback and the recovery logged once each:\n%s", e.url, grepLines(l, "rate limit store"))
			}
		}
	})

	t.Run("metrics only on the metrics address", func(t *testing.T) {
		if a := send(t, c, "GET", edges[0].url+"/metrics", ""); a.status != http.StatusNotFound || errorCode(a.body) != "not_found" {
			t.Errorf("/metrics on the public port: %d %s", a.status, a.body)
		}
		m := scrape(t, c, edges[0].metricsURL)
		for _, want := range []string{
			`iconlib_ratelimit_decisions_total{decision="rejected",policy="anonymous"} `,
			`iconlib_ratelimit_store_errors_total `,
			`iconlib_http_requests_total{route="/api/v1/categories",status="429",surface="rest"} `,
			`iconlib_snapshot_info{snapshot="`,
			`process_cpu_seconds_total `,
		} {
			if !strings.Contains(m, "\n"+want) {
				t.Errorf("the metrics lack %s", want)
			}
		}
	})
}

// checkJointQuota sends 240 anonymous requests from client to the edges in turn (or to one in front of
// them): the first 120 are admitted, with RateLimit counting down across the edges, and the rest refused
// with Retry-After.
func checkJointQuota(t *testing.T, c *http.Client, edges []*edgeProcess, client string) {
	t.Helper()
	for i := range 240 {
		a := anonymousRequest(t, c, edges[i%len(edges)], i, client)
		if i < 120 {
			if want := fmt.Sprintf(`"anonymous";r=%d;t=`, 119-i); a.status != http.StatusOK || !strings.HasPrefix(a.header.Get("RateLimit"), want) {
				t.Fatalf("request %d: %d RateLimit %q, want 200 and %s…", i+1, a.status, a.header.Get("RateLimit"), want)
			}
			continue
		}
		if retry, err := strconv.Atoi(a.header.Get("Retry-After")); a.status != http.StatusTooManyRequests || err != nil || retry < 1 {
			t.Fatalf("request %d: %d Retry-After %q, want 429 and a wait in seconds", i+1, a.status, a.header.Get("Retry-After"))
		}
	}
}

// anonymousRequest sends the i-th request of a client (its address in X-Forwarded-For) to e: a REST call
// or an MCP ping, in turn, so the count is the joint one of both surfaces.
func anonymousRequest(t *testing.T, c *http.Client, e *edgeProcess, i int, client string) answer {
	t.Helper()
	if i/2%2 == 0 {
		return send(t, c, "GET", e.url+"/api/v1/categories", "", "X-Forwarded-For", client)
	}
	return send(t, c, "POST", e.url+"/mcp", `{"jsonrpc":"2.0","id":1,"method":"ping"}`, "X-Forwarded-For", client,
		"Content-Type", "application/json", "Accept", "application/json, text/event-stream")
}

// edgeProcess is an `iconlib serve` process.
type edgeProcess struct {
	url, metricsURL string
	log             *syncBuffer
}

// addr is the edge's host:port.
func (e *edgeProcess) addr() string { return strings.TrimPrefix(e.url, "http://") }

// servedCategories is how many requests for /api/v1/categories the edge has answered, by its metrics.
func servedCategories(t *testing.T, c *http.Client, e *edgeProcess) float64 {
	t.Helper()
	var n float64
	for _, line := range strings.Split(scrape(t, c, e.metricsURL), "\n") {
		if rest, ok := strings.CutPrefix(line, `iconlib_http_requests_total{route="/api/v1/categories",`); ok {
			v, err := strconv.ParseFloat(rest[strings.LastIndexByte(rest, ' ')+1:], 64)
			if err != nil {
				t.Fatalf("metrics line %q: %v", line, err)
			}
			n += v
		}
	}
	return n
}

// startEdgeProcess runs `iconlib serve` on free loopback ports with the limits in Redis, trusting
// X-Forwarded-For from loopback, and returns once it answers. It stops (SIGTERM) when the test ends.
func startEdgeProcess(t *testing.T, bin, public, keyFile, redisURL string) *edgeProcess {
	t.Helper()
	// A long store timeout: under -race on a busy machine a call can take 100 ms, and would count locally.
	return launchEdge(t, nil, bin, "--public", public, "--key-file", keyFile, "--limits-store", redisURL,
		"--limits-store-timeout", "10s", "--trusted-proxies", "127.0.0.1", "--watch", "0")
}

// launchEdge runs `bin serve` with args on free loopback ports, through wrapper (a command line bin and its
// arguments are appended to, such as a shell setting a limit; nil for none), and returns once it answers.
// It stops (SIGTERM) when the test ends, and must exit cleanly then.
func launchEdge(t *testing.T, wrapper []string, bin string, args ...string) *edgeProcess {
	t.Helper()
	addrs := freeLoopbackAddrs(t, 2)
	addr, metricsAddr := addrs[0], addrs[1]
	e := &edgeProcess{url: "http://" + addr, metricsURL: "http://" + metricsAddr + "/metrics", log: &syncBuffer{}}
	line := append(append(append([]string{}, wrapper...), bin, "serve", "--addr", addr, "--metrics-addr", metricsAddr), args...)
	cmd := exec.Command(line[0], line[1:]...)
	cmd.Stdout, cmd.Stderr = e.log, e.log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		if err := <-exited; err != nil {
			t.Errorf("edge %s exited with %v", e.url, err)
		}
		if t.Failed() {
			t.Logf("edge %s log, but for the request lines:\n%s", e.url, withoutLines(e.log.String(), "msg=request"))
		}
	})
	waitFor(t, "the edge to answer", func() bool {
		select {
		case err := <-exited:
			exited <- err
			t.Fatalf("the edge exited at start (%v):\n%s", err, e.log.String())
		default:
		}
		res, err := http.Get(e.url + "/healthz")
		if err == nil {
			res.Body.Close()
		}
		return err == nil
	})
	return e
}

// anonymousLoad is two clients sending anonymous requests to both edges until stopped, and what went
// wrong: any answer but 200 or 429, or no answer.
type anonymousLoad struct {
	done     chan struct{}
	stopOnce sync.Once
	wg       sync.WaitGroup
	mu       sync.Mutex
	n        int
	failed   []string
}

func startAnonymousLoad(c *http.Client, edges []*edgeProcess, client string) *anonymousLoad {
	l := &anonymousLoad{done: make(chan struct{})}
	for _, e := range edges {
		l.wg.Go(func() {
			for i := 0; i < 20000; i++ { // bounded; stop ends it sooner
				select {
				case <-l.done:
					return
				default:
				}
				req, _ := http.NewRequest("GET", e.url+"/api/v1/categories", nil)
				req.Header.Set("X-Forwarded-For", client)
				problem := ""
				if res, err := c.Do(req); err != nil {
					problem = err.Error()
				} else {
					res.Body.Close()
					if res.StatusCode != http.StatusOK && res.StatusCode != http.StatusTooManyRequests {
						problem = "status " + strconv.Itoa(res.StatusCode)
					}
				}
				l.mu.Lock()
				l.n++
				if problem != "" {
					l.failed = append(l.failed, e.url+": "+problem)
				}
				l.mu.Unlock()
				time.Sleep(5 * time.Millisecond)
			}
		})
	}
	return l
}

func (l *anonymousLoad) stop() {
	l.stopOnce.Do(func() { close(l.done) })
	l.wg.Wait()
}

func (l *anonymousLoad) sent() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.n
}

func (l *anonymousLoad) problems() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.failed
}

// scrape reads a metrics page, with a newline before its first line.
func scrape(t *testing.T, c *http.Client, url string) string {
	t.Helper()
	a := send(t, c, "GET", url, "")
	if a.status != http.StatusOK {
		t.Fatalf("scraping %s: %d", url, a.status)
	}
	return "\n" + string(a.body)
}

// jsonField is a string member of a JSON object; the test fails without it.
func jsonField(t *testing.T, body []byte, name string) string {
	t.Helper()
	var m map[string]any
	json.Unmarshal(body, &m)
	v, _ := m[name].(string)
	if v == "" {
		t.Fatalf("no %q in %s", name, body)
	}
	return v
}

func withoutLines(text, word string) string {
	var lines []string
	for _, line := range strings.Split(text, "\n") {
		if !strings.Contains(line, word) {
			lines = append(lines, line)
		}
	}
	return strings.Join(lines, "\n")
}
