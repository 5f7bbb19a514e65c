package keyed_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/iconlib/iconlib/internal/keyed"
)

// TestReadSkipsCommentsAndNamesTheBadLine: comments and blank lines are left out, a value keeps its
// colons, a line without a key is refused with its number, and an entry's error stops the read.
func TestReadSkipsCommentsAndNamesTheBadLine(t *testing.T) {
	var got [][3]any
	err := keyed.Read(strings.NewReader("# a list\ncog: settings  # not world-cog\n\n  \ntime: 10:30\n"), `"key: value"`,
		func(line int, key, value string) error {
			got = append(got, [3]any{line, key, value})
			return nil
		})
	if err != nil {
		t.Fatal(err)
	}
	want := [][3]any{{2, "cog", " settings  "}, {5, "time", " 10:30"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("entries (-want +got):\n%s", diff)
	}
	err = keyed.Read(strings.NewReader("ok: yes\nno colon here\n"), `"key: value"`, func(int, string, string) error { return nil })
	if err == nil || err.Error() != `line 2: want "key: value"` {
		t.Errorf("a line without a key: %v", err)
	}
	stop := errors.New("stop")
	if err := keyed.Read(strings.NewReader("a: 1\nb: 2\n"), "", func(int, string, string) error { return stop }); err != stop {
		t.Errorf("an entry's error: %v, want it back", err)
	}
}
