package edge_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/iconlib/iconlib/build"
	"github.com/iconlib/iconlib/edge"
	"github.com/iconlib/iconlib/edge/access"
	"github.com/iconlib/iconlib/internal/contract"
)

// fixtureWith copies the fixture content and gives arrow-left the description desc.
func fixtureWith(t *testing.T, desc string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("../build/testdata/content")); err != nil {
		t.Fatal(err)
	}
	edits := "arrow-left:\n  description: " + desc + "\n  tags: [return]\n"
	if err := os.WriteFile(filepath.Join(dir, "icons", "edits.yaml"), []byte(edits), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// publish builds content into out, a new snapshot, and returns the snapshot's directory as the edge
// sees it (links resolved).
func publish(t *testing.T, content, out string) string {
	t.Helper()
	return publishWith(t, build.Options{ContentDir: content, OutDir: out})
}

// publishWith builds as opts say, at the test's base URL, and returns the snapshot directory it published.
func publishWith(t *testing.T, opts build.Options) string {
	t.Helper()
	opts.BaseURL = contract.MustParseBaseURL(base)
	r, err := build.Run(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	dir, err := filepath.EvalSymlinks(r.Snapshot)
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// reloadable is an edge over a published fixture, whose log a test can read.
type reloadable struct {
	*edge.Edge
	out string
	log *syncBuffer
	mu  sync.Mutex
	// named maps each ETag of a computed answer to the SHA-256 of the bytes first seen under it: an
	// ETag names bytes, so it must never come with others.
	named map[string][sha256.Size]byte
}

func newReloadable(t *testing.T, content string) *reloadable {
	t.Helper()
	out := filepath.Join(t.TempDir(), "public")
	publish(t, content, out)
	log := &syncBuffer{}
	e, err := edge.New(edge.Config{Version: "test", PublicDir: out, AnswerCacheMB: 8, Logger: slog.New(slog.NewTextHandler(log, nil)),
		Access: access.Settings{KeyFile: filepath.Join(t.TempDir(), "key.pem"), Limits: access.Unlimited(), Clock: time.Now}})
	if err != nil {
		t.Fatal(err)
	}
	return &reloadable{Edge: e, out: out, log: log, named: map[string][sha256.Size]byte{}}
}

// get serves one request, and fails the test unless it is a 200 whose body is what its ETag and
// Content-Length say.
func (r *reloadable) get(t *testing.T, path string) *httptest.ResponseRecorder {
	t.Helper()
	rec, problem := r.serve(path)
	if problem != "" {
		t.Fatal(problem)
	}
	return rec
}

// serve serves one request and says what is wrong with the answer, if anything.
func (r *reloadable) serve(path string) (*httptest.ResponseRecorder, string) {
	rec := httptest.NewRecorder()
	r.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
	if rec.Code != http.StatusOK {
		return rec, "GET " + path + ": " + strconv.Itoa(rec.Code) + " " + rec.Body.String()
	}
	if msg := disagrees(rec.Header(), rec.Body.Bytes(), strings.Contains(path, "?")); msg != "" {
		return rec, "GET " + path + ": " + msg
	}
	return rec, r.renamed(path, rec)
}

// renamed says whether an ETag came with other bytes before.
func (r *reloadable) renamed(path string, rec *httptest.ResponseRecorder) string {
	etag, sum := rec.Header().Get("ETag"), sha256.Sum256(rec.Body.Bytes())
	r.mu.Lock()
	defer r.mu.Unlock()
	if first, ok := r.named[etag]; ok && first != sum {
		return "GET " + path + ": ETag " + etag + " came with other bytes before"
	}
	r.named[etag] = sum
	return ""
}

// disagrees says how a body differs from its Content-Length or, for a file (not computed), from its ETag
// (the first 32 hex digits of its SHA-256), or returns "". A computed answer's ETag names the snapshot
// and the question, not the bytes: renamed checks it.
func disagrees(h http.Header, body []byte, computed bool) string {
	sum := sha256.Sum256(body)
	if want := `"` + hex.EncodeToString(sum[:])[:32] + `"`; !computed && h.Get("ETag") != want {
		return "ETag " + h.Get("ETag") + " for bytes hashing to " + want
	}
	if computed && h.Get("ETag") == "" {
		return "no ETag"
	}
	if n := h.Get("Content-Length"); n != "" && n != strconv.Itoa(len(body)) {
		return "Content-Length " + n + " for " + strconv.Itoa(len(body)) + " bytes"
	}
	return ""
}

// finds reports whether searching q finds id.
func (r *reloadable) finds(t *testing.T, q, id string) bool {
	t.Helper()
	var answer struct {
		Items []struct {
			ID string `json:"id"`
		} `json:"items"`
	}
	if err := json.Unmarshal(r.get(t, "/api/v1/icons?q="+q).Body.Bytes(), &answer); err != nil {
		t.Fatal(err)
	}
	for _, it := range answer.Items {
		if it.ID == id {
			return true
		}
	}
	return false
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

// heldWriter is a ResponseWriter whose first Write waits for release: its request stays in flight, past
// choosing its snapshot and opening its file, until the test lets it go.
type heldWriter struct {
	header           http.Header
	body             bytes.Buffer
	once             sync.Once
	started, release chan struct{}
}

func newHeldWriter() *heldWriter {
	return &heldWriter{header: http.Header{}, started: make(chan struct{}), release: make(chan struct{})}
}

func (w *heldWriter) Header() http.Header { return w.header }
func (w *heldWriter) WriteHeader(int)     {}
func (w *heldWriter) Write(b []byte) (int, error) {
	w.once.Do(func() { close(w.started); <-w.release })
	return w.body.Write(b)
}

// TestReloadFinishesRequestsOnTheirSnapshot: a request in flight when the edge reloads finishes with the
// bytes, ETag and length of the snapshot it started on, even once a later build has removed that snapshot
// (with --prune; without, it would keep it for SnapshotGrace);
// requests after the reload see the new snapshot, its files and its search index.
func TestReloadFinishesRequestsOnTheirSnapshot(t *testing.T) {
	const phrase = "Wander back along the quokka trail."
	e := newReloadable(t, "../build/testdata/content")
	first, err := filepath.EvalSymlinks(e.out)
	if err != nil {
		t.Fatal(err)
	}
	before, err := os.ReadFile(filepath.Join(first, contract.CatalogFile))
	if err != nil {
		t.Fatal(err)
	}
	if e.finds(t, "quokka", "arrow-left") {
		t.Fatal("the first snapshot already finds the new phrase")
	}

	held := newHeldWriter()
	done := make(chan struct{})
	go func() {
		defer close(done)
		e.ServeHTTP(held, httptest.NewRequest(http.MethodGet, "/"+contract.CatalogFile, nil))
	}()
	<-held.started
	publish(t, fixtureWith(t, phrase), e.out)
	if err := e.Reload(); err != nil {
		t.Fatal(err)
	}
	publishWith(t, build.Options{ContentDir: fixtureWith(t, "Head back once more."), OutDir: e.out, Prune: true})
	if _, err := os.Stat(first); !os.IsNotExist(err) {
		t.Fatalf("the third build, pruning, did not remove the first snapshot: %v", err)
	}
	close(held.release)
	<-done
	if !bytes.Equal(held.body.Bytes(), before) {
		t.Error("the request in flight did not finish with the bytes of its snapshot")
	}
	if msg := disagrees(held.header, held.body.Bytes(), false); msg != "" {
		t.Errorf("the request in flight: %s", msg)
	}

	if !strings.Contains(e.get(t, "/api/v1/icons/arrow-left").Body.String(), phrase) || !e.finds(t, "quokka", "arrow-left") {
		t.Error("after the reload, the record or the search does not have the new description")
	}
	if !strings.Contains(e.log.String(), "snapshot loaded") {
		t.Errorf("no snapshot was logged:\n%s", e.log)
	}
}

// TestReloadRefusesABrokenSnapshot: a snapshot that cannot be loaded whole is refused with a log line that
// names it, and the edge goes on serving the one it had; a good build after it is loaded.
func TestReloadRefusesABrokenSnapshot(t *testing.T) {
	tests := []struct {
		name, file string // file: the file of the new snapshot to replace with garbage
	}{
		{"catalog", contract.CatalogFile},
		{"guides", contract.GuidesFile},
		{"search index", "search/icons/index.bin"},
		{"word vectors", "search/vectors.bin"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := newReloadable(t, "../build/testdata/content")
			broken := publish(t, fixtureWith(t, "Broken in the quokka build."), e.out)
			// Remove first: the file may be a hard link shared with the snapshot being served.
			path := filepath.Join(broken, filepath.FromSlash(tc.file))
			if err := os.Remove(path); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte("{not"), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := e.Reload(); err == nil {
				t.Fatal("a broken snapshot was loaded")
			}
			if log := e.log.String(); !strings.Contains(log, "level=ERROR msg=\"snapshot refused") || !strings.Contains(log, broken) {
				t.Errorf("the refusal is not logged with the snapshot's directory:\n%s", log)
			}
			if e.finds(t, "quokka", "arrow-left") || !e.finds(t, "previous", "arrow-left") {
				t.Error("the edge does not go on serving the snapshot it had")
			}
			e.get(t, "/"+contract.CatalogFile)

			publish(t, fixtureWith(t, "Fixed on the quokka trail."), e.out)
			if err := e.Reload(); err != nil || !e.finds(t, "quokka", "arrow-left") {
				t.Errorf("a good snapshot after a refused one: %v", err)
			}
		})
	}
}

// TestReloadUnderConcurrentRequests: while builds and reloads follow each other, every answer is a 200
// whose bytes match its ETag and length (run with -race).
func TestReloadUnderConcurrentRequests(t *testing.T) {
	e := newReloadable(t, "../build/testdata/content")
	contents := []string{fixtureWith(t, "First quokka words."), fixtureWith(t, "Second quokka words.")}
	paths := []string{"/" + contract.CatalogFile, "/api/v1/icons/arrow-left", "/icons/arrow-left/",
		"/api/v1/icons?q=quokka", "/api/v1/icons?limit=2&offset=1", "/assets/arrow-left.json", "/manifest.json"}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for w := range 3 {
		wg.Go(func() {
			for i := w; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				if _, problem := e.serve(paths[i%len(paths)]); problem != "" {
					t.Error(problem)
				}
			}
		})
	}
	for i := range 4 {
		publish(t, contents[i%2], e.out)
		if err := e.Reload(); err != nil {
			t.Error(err)
		}
	}
	close(stop)
	wg.Wait()
}
