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
	"github.com/iconlib/iconlib/build/internal/svg"
	"github.com/iconlib/iconlib/build/motion"
	"github.com/iconlib/iconlib/internal/catalog"
	"github.com/iconlib/iconlib/internal/contract"
	"github.com/iconlib/iconlib/internal/jsonfile"
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
	fail := func(err error) (catalog.Icon, error) {
		return catalog.Icon{}, fmt.Errorf("%s: icon %q: %w", src.Origin, src.ID, err)
	}
	outline, err := figure(src.Outline, outlinePaint)
	if err != nil {
		return fail(err)
	}
	var filled motion.Figure
	if len(src.Filled) > 0 {
		if filled, err = figure(src.Filled, filledPaint); err != nil {
			return fail(fmt.Errorf("filled: %w", err))
		}
	}
	var targets []motion.Target
	for _, id := range b.edits[src.ID].Morphs {
		other, err := figure(b.source(id).Outline, outlinePaint)
		if err != nil {
			return fail(fmt.Errorf("morph into %s: %w", id, err))
		}
		targets = append(targets, motion.Target{ID: id, Outline: other})
	}
	anim, err := motion.Animate(motion.Icon{Name: src.ID, Outline: outline, Filled: filled,
		Motion: b.choreography(src, outline), Morphs: targets})
	if err != nil {
		return fail(err)
	}
	files := []styleFile{{style: "outline", anim: &anim.Outline, path: contract.AnimationFile(src.ID),
		svgPath: contract.SVGFile(src.ID), svg: staticSVG(src.Outline, outlineSVG)}}
	if anim.Filled != nil {
		files = append(files, styleFile{style: "filled", anim: anim.Filled, path: contract.FilledAnimationFile(src.ID),
			svgPath: contract.FilledSVGFile(src.ID), svg: staticSVG(src.Filled, filledSVG)})
	}
	var written []catalog.StyleFile
	for _, f := range files {
		body, err := json.Marshal(f.anim)
		if err != nil {
			return fail(err)
		}
		sum := sha256.Sum256(body)
		written = append(written, catalog.StyleFile{Style: f.style, FileURL: b.base + "/" + f.path,
			SHA256: hex.EncodeToString(sum[:]), SizeBytes: len(body), SVGURL: b.base + "/" + f.svgPath})
		if err := b.site.add(f.path, body); err != nil {
			return catalog.Icon{}, err
		}
		if err := b.site.add(f.svgPath, f.svg); err != nil {
			return catalog.Icon{}, err
		}
	}
	rec, err := b.record(src, anim, written)
	if err != nil {
		return rec, fmt.Errorf("icon %q: %w", src.ID, err)
	}
	body, err := json.Marshal(rec) // compact, as catalog.json holds it: one encoding of a record everywhere
	if err != nil {
		return rec, err
	}
	return rec, b.site.add(contract.RecordFile(src.ID), body)
}

// styleFile is one style's animation file and static picture, before it is written.
type styleFile struct {
	style, path, svgPath string
	anim                 any
	svg                  []byte
}

// source returns the icon set's icon of the given id, which load has checked exists.
func (b *builder) source(id string) content.Icon {
	i := sort.Search(len(b.sources), func(i int) bool { return b.sources[i].ID >= id })
	return b.sources[i]
}

// choreography is the icon's hand-made choreography when its edit has one, else what the rules choose.
func (b *builder) choreography(src content.Icon, fig motion.Figure) motion.Choreography {
	if c := b.edits[src.ID].Motion; c != nil {
		return *c
	}
	return motion.Choose(src.ID, src.Tags, src.Category, fig)
}

// figure converts SVG nodes to the parts of a drawing, one part per node, painted as paint reads them.
func figure(nodes []content.Node, paint func(map[string]string) (motion.Paint, error)) (motion.Figure, error) {
	fig := make(motion.Figure, 0, len(nodes))
	for i, n := range nodes {
		contours, err := svg.Contours(svg.Element{Name: n.Name, Attrs: n.Attrs})
		if err != nil {
			return nil, fmt.Errorf("SVG node %d (%s): %w", i+1, n.Name, err)
		}
		p, err := paint(n.Attrs)
		if err != nil {
			return nil, fmt.Errorf("SVG node %d (%s): %w", i+1, n.Name, err)
		}
		fig = append(fig, motion.Part{Paint: p, Contours: contours})
	}
	return fig, nil
}

// outlinePaint reads the paint attributes Tabler nodes use over the outline defaults (stroked, not filled).
func outlinePaint(attrs map[string]string) (motion.Paint, error) {
	return nodePaint(attrs, motion.Paint{Stroke: attrs["stroke"] != "none", Fill: attrs["fill"] != "" && attrs["fill"] != "none", Opacity: 1})
}

// filledPaint reads the nodes of the filled style, which are filled and never stroked.
func filledPaint(attrs map[string]string) (motion.Paint, error) {
	return nodePaint(attrs, motion.Paint{Fill: attrs["fill"] != "none", Opacity: 1})
}

// nodePaint reads a node's opacity into p.
func nodePaint(attrs map[string]string, p motion.Paint) (motion.Paint, error) {
	if o, ok := attrs["opacity"]; ok {
		v, err := strconv.ParseFloat(o, 64)
		if err != nil || v < 0 || v > 1 {
			return p, fmt.Errorf("attribute opacity: %q is not a number from 0 to 1", o)
		}
		p.Opacity = v
	}
	return p, nil
}

// The root elements of the static SVGs of each style, as Tabler writes them.
const (
	outlineSVG = `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">`
	filledSVG  = `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="currentColor" stroke="none">`
)

// staticSVG writes the icon as a plain SVG in Tabler's style, for previews and as a fallback.
func staticSVG(nodes []content.Node, root string) []byte {
	var buf bytes.Buffer
	buf.WriteString(root)
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
