package edge_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/iconlib/iconlib/build"
	"github.com/iconlib/iconlib/edge"
	"github.com/iconlib/iconlib/edge/access"
	"github.com/iconlib/iconlib/internal/contract"
)

// BenchmarkRefusals is the abuse benchmark: one client whose quota is spent keeps calling the REST API,
// without a token and with forged ones (a real access token with its signature altered, a different one
// each request so no cache of results helps), through the whole edge, with the clock stopped so the
// window never closes. It reports refusals per second and the log bytes each refused request costs
// (the CLI's text log). Every answer must be a refusal (429, or 401 for a forged token).
func BenchmarkRefusals(b *testing.B) {
	out := b.TempDir()
	if _, err := build.Run(context.Background(), build.Options{ContentDir: "../build/testdata/content", OutDir: out, BaseURL: contract.MustParseBaseURL(base)}); err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		forged bool
	}{{"no-token", false}, {"forged-token", true}} {
		b.Run(c.name, func(b *testing.B) {
			logged := &countingWriter{header: http.Header{}}
			now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
			h, err := edge.New(edge.Config{Version: "test", PublicDir: out, Logger: slog.New(slog.NewTextHandler(logged, nil)),
				Access: access.Settings{KeyFile: filepath.Join(b.TempDir(), "key.pem"), Clock: func() time.Time { return now }, Limits: access.DefaultLimits()}})
			if err != nil {
				b.Fatal(err)
			}
			tokens := []string{""}
			if c.forged {
				tokens = forgedTokens(b, h, 1024)
			}
			call := func(i int) int {
				req := httptest.NewRequest(http.MethodGet, "/api/v1/icons/arrow-left", nil)
				req.RemoteAddr = "192.0.2.9:1234"
				if tok := tokens[i%len(tokens)]; tok != "" {
					req.Header.Set("Authorization", "Bearer "+tok)
				}
				w := httptest.NewRecorder()
				h.ServeHTTP(w, req)
				return w.Code
			}
			for i := range 5000 { // spend the quotas, whatever they are: 120 anonymous, and any ceiling
				call(i)
			}
			before := logged.n
			b.ReportAllocs()
			b.ResetTimer()
			start := time.Now()
			for i := 0; b.Loop(); i++ {
				if s := call(i); s != http.StatusTooManyRequests && s != http.StatusUnauthorized {
					b.Fatalf("request %d answered %d, not a refusal", i, s)
				}
			}
			b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "refusals/s")
			b.ReportMetric(float64(logged.n-before)/float64(b.N), "log-B/refusal")
		})
	}
}

// forgedTokens registers, exchanges and returns n altered copies of the access token: each with one
// character of its signature changed.
func forgedTokens(b *testing.B, h http.Handler, n int) []string {
	b.Helper()
	post := func(path, contentType, body string) map[string]any {
		req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(body))
		req.Header.Set("Content-Type", contentType)
		req.RemoteAddr = "198.51.100.1:1234"
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		var m map[string]any
		if w.Code != http.StatusOK || json.Unmarshal(w.Body.Bytes(), &m) != nil {
			b.Fatalf("POST %s: %d %s", path, w.Code, w.Body)
		}
		return m
	}
	reg := post("/agent/identity", "application/json", `{"type":"anonymous"}`)
	form := url.Values{"grant_type": {"urn:ietf:params:oauth:grant-type:jwt-bearer"}, "assertion": {reg["identity_assertion"].(string)}}
	tok := post("/oauth2/token", "application/x-www-form-urlencoded", form.Encode())["access_token"].(string)
	sig := strings.LastIndexByte(tok, '.') + 1
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	out := make([]string, 0, n)
	for i := range n {
		p := []byte(tok)
		at := sig + i%(len(tok)-sig-1) // not the last character, whose low bits are unused
		p[at] = alphabet[(strings.IndexByte(alphabet, p[at])+1+i/(len(tok)-sig-1))%len(alphabet)]
		out = append(out, string(p))
	}
	return out
}
