package build_test

import (
	"strings"
	"testing"
)

// TestPopularIconsFollowTheCuratedList: the home page's "Popular icons" are content/icons/popular.txt's,
// in its order (circle-dot before arrow-left, though the ids sort the other way).
func TestPopularIconsFollowTheCuratedList(t *testing.T) {
	out := t.TempDir()
	runBuild(t, fixtureContent, out)
	home := readFile(t, out, "index.html")
	grid := home[strings.Index(home, `id="grid"`):]
	grid = grid[:strings.Index(grid, "</ul>")]
	dot, arrow := strings.Index(grid, `data-icon="circle-dot"`), strings.Index(grid, `data-icon="arrow-left"`)
	if dot < 0 || arrow < 0 || dot > arrow || strings.Count(grid, `class="tile"`) != 2 {
		t.Errorf("popular icons: want circle-dot, then arrow-left, and nothing else:\n%s", grid)
	}
}
