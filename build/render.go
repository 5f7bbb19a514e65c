package build

import (
	"context"
	"runtime"

	"encoding/json"
	"strings"

	"golang.org/x/sync/errgroup"

	"github.com/iconlib/iconlib/internal/contract"
)

// renderers write the files of the site from the model, the third phase of a build: each reads only the
// model and writes only its own files, so they run in parallel. (Each icon's own files are stored as it
// is animated: animateIcons.)
var renderers = []func(*model, *site) error{
	(*model).addCatalog,
	(*model).addIconIndex,
	(*model).addIconList,
	(*model).addGuides,
	(*model).addPages,
	(*model).addStatic,
	(*model).addSearchIndex,
	(*model).addDiscovery,
	(*model).addAgents,
	(*model).addLicense,
}

// render runs every renderer over m into s.
func render(ctx context.Context, m *model, s *site) error {
	g, ctx := errgroup.WithContext(ctx)
	g.SetLimit(runtime.GOMAXPROCS(0))
	for _, r := range renderers {
		g.Go(func() error {
			if err := ctx.Err(); err != nil {
				return err
			}
			return r(m, s)
		})
	}
	return g.Wait()
}

// addIconIndex writes the small index the website filters when no edge ranks queries (a static host):
// [id, name, category, "words to match"] per icon.
func (m *model) addIconIndex(s *site) error {
	rows := make([][4]string, len(m.icons))
	for i, ic := range m.icons {
		words := strings.ToLower(strings.Join(append([]string{ic.ID, ic.Name, ic.CategoryName}, ic.Tags...), " "))
		rows[i] = [4]string{ic.ID, ic.Name, ic.Category, words}
	}
	body, err := json.Marshal(rows)
	if err != nil {
		return err
	}
	return s.add(contract.IconIndexFile, body)
}
