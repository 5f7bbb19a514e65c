package main

import (
	"context"
	"os"
	"os/exec"
	"testing"

	"github.com/chromedp/chromedp"
)

// newBrowser starts headless Chromium (found by chromiumForTest: skipped without one, except in CI) with a
// fresh profile, and returns its context. Make a tab with chromedp.NewContext(browser, …). Chromium stops,
// and its profile is removed, when the test ends.
func newBrowser(t *testing.T) context.Context {
	t.Helper()
	path := chromiumForTest(t)
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
	)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancelAlloc) // stops Chromium and waits for it, before t.TempDir is removed
	browser, cancel := chromedp.NewContext(allocCtx)
	t.Cleanup(cancel)
	if err := chromedp.Do(browser); err != nil { // starts Chromium, with no timeout: one would stop it
		t.Fatalf("starting Chromium (%s): %v", path, err)
	}
	return browser
}

// chromiumForTest finds the browser: $ICONLIB_CHROMIUM, else `chromium` in PATH. Without one the test is
// skipped, except in CI (env CI set), where it must run.
func chromiumForTest(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("ICONLIB_CHROMIUM"); p != "" {
		if _, err := os.Stat(p); err != nil {
			t.Fatalf("ICONLIB_CHROMIUM=%s: %v", p, err)
		}
		return p
	}
	if p, err := exec.LookPath("chromium"); err == nil {
		return p
	}
	msg := "no Chromium: set ICONLIB_CHROMIUM or install Debian's chromium (make test-deps)"
	if os.Getenv("CI") != "" {
		t.Fatal(msg + "; CI must run the browser tests")
	}
	t.Skip(msg)
	return ""
}
