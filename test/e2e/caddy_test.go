package e2e

import (
	"bytes"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/andybalholm/brotli"

	"github.com/iconlib/iconlib/internal/hostconf"
	"github.com/iconlib/iconlib/internal/testtool"
)

// caddyConf is the deployment's Caddyfile, the file docs/deploy.md points to.
const caddyConf = "../../deploy/caddy/Caddyfile"

// caddyForTest finds caddy: $ICONLIB_CADDY, else caddy in PATH or Debian's /usr/bin/caddy. Without one the
// test is skipped, unless ICONLIB_REQUIRE_CADDY is set (.ci/run sets it): then it fails.
func caddyForTest(t *testing.T) string {
	return testtool.Tool{Name: "caddy", PathEnv: "ICONLIB_CADDY", Places: []string{"/usr/bin/caddy"},
		Require: "ICONLIB_REQUIRE_CADDY", Install: "install Debian's caddy (make caddy-deps)"}.Find(t)
}

// TestCaddyServesSnapshot runs deploy/caddy/Caddyfile in Caddy in front of the edge, as docs/deploy.md
// says to deploy, and runs the suite every front passes through it; files go out as the build's
// precompressed sidecars.
func TestCaddyServesSnapshot(t *testing.T) {
	bin := caddyForTest(t)
	lib := fullLibrary(t)
	front := startCaddy(t, bin, lib.Public, strings.TrimPrefix(lib.URL, "http://"))
	checkFront(t, front, firstIcon(t, lib.Public), firstGuide(t, lib.Public))

	t.Run("precompressed sidecars", func(t *testing.T) {
		c := rawClient(t)
		for coding, suffix := range map[string]string{"br": ".br", "gzip": ".gz"} {
			a := send(t, c, "GET", front+"/catalog.json", "", "Accept-Encoding", coding)
			if a.header.Get("Content-Encoding") != coding || !bytes.Equal(a.body, mustRead(t, lib.Public, "catalog.json"+suffix)) {
				t.Errorf("catalog.json to a %s client: Content-Encoding %q, %d bytes; want the build's sidecar", coding, a.header.Get("Content-Encoding"), len(a.body))
			}
		}
		br := send(t, c, "GET", front+"/catalog.json", "", "Accept-Encoding", "br")
		if plain, err := unbrotli(br.body); err != nil || !bytes.Equal(plain, mustRead(t, lib.Public, "catalog.json")) {
			t.Errorf("the br body does not decompress to catalog.json: %v", err)
		}
	})

	t.Run("every kind of file as the edge sends it", func(t *testing.T) {
		c := rawClient(t)
		for _, rel := range sampleFiles(t, lib.Public) {
			a, e := send(t, c, "GET", front+"/"+rel, ""), send(t, c, "GET", lib.URL+"/"+rel, "")
			sameAnswer(t, rel, a, e, "Content-Type", "Cache-Control")
			if !bytes.Equal(a.body, e.body) {
				t.Errorf("%s: Caddy sent %d bytes, the edge %d", rel, len(a.body), len(e.body))
			}
		}
	})
}

// unbrotli decompresses a brotli body.
func unbrotli(b []byte) ([]byte, error) {
	return io.ReadAll(brotli.NewReader(bytes.NewReader(b)))
}

// startCaddy renders deploy/caddy/Caddyfile for public/ and the edge at edgeAddr (host:port), runs caddy
// on a free loopback port with its state under the test's directory, and returns its base URL once it
// answers. Caddy stops when the test ends; its log is shown if the test failed.
func startCaddy(t *testing.T, bin, public, edgeAddr string) string {
	t.Helper()
	dir := t.TempDir()
	addr := freeLoopbackAddr(t)
	site := renderFrontConf(t, caddyConf, public, addr, edgeAddr)
	conf := filepath.Join(dir, "Caddyfile")
	if err := os.WriteFile(conf, []byte(site), 0o644); err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	cmd := exec.Command(bin, "run", "--adapter", "caddyfile", "--config", conf)
	cmd.Env = append(os.Environ(), "HOME="+dir, "XDG_DATA_HOME="+dir, "XDG_CONFIG_HOME="+dir)
	cmd.Stdout, cmd.Stderr = &log, &log
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting %s: %v", bin, err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-exited
		}
		if t.Failed() {
			t.Logf("caddy log:\n%s", log.String())
		}
	})
	deadline := time.Now().Add(10 * time.Second)
	for {
		select {
		case err := <-exited:
			exited <- err
			t.Fatalf("caddy exited at start (%v):\n%s", err, log.String())
		default:
		}
		if c, err := net.DialTimeout("tcp", addr, time.Second); err == nil {
			c.Close()
			return "http://" + addr
		}
		if time.Now().After(deadline) {
			t.Fatalf("caddy did not listen on %s within 10s", addr)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// renderFrontConf fills in a front's configuration template (nginx's, Caddy's) for public/, the front's
// listen address and the edge's address; a placeholder left over fails the test.
func renderFrontConf(t *testing.T, file, public, listen, edge string) string {
	t.Helper()
	tmpl, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	site := strings.NewReplacer(hostconf.PublicDirPlaceholder, public, hostconf.ListenPlaceholder, listen,
		hostconf.EdgePlaceholder, edge).Replace(string(tmpl))
	if left := regexp.MustCompile(`@[A-Z_]+@`).FindString(site); left != "" {
		t.Fatalf("%s: placeholder %s is not filled in by the test", file, left)
	}
	return site
}
