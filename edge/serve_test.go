package edge_test

import (
	"bufio"
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/iconlib/iconlib/build"
	"github.com/iconlib/iconlib/edge"
	"github.com/iconlib/iconlib/edge/access"
	"github.com/iconlib/iconlib/internal/contract"
)

func serveConfig(t *testing.T, public, addr string) edge.ServeConfig {
	return edge.ServeConfig{Addr: addr, ShutdownTimeout: 5 * time.Second, Config: edge.Config{
		Logger: slog.New(slog.DiscardHandler), Version: "test", PublicDir: public, AnswerCacheMB: 8,
		Access: access.Settings{KeyFile: filepath.Join(t.TempDir(), "key.pem"), Clock: time.Now, Limits: access.DefaultLimits()}}}
}

// TestServeRefusesATakenPortBeforeLoading: a port already in use is refused at once, naming the address,
// even when public/ holds no build (which loading would refuse).
func TestServeRefusesATakenPortBeforeLoading(t *testing.T) {
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	err = edge.Serve(context.Background(), serveConfig(t, filepath.Join(t.TempDir(), "nothing"), taken.Addr().String()))
	if err == nil || !strings.Contains(err.Error(), "address already in use") || strings.Contains(err.Error(), "build") {
		t.Errorf("serve on a taken port: %v, want the listen error alone", err)
	}
}

// TestServeSaysWhereToOpenIt: once it serves, Serve writes "open http://localhost:<port>/" for a
// loopback address, and that address answers.
func TestServeSaysWhereToOpenIt(t *testing.T) {
	public := t.TempDir()
	if _, err := build.Run(context.Background(), build.Options{ContentDir: "../build/testdata/content", OutDir: public,
		BaseURL: contract.MustParseBaseURL(base)}); err != nil {
		t.Fatal(err)
	}
	cfg := serveConfig(t, public, "127.0.0.1:0")
	pr, pw := io.Pipe()
	cfg.Announce = pw
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- edge.Serve(ctx, cfg) }()
	defer func() {
		stop()
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	url, ok := strings.CutPrefix(strings.TrimSpace(line), "open http://localhost:")
	if !ok {
		t.Fatalf("Serve announced %q, want open http://localhost:<port>/", line)
	}
	res, err := http.Get("http://127.0.0.1:" + url + "healthz")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Errorf("GET /healthz at the announced port: %s", res.Status)
	}
}
