package e2e

import (
	"html"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/iconlib/iconlib/internal/contract"
)

var (
	relNext  = regexp.MustCompile(`<link rel="next" href="([^"]+)">`)
	relPrev  = regexp.MustCompile(`<link rel="prev" href="([^"]+)">`)
	pageLink = regexp.MustCompile(`<li><a href="([^"]+)"( aria-current="page")?>\d+</a></li>`)
	status   = regexp.MustCompile(`<p id="status" class="status" role="status" aria-live="polite">([^<]*)</p>`)
)

// getPage fetches a page of the site: its status and body.
func getPage(t *testing.T, url string) (int, string) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, string(body)
}

// walkPages follows rel=next from first to the last page and answers the icons the pages' grids show, in
// order; each page names the one before it as rel=prev and links every page by number.
func walkPages(t *testing.T, base, first string) (ids []string, pages int) {
	t.Helper()
	prev := ""
	for url := first; url != ""; pages++ {
		code, body := getPage(t, base+url)
		if code != http.StatusOK {
			t.Fatalf("%s: %d", url, code)
		}
		if m := relPrev.FindStringSubmatch(body); (m == nil) != (prev == "") || m != nil && html.UnescapeString(m[1]) != prev {
			t.Errorf("%s: rel=prev %v, want %q", url, m, prev)
		}
		links := pageLink.FindAllStringSubmatch(body, -1)
		if pages == 0 && len(links) > 0 && html.UnescapeString(links[0][1]) != first {
			t.Errorf("%s: the first numbered link goes to %s", url, links[0][1])
		}
		grid := body[strings.Index(body, `id="grid"`):]
		for _, l := range tileLink.FindAllStringSubmatch(grid[:strings.Index(grid, "</ul>")], -1) {
			ids = append(ids, l[2])
		}
		prev, url = url, ""
		if m := relNext.FindStringSubmatch(body); m != nil {
			url = html.UnescapeString(m[1])
		}
		if pages > 100 {
			t.Fatal("over 100 pages")
		}
	}
	return ids, pages
}

// TestLongListsArePaged (issue 53): without a script, the all-icons view and a category's page show
// contract.TilesPerPage tiles a page, each page links the others (rel=prev and next, and by number), and
// the pages together show every icon of the list once, in the list's order.
func TestLongListsArePaged(t *testing.T) {
	lib := fullLibrary(t)
	list := iconList(t, lib.Public)
	for _, tc := range []struct{ first, category string }{{contract.AllIconsPage, ""}, {contract.CategoryPage("system"), "system"}} {
		var want []string
		for _, r := range list {
			if tc.category == "" || r[2] == tc.category {
				want = append(want, r[0])
			}
		}
		got, pages := walkPages(t, lib.URL, tc.first)
		if wantPages := (len(want) + contract.TilesPerPage - 1) / contract.TilesPerPage; pages != wantPages || pages < 2 {
			t.Errorf("%s: %d pages, want %d (at least 2)", tc.first, pages, wantPages)
		}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s: the pages show %d icons, want the list's %d in order", tc.first, len(got), len(want))
		}
	}
}

// TestHomeSearchGoesOn (issue 53): the edge's home page search goes past its first 48 tiles by ?page=,
// with rel=prev and next; its count says how many match well over every page, not only the first; a page
// that is not a number, and other parameters, are ignored.
func TestHomeSearchGoesOn(t *testing.T) {
	lib := fullLibrary(t)
	got, pages := walkPages(t, lib.URL, "/?q=arrow")
	if pages < 3 {
		t.Errorf("the search for arrow has %d pages, want at least 3", pages)
	}
	seen := map[string]bool{}
	for _, id := range got {
		if seen[id] {
			t.Errorf("%s shows on two pages", id)
		}
		seen[id] = true
	}
	_, body := getPage(t, lib.URL+"/?q=arrow")
	if m := status.FindStringSubmatch(body); m == nil || !regexp.MustCompile(`^(At least )?([1-9]\d{2,}) icons match well`).MatchString(m[1]) {
		t.Errorf("the count of the search for arrow: %v, want over 100 icons matching well", m)
	}
	for _, url := range []string{"/?q=arrow&page=2&fbclid=x", "/?q=arrow&utm_source=news&page=2"} {
		code, body := getPage(t, lib.URL+url)
		if m := relPrev.FindStringSubmatch(body); code != http.StatusOK || m == nil || html.UnescapeString(m[1]) != "/?q=arrow" {
			t.Errorf("%s: %d, rel=prev %v, want 200 and the first page", url, code, m)
		}
	}
	code, body := getPage(t, lib.URL+"/?q=arrow&page=x")
	if m := relPrev.FindStringSubmatch(body); code != http.StatusOK || m != nil || relNext.FindStringSubmatch(body) == nil {
		t.Errorf("/?q=arrow&page=x: %d, rel=prev %v, want 200 and the first page", code, m)
	}
}
