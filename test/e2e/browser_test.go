package e2e

import (
	"context"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/iconlib/iconlib/internal/testtool"
)

// newBrowser starts headless Chromium (found by chromiumForTest: skipped without one, except in CI) with a
// fresh profile, and returns its context. Make a tab with chromedp.NewContext(browser, …). Chromium stops,
// and its profile is removed, when the test ends.
func newBrowser(t *testing.T) context.Context {
	t.Helper()
	skipShort(t)
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
	return testtool.Tool{Name: "chromium", PathEnv: "ICONLIB_CHROMIUM", Require: "CI",
		Install: "install Debian's chromium (make test-deps)"}.Find(t)
}
