package eval_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/iconlib/iconlib/build/eval"
	"github.com/iconlib/iconlib/internal/search"
)

// TestReadFirsts reads known first hits with their reasons and comments left out, and refuses a line
// without a query and one id.
func TestReadFirsts(t *testing.T) {
	got, err := eval.ReadFirsts(strings.NewReader("# known firsts\ncog: settings  # not world-cog\n\nopen the menu: menu-2\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := []eval.First{{Query: "cog", ID: "settings"}, {Query: "open the menu", ID: "menu-2"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("firsts (-want +got):\n%s", diff)
	}
	for _, bad := range []string{"cog settings", ": settings", "cog:", "cog: settings gear"} {
		if _, err := eval.ReadFirsts(strings.NewReader(bad)); err == nil || !strings.Contains(err.Error(), "line 1") {
			t.Errorf("%q: error %v, want one naming line 1", bad, err)
		}
	}
}

// TestNotFirstNamesTheQueriesRankedOtherwise: over a small index, a query whose first hit is another
// icon is named, one that comes first is not.
func TestNotFirstNamesTheQueriesRankedOtherwise(t *testing.T) {
	ix, err := search.NewIndex([]search.Doc{{ID: "bell", Name: "Bell"}, {ID: "home", Name: "Home"}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	got, err := eval.NotFirst([]eval.First{{Query: "bell", ID: "bell"}, {Query: "home", ID: "bell"}}, ix.Search)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"home"}, got); diff != "" {
		t.Errorf("not first (-want +got):\n%s", diff)
	}
}
