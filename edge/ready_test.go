package edge_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/iconlib/iconlib/edge"
	"github.com/iconlib/iconlib/internal/contract"
)

// readiness is what /healthz and /readyz answer.
type readiness struct {
	Status, Snapshot, Version string
}

// manifestSnapshot is the snapshot hash of the build in public.
func manifestSnapshot(t *testing.T, public string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(public, contract.ManifestFile))
	if err != nil {
		t.Fatal(err)
	}
	var m contract.Manifest
	if err := json.Unmarshal(b, &m); err != nil || m.Snapshot == "" {
		t.Fatalf("%s: %v, snapshot %q", contract.ManifestFile, err, m.Snapshot)
	}
	return m.Snapshot
}

// getHealth GETs a health path and returns its status code and body, failing the test unless the body is
// JSON that no cache keeps.
func getHealth(t *testing.T, url string) (int, readiness) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var h readiness
	if err := json.NewDecoder(res.Body).Decode(&h); err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	if res.Header.Get("Content-Type") != "application/json" || res.Header.Get("Cache-Control") != "no-store" {
		t.Errorf("GET %s: Content-Type %q, Cache-Control %q", url, res.Header.Get("Content-Type"), res.Header.Get("Cache-Control"))
	}
	return res.StatusCode, h
}

// TestReadyzNamesTheSnapshotServed: while the edge takes traffic, /readyz answers 200 with the manifest's
// snapshot hash and the edge's version; /healthz answers its usual {"status":"ok"}.
func TestReadyzNamesTheSnapshotServed(t *testing.T) {
	e := newEdge(t)
	code, h := getHealth(t, e.URL+contract.ReadyPath)
	if want := (readiness{"ok", manifestSnapshot(t, e.public), "test"}); code != http.StatusOK || h != want {
		t.Errorf("GET /readyz: %d %+v, want 200 %+v", code, h, want)
	}
	if code, h := getHealth(t, e.URL+contract.HealthPath); code != http.StatusOK || h != (readiness{Status: "ok"}) {
		t.Errorf("GET /healthz: %d %+v", code, h)
	}
}

// TestReadyzDrainsBeforeTheEdgeStops: once asked to stop (the context ends: SIGTERM or SIGINT), the edge
// answers /readyz with 503 "draining" and its snapshot, and goes on serving every other request, /healthz
// included, for --drain-delay; only then does it close its port.
func TestReadyzDrainsBeforeTheEdgeStops(t *testing.T) {
	const delay = 1500 * time.Millisecond
	public := newEdge(t).public
	cfg := serveConfig(t, public, "127.0.0.1:0")
	cfg.DrainDelay = delay
	pr, pw := io.Pipe()
	cfg.Announce = pw
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	done := make(chan error, 1)
	go func() { done <- edge.Serve(ctx, cfg) }()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	port, _ := strings.CutPrefix(strings.TrimSpace(line), "open http://localhost:")
	url := "http://127.0.0.1:" + strings.TrimSuffix(port, "/")
	snapshot := manifestSnapshot(t, public)
	if code, h := getHealth(t, url+contract.ReadyPath); code != http.StatusOK || h.Status != "ok" {
		t.Fatalf("GET /readyz before stopping: %d %+v", code, h)
	}

	stop()
	asked := time.Now()
	for {
		code, h := getHealth(t, url+contract.ReadyPath)
		if code == http.StatusServiceUnavailable {
			if want := (readiness{"draining", snapshot, "test"}); h != want {
				t.Errorf("GET /readyz while draining: %+v, want %+v", h, want)
			}
			break
		}
		if time.Since(asked) > delay/2 {
			t.Fatalf("GET /readyz %s after the edge was asked to stop: %d %+v, want 503", time.Since(asked), code, h)
		}
		time.Sleep(10 * time.Millisecond)
	}
	if code, _ := getHealth(t, url+contract.HealthPath); code != http.StatusOK {
		t.Errorf("GET /healthz while draining: %d, want 200 (the edge is alive)", code)
	}
	if res, body := send(t, http.MethodGet, url+"/api/v1/categories", nil); res.StatusCode != http.StatusOK {
		t.Errorf("GET /api/v1/categories while draining: %d %s", res.StatusCode, body)
	}

	if err := <-done; err != nil {
		t.Errorf("serve: %v", err)
	}
	if took := time.Since(asked); took < delay {
		t.Errorf("the edge stopped %s after it was asked, before its drain delay of %s", took, delay)
	}
	if c, err := net.Dial("tcp", strings.TrimPrefix(url, "http://")); err == nil {
		c.Close()
		t.Error("the port still accepts connections after the drain")
	}
}
