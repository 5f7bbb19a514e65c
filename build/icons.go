package build

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"html"
	"runtime"
	"sort"
	"strconv"

	"golang.org/x/sync/errgroup"

	"github.com/iconlib/iconlib/build/content"
	"github.com/iconlib/iconlib/build/motion"
	"github.com/iconlib/iconlib/internal/catalog"
	"github.com/iconlib/iconlib/internal/jsonfile"
	"github.com/iconlib/iconlib/internal/svg"
)

// buildIcons turns every source icon into its animation file, static SVG and record, in parallel.
func (b *builder) buildIcons(ctx context.Context) error {
	b.icons = make([]catalog.Icon, len(b.sources))
	g, ctx := errgroup.WithContext(ctx)
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i, src := range b.sources {
		g.Go(func() error {
			if err := ctx.Err(); err != nil {
				return err
			}
			rec, err := b.buildIcon(src)
			b.icons[i] = rec
			return err
		})
	}
	return g.Wait()
}

func (b *builder) buildIcon(src content.Icon) (catalog.Icon, error) {
	fig, err := figure(src.Outline)
	if err != nil {
		return catalog.Icon{}, fmt.Errorf("%s: icon %q: %w", src.Origin, src.ID, err)
	}
	anim, err := motion.Animate(src.ID, fig, b.choreography(src, fig))
	if err != nil {
		return catalog.Icon{}, fmt.Errorf("%s: icon %q: %w", src.Origin, src.ID, err)
	}
	file, err := json.Marshal(anim.File)
	if err != nil {
		return catalog.Icon{}, fmt.Errorf("icon %q: %w", src.ID, err)
	}
	sum := sha256.Sum256(file)
	rec, err := b.record(src, anim, hex.EncodeToString(sum[:]), len(file))
	if err != nil {
		return rec, fmt.Errorf("icon %q: %w", src.ID, err)
	}
	if err := b.site.add(catalog.AnimationFile(src.ID), file); err != nil {
		return rec, err
	}
	if err := b.site.add(catalog.SVGFile(src.ID), staticSVG(src.Outline)); err != nil {
		return rec, err
	}
	return rec, b.addJSON(catalog.RecordFile(src.ID), rec)
}

// choreography is the icon's hand-made choreography when its edit has one, else what the rules choose.
func (b *builder) choreography(src content.Icon, fig motion.Figure) motion.Choreography {
	if c := b.edits[src.ID].Motion; c != nil {
		return *c
	}
	return motion.Choose(src.ID, src.Tags, src.Category, fig)
}

// figure converts SVG nodes to the parts of a drawing, one part per node.
func figure(nodes []content.Node) (motion.Figure, error) {
	fig := make(motion.Figure, 0, len(nodes))
	for i, n := range nodes {
		contours, err := svg.Contours(svg.Element{Name: n.Name, Attrs: n.Attrs})
		if err != nil {
			return nil, fmt.Errorf("SVG node %d (%s): %w", i+1, n.Name, err)
		}
		paint, err := nodePaint(n.Attrs)
		if err != nil {
			return nil, fmt.Errorf("SVG node %d (%s): %w", i+1, n.Name, err)
		}
		fig = append(fig, motion.Part{Paint: paint, Contours: contours})
	}
	return fig, nil
}

// nodePaint reads the paint attributes Tabler nodes use over the icon's defaults (stroked, not filled).
func nodePaint(attrs map[string]string) (motion.Paint, error) {
	p := motion.Paint{Stroke: attrs["stroke"] != "none", Fill: attrs["fill"] != "" && attrs["fill"] != "none", Opacity: 1}
	if o, ok := attrs["opacity"]; ok {
		v, err := strconv.ParseFloat(o, 64)
		if err != nil || v < 0 || v > 1 {
			return p, fmt.Errorf("attribute opacity: %q is not a number from 0 to 1", o)
		}
		p.Opacity = v
	}
	return p, nil
}

// staticSVG writes the icon as a plain SVG in Tabler's style, for previews and as a fallback.
func staticSVG(nodes []content.Node) []byte {
	var buf bytes.Buffer
	buf.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">`)
	for _, n := range nodes {
		buf.WriteString("<" + n.Name)
		keys := make([]string, 0, len(n.Attrs))
		for k := range n.Attrs {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			fmt.Fprintf(&buf, ` %s="%s"`, html.EscapeString(k), html.EscapeString(n.Attrs[k]))
		}
		buf.WriteString("/>")
	}
	buf.WriteString("</svg>\n")
	return buf.Bytes()
}

// addJSON adds a file holding v as indented JSON.
func (b *builder) addJSON(path string, v any) error {
	body, err := jsonfile.Indent(v)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return b.site.add(path, body)
}
