package e2e

import (
	"bytes"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/iconlib/iconlib/internal/testtool"
)

// nginxConf is the deployment's nginx configuration, the file docs/deploy.md points to.
const nginxConf = "../../deploy/nginx/iconlib.conf"

// nginxMain wraps the rendered iconlib.conf as Debian's /etc/nginx/nginx.conf wraps sites-enabled/, with
// Debian's settings that could change what the site sends (gzip on, sendfile), and every path nginx
// writes under the test's directory, so it runs as root or not.
const nginxMain = `%s
worker_processes 1;
events { worker_connections 256; }
http {
    sendfile on;
    tcp_nopush on;
    gzip on;
    default_type application/octet-stream;
    access_log off;
    client_body_temp_path %[2]s/body;
    proxy_temp_path %[2]s/proxy;
    fastcgi_temp_path %[2]s/fastcgi;
    uwsgi_temp_path %[2]s/uwsgi;
    scgi_temp_path %[2]s/scgi;
    include %[2]s/iconlib.conf;
}
`

// nginxForTest finds nginx: $ICONLIB_NGINX, else nginx in PATH or Debian's /usr/sbin/nginx. Without one
// the test is skipped, unless ICONLIB_REQUIRE_NGINX is set (.ci/run sets it): then it fails.
func nginxForTest(t *testing.T) string {
	return testtool.Tool{Name: "nginx", PathEnv: "ICONLIB_NGINX", Places: []string{"/usr/sbin/nginx"},
		Require: "ICONLIB_REQUIRE_NGINX", Install: "install Debian's nginx-light (make test-deps)"}.Find(t)
}

// startNginx renders deploy/nginx/iconlib.conf for public/ and the edge at edgeAddr (host:port), runs
// nginx in the foreground on a free loopback port, and returns its base URL once it answers. nginx
// stops when the test ends; its log is shown if the test failed.
func startNginx(t *testing.T, bin, public, edgeAddr string) string {
	t.Helper()
	dir := t.TempDir()
	addr := freeLoopbackAddr(t)
	site := renderFrontConf(t, nginxConf, public, addr, edgeAddr)
	user := "" // nginx's workers drop root for nobody, who cannot read the test's 0700 directories
	if os.Geteuid() == 0 {
		user = "user root;"
	}
	files := map[string]string{
		"iconlib.conf": site,
		"nginx.conf":   fmt.Sprintf(nginxMain, user, dir),
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var log bytes.Buffer
	cmd := exec.Command(bin, "-e", "stderr", "-p", dir+"/", "-c", filepath.Join(dir, "nginx.conf"),
		"-g", "daemon off; pid "+filepath.Join(dir, "nginx.pid")+"; error_log stderr;")
	cmd.Stdout, cmd.Stderr = &log, &log
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting %s: %v", bin, err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM) // fast shutdown
		select {
		case <-exited:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-exited
		}
		if t.Failed() {
			t.Logf("nginx log:\n%s", log.String())
		}
	})
	base := "http://" + addr
	deadline := time.Now().Add(10 * time.Second)
	for {
		select {
		case err := <-exited:
			exited <- err // for the cleanup
			t.Fatalf("nginx exited at start (%v):\n%s", err, log.String())
		default:
		}
		if c, err := net.DialTimeout("tcp", addr, time.Second); err == nil {
			c.Close()
			return base
		}
		if time.Now().After(deadline) {
			t.Fatalf("nginx did not listen on %s within 10s", addr)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// freeLoopbackAddr returns a loopback address with a port nobody listens on now.
func freeLoopbackAddr(t *testing.T) string {
	t.Helper()
	return freeLoopbackAddrs(t, 1)[0]
}

// freeLoopbackAddrs returns n distinct loopback addresses free at the time: each port is held until all
// are chosen, so two picks cannot get the same port (as two calls of freeLoopbackAddr can, the first one
// freed before the second).
func freeLoopbackAddrs(t *testing.T, n int) []string {
	t.Helper()
	addrs := make([]string, n)
	for i := range addrs {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer ln.Close()
		addrs[i] = ln.Addr().String()
	}
	return addrs
}

// rawClient sends requests as written: it neither asks for nor undoes compression, nor follows redirects.
func rawClient(t *testing.T) *http.Client {
	tr := &http.Transport{DisableCompression: true}
	t.Cleanup(tr.CloseIdleConnections)
	return &http.Client{
		Transport:     tr,
		Timeout:       30 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}
