package main

import (
	"context"
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
