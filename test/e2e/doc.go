// Package e2e holds iconlib's end-to-end suites: the real library built by build.Run and served by
// edge.New (or by the iconlib binary itself), spoken to as users and their tools do: net/http, headless
// Chromium (chromedp) with lottie-web and Skottie, nginx in front of the edge, two edges sharing Redis.
//
// Under -short only the suites on the small fixture library run (a few seconds each); the suites on the
// whole library, its pages in Chromium and its animation files in two renderers need the full run (make
// test), and the whole-library renders their own targets (make motion-check-all, make lighthouse).
package e2e
