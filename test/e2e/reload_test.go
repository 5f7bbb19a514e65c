//go:build unix

package e2e

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/iconlib/iconlib/build"
	"github.com/iconlib/iconlib/edge"
	"github.com/iconlib/iconlib/edge/access"
	"github.com/iconlib/iconlib/internal/contract"
)

// The edit the reload test makes: one icon's hand-written description gets a word no icon has.
const (
	editedIcon = "arrow-left"
	editedFrom = "description: Go back to the previous screen or step."
	editedTo   = "description: Go back to the previous screen or step, such as quokka telemetry."
	editedWord = "quokka"
)

// reloadContent is the content the reload test builds: the build's fixture, small enough that a build
// under -race takes a second (the real library's takes over a minute).
const reloadContent = "../../build/testdata/content"

// TestServeReloadsANewBuildUnderLoad: a library is served as `iconlib serve` does (watching off) from a
// temporary output path. While a few clients send a bounded mix of requests (static files with
// If-None-Match and gzip, records, pages, searches, listings), one icon's description is changed in a copy
// of the content, the site rebuilt into the output path, and SIGHUP sent to the process. No request fails,
// every body matches its ETag and Content-Length, and a search for the new word finds the icon after the
// reload, and not before it (nor after the rebuild alone).
func TestServeReloadsANewBuildUnderLoad(t *testing.T) {
	content, out := t.TempDir(), filepath.Join(t.TempDir(), "public")
	if err := os.CopyFS(content, os.DirFS(reloadContent)); err != nil {
		t.Fatal(err)
	}
	addr := freeLoopbackAddr(t)
	edgeURL := "http://" + addr
	opts := build.Options{ContentDir: content, OutDir: out, BaseURL: contract.MustParseBaseURL(edgeURL)}
	if _, err := build.Run(context.Background(), opts); err != nil {
		t.Fatal(err)
	}
	var logs syncBuffer
	cfg := edge.Config{Version: "test", PublicDir: out, AnswerCacheMB: 8, Logger: slog.New(slog.NewTextHandler(&logs, nil)), Access: access.Settings{
		KeyFile: filepath.Join(t.TempDir(), "key.pem"), Limits: access.Unlimited(), Clock: time.Now}}
	ctx, stopServing := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() {
		served <- edge.Serve(ctx, edge.ServeConfig{Config: cfg, Addr: addr, ShutdownTimeout: 10 * time.Second})
	}()
	t.Cleanup(func() {
		stopServing()
		if err := <-served; err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	client := &http.Client{Transport: &http.Transport{DisableCompression: true, MaxIdleConnsPerHost: 8}}
	waitFor(t, "the edge to answer", func() bool {
		res, err := client.Get(edgeURL + "/healthz")
		if err == nil {
			res.Body.Close()
		}
		return err == nil
	})
	if finds(t, client, edgeURL) {
		t.Fatal("the first build already finds " + editedWord)
	}

	load := startLoad(client, edgeURL, 4)
	t.Cleanup(load.stop) // before the edge stops, if the test ends early
	editContent(t, content)
	if _, err := build.Run(context.Background(), opts); err != nil {
		t.Fatal(err)
	}
	if finds(t, client, edgeURL) {
		t.Error("the edge serves the new build before it was told to reload")
	}
	if err := syscall.Kill(os.Getpid(), syscall.SIGHUP); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the search to find the new description", func() bool { return finds(t, client, edgeURL) })
	after := load.sent.Load()
	waitFor(t, "more requests after the reload", func() bool { return load.sent.Load() >= after+100 })
	load.stop()

	t.Logf("%d requests (%d 304), %d after the reload\n%s", load.sent.Load(), load.notModified.Load(),
		load.sent.Load()-after, grepLines(logs.String(), "snapshot"))
	for _, p := range load.problems() {
		t.Error(p)
	}
	// The new snapshot serves from the moment it is swapped in, a moment before its log line is written.
	waitFor(t, "the reload's log line", func() bool { return strings.Count(logs.String(), "snapshot loaded") >= 2 })
	if l := logs.String(); strings.Count(l, "snapshot loaded") != 2 || strings.Contains(l, "snapshot refused") {
		t.Errorf("want two snapshots loaded and none refused; the log:\n%s", grepLines(l, "snapshot"))
	}
}

// waitFor polls cond until it holds; a generous bound only keeps a broken edge from hanging the tests.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(3 * time.Minute); !cond(); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting for %s", what)
		}
	}
}

// editContent gives editedIcon its new description in the content's hand edits.
func editContent(t *testing.T, content string) {
	t.Helper()
	path := filepath.Join(content, "icons", "edits.yaml")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b, []byte(editedFrom)) {
		t.Fatalf("%s no longer holds %q; pick another edit", path, editedFrom)
	}
	if err := os.WriteFile(path, bytes.Replace(b, []byte(editedFrom), []byte(editedTo), 1), 0o644); err != nil {
		t.Fatal(err)
	}
}

// finds reports whether searching editedWord ranks editedIcon first.
func finds(t *testing.T, client *http.Client, base string) bool {
	t.Helper()
	res, err := client.Get(base + "/api/v1/icons?q=" + editedWord)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var answer struct {
		Items []struct {
			ID string `json:"id"`
		} `json:"items"`
	}
	if err := json.NewDecoder(res.Body).Decode(&answer); err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("search: %d %v", res.StatusCode, err)
	}
	return len(answer.Items) > 0 && answer.Items[0].ID == editedIcon
}

// load is a few clients sending a mix of requests until stopped, and what went wrong.
type load struct {
	sent, notModified atomic.Int64
	done              chan struct{}
	stopOnce          sync.Once
	wg                sync.WaitGroup
	mu                sync.Mutex
	failed            []string
	named             map[string][sha256.Size]byte // a computed answer's ETag → the bytes first seen under it
}

// loadMix is what each client asks for in turn; gzip asks for the build's precompressed sidecar.
var loadMix = []struct {
	path       string
	gzip, etag bool // etag: revalidate with the ETag of the last answer
}{
	{path: "/catalog.json", gzip: true, etag: true},
	{path: "/api/v1/icons/" + editedIcon, gzip: true, etag: true},
	{path: "/icons/" + editedIcon + "/", gzip: true},
	{path: "/assets/" + editedIcon + ".json", etag: true},
	{path: "/api/v1/icons?q=pulse&limit=20"},
	{path: "/api/v1/search?q=heart+beat"},
	{path: "/api/v1/icons?limit=100&offset=%d"},
	{path: "/manifest.json"},
	{path: "/api/v1/icons?q=" + editedWord},
}

// startLoad starts n clients, each sending at most 5,000 requests.
func startLoad(client *http.Client, base string, n int) *load {
	l := &load{done: make(chan struct{}), named: map[string][sha256.Size]byte{}}
	for c := range n {
		l.wg.Go(func() {
			etags := map[string]string{}
			for i := range 5000 {
				select {
				case <-l.done:
					return
				default:
				}
				req := loadMix[(c+i)%len(loadMix)]
				path := req.path
				if strings.Contains(path, "%d") {
					path = fmt.Sprintf(path, (i*100)%5200)
				}
				if problem := l.get(client, base+path, req.gzip, etags, req.etag); problem != "" {
					l.mu.Lock()
					l.failed = append(l.failed, "GET "+path+": "+problem)
					l.mu.Unlock()
				}
			}
		})
	}
	return l
}

// get sends one request and says what is wrong with its answer: a failure, a status other than 200 (or
// 304 to a revalidation), a body that is not what its ETag or Content-Length says.
func (l *load) get(client *http.Client, u string, gzip bool, etags map[string]string, revalidate bool) string {
	l.sent.Add(1)
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return err.Error()
	}
	if gzip {
		req.Header.Set("Accept-Encoding", "gzip")
	}
	sentTag := etags[u]
	if revalidate && sentTag != "" {
		req.Header.Set("If-None-Match", sentTag)
	}
	res, err := client.Do(req)
	if err != nil {
		return err.Error()
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	switch {
	case err != nil:
		return "reading the body: " + err.Error()
	case res.StatusCode == http.StatusNotModified && sentTag != "" && res.Header.Get("ETag") == sentTag:
		l.notModified.Add(1)
		return ""
	case res.StatusCode != http.StatusOK:
		return fmt.Sprintf("status %d: %.200s", res.StatusCode, body)
	case gzip != (res.Header.Get("Content-Encoding") == "gzip"):
		return "Content-Encoding " + res.Header.Get("Content-Encoding")
	case res.ContentLength != int64(len(body)):
		return fmt.Sprintf("Content-Length %d for %d bytes", res.ContentLength, len(body))
	}
	sum, etag := sha256.Sum256(body), res.Header.Get("ETag")
	etags[u] = etag
	if strings.Contains(u, "?") { // computed: the ETag names the snapshot and the question, and so its bytes
		l.mu.Lock()
		defer l.mu.Unlock()
		if first, ok := l.named[etag]; ok && first != sum || etag == "" {
			return "ETag " + etag + " came with other bytes before"
		}
		l.named[etag] = sum
		return ""
	}
	if want := `"` + hex.EncodeToString(sum[:])[:32] + `"`; etag != want {
		return "ETag " + etag + " for bytes hashing to " + want
	}
	return ""
}

// stop ends the load and waits for every client; it may be called more than once.
func (l *load) stop() {
	l.stopOnce.Do(func() { close(l.done) })
	l.wg.Wait()
}

func (l *load) problems() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.failed
}

type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func grepLines(text, word string) string {
	var lines []string
	for _, line := range strings.Split(text, "\n") {
		if strings.Contains(line, word) {
			lines = append(lines, line)
		}
	}
	return strings.Join(lines, "\n")
}
