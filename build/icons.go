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
	"slices"
	"sort"
	"strconv"

	"golang.org/x/sync/errgroup"

	"github.com/iconlib/iconlib/build/content"
	"github.com/iconlib/iconlib/build/internal/svg"
	"github.com/iconlib/iconlib/build/motion"
	"github.com/iconlib/iconlib/internal/catalog"
	"github.com/iconlib/iconlib/internal/contract"
)

// animateIcons turns every source icon into its record (under lic), in parallel, and stores its files in
// s as it goes: its animations, static SVGs and dotLottie file, and its record (compact, as catalog.json
// holds it: one encoding of a record everywhere).
func animateIcons(ctx context.Context, src *sources, base string, lic catalog.License, s *site, p *progress) ([]catalog.Icon, error) {
	icons := make([]catalog.Icon, len(src.icons))
	g, ctx := errgroup.WithContext(ctx)
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i, ic := range src.icons {
		g.Go(func() error {
			if err := ctx.Err(); err != nil {
				return err
			}
			rec, files, err := animateIcon(src, ic, base, lic)
			if err != nil {
				return err
			}
			p.icon(len(src.icons))
			if err := addIconFiles(s, rec, files); err != nil {
				return err
			}
			rec.Code = catalog.Code{} // 8 KB an icon; the icon page makes it again (addIconPages)
			icons[i] = rec
			return nil
		})
	}
	return icons, g.Wait()
}

// addIconFiles adds an icon's files and its record to s.
func addIconFiles(s *site, rec catalog.Icon, files []file) error {
	for _, f := range files {
		if err := s.add(f.path, f.body); err != nil {
			return err
		}
	}
	body, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	return s.add(contract.RecordFile(rec.ID), body)
}

// file is one file of the site, by its path under public/.
type file struct {
	path string
	body []byte
}

// animateIcon makes one icon's animation files and static SVGs, and its record, which names them.
func animateIcon(src *sources, ic content.Icon, base string, lic catalog.License) (catalog.Icon, []file, error) {
	fail := func(err error) (catalog.Icon, []file, error) {
		return catalog.Icon{}, nil, fmt.Errorf("%s: icon %q: %w", ic.Origin, ic.ID, err)
	}
	outline, err := figure(ic.Outline, outlinePaint)
	if err != nil {
		return fail(err)
	}
	var filled motion.Figure
	if len(ic.Filled) > 0 {
		if filled, err = figure(ic.Filled, filledPaint); err != nil {
			return fail(fmt.Errorf("filled: %w", err))
		}
	}
	var targets []motion.Target
	for _, id := range src.edits[ic.ID].Morphs {
		o := src.source(id)
		other, err := figure(o.Outline, outlinePaint)
		if err != nil {
			return fail(fmt.Errorf("morph into %s: %w", id, err))
		}
		targets = append(targets, motion.Target{ID: id, Outline: other, Accent: motion.Accent(id, o.Category, other)})
	}
	anim, err := motion.Animate(motion.Icon{Name: ic.ID, Outline: outline, Filled: filled,
		Motion: choreography(src, ic, outline), Morphs: targets, Accent: motion.Accent(ic.ID, ic.Category, outline)})
	if err != nil {
		return fail(err)
	}
	styles := []styleFile{{style: "outline", anim: &anim.Outline, path: contract.AnimationFile(ic.ID),
		svgPath: contract.SVGFile(ic.ID), svg: staticSVG(ic.Outline, outlineSVG)}}
	if anim.Filled != nil {
		styles = append(styles, styleFile{style: "filled", anim: anim.Filled, path: contract.FilledAnimationFile(ic.ID),
			svgPath: contract.FilledSVGFile(ic.ID), svg: staticSVG(ic.Filled, filledSVG)})
	}
	var written []catalog.StyleFile
	var files []file
	var packed []styleAnimation
	for _, f := range styles {
		body, err := json.Marshal(f.anim)
		if err != nil {
			return fail(err)
		}
		sum := sha256.Sum256(body)
		written = append(written, catalog.StyleFile{Style: f.style, FileURL: base + "/" + f.path,
			SHA256: hex.EncodeToString(sum[:]), SizeBytes: len(body), SVGURL: base + "/" + f.svgPath})
		files = append(files, file{f.path, body}, file{f.svgPath, f.svg})
		packed = append(packed, styleAnimation{style: f.style, body: body, states: statesOf(anim.States, f.style)})
	}
	rec, err := record(iconWords(src, ic), anim, written, base, lic)
	if err != nil {
		return fail(err)
	}
	path := contract.DotLottieFile(ic.ID)
	body, dl, err := iconDotLottie(rec, packed, base+"/"+path)
	if err != nil {
		return fail(err)
	}
	rec.DotLottie = dl
	return rec, append(files, file{path, body}), nil
}

// statesOf are the states whose markers the file of style holds.
func statesOf(states []catalog.State, style string) []catalog.State {
	var out []catalog.State
	for _, s := range states {
		if slices.Contains(s.Styles, style) {
			out = append(out, s)
		}
	}
	return out
}

// styleFile is one style's animation file and static picture, before it is written.
type styleFile struct {
	style, path, svgPath string
	anim                 any
	svg                  []byte
}

// choreography is the icon's hand-made choreography when its edit has one, else what the rules choose.
func choreography(src *sources, ic content.Icon, fig motion.Figure) motion.Choreography {
	if c := src.edits[ic.ID].Motion; c != nil {
		return *c
	}
	return motion.Choose(ic.ID, ic.Tags, ic.Category, fig)
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
