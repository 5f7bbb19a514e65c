package motion

import (
	"fmt"
	"slices"

	"github.com/iconlib/iconlib/build/internal/lottie"
	"github.com/iconlib/iconlib/internal/catalog"
)

// Every stroke and fill of a file is painted in one of two colour slots: `secondary`, the part that
// carries the accent of the icon's meaning (a badge's glyph, the slash of an -off icon, the mark in a
// container: Accent), and `primary`, the rest. The slot is written three ways, so that any player can
// recolour it: the colour property's Lottie slot id (sid) with the file's top-level slots holding the
// values (lottie-web 5.12+, Skottie, ThorVG and so dotLottie themes), the name of the group that holds
// the stroke or fill (key paths: lottie-ios, lottie-android), and its class (lottie-web's SVG renderer
// puts it on the group's <g>). A group never holds both slots: units split at a slot boundary, as they do
// at any other change of paint. docs/colors.md is the convention as players use it.

// Slot is the colour slot a part is painted in.
type Slot uint8

// The slots: primary, the icon, and secondary, the accent of its meaning.
const (
	Primary Slot = iota
	Secondary
)

// Slots lists the slots in the order records list them.
var Slots = []Slot{Primary, Secondary}

// String is the slot's name, as the files and records write it.
func (s Slot) String() string {
	if s == Secondary {
		return "secondary"
	}
	return "primary"
}

// slotInk is the colour every slot has in the files: players that do not read slots draw it, and the page
// and the element recolour it (to currentColor, or the slots' own colours).
var slotInk = [4]float64{0, 0, 0, 1}

// accented returns fig with the parts numbered (from 1) in accent painted in the secondary slot. An
// accent of every part is no accent: the whole icon stays primary.
func accented(fig Figure, accent []int) (Figure, error) {
	out := slices.Clone(fig)
	for _, n := range accent {
		if n < 1 || n > len(fig) {
			return nil, fmt.Errorf("accent: %d is not an element of this icon (it has %d, numbered from 1)", n, len(fig))
		}
		out[n-1].Paint.Slot = Secondary
	}
	if len(accent) >= len(fig) {
		return slices.Clone(fig), nil
	}
	return out, nil
}

// slotsByPosition paints every part of other (the icon's filled drawing) in the slot of the part of
// outline nearest to it, as fit carries a move over; a drawing of one shape, or whose every part lies
// nearest an accent, is primary alone.
func slotsByPosition(outline, other Figure) Figure {
	out := slices.Clone(other)
	secondary := 0
	for j := range out {
		out[j].Paint.Slot = outline[nearestPart(outline, other, j)].Paint.Slot
		if out[j].Paint.Slot == Secondary {
			secondary++
		}
	}
	if len(out) < 2 || secondary == len(out) {
		for j := range out {
			out[j].Paint.Slot = Primary
		}
	}
	return out
}

// slotOf is the slot of the given parts of fig: secondary when there are some and all of them are.
func slotOf(fig Figure, parts []int) Slot {
	if len(parts) == 0 || slices.ContainsFunc(parts, func(i int) bool { return fig[i].Paint.Slot != Secondary }) {
		return Primary
	}
	return Secondary
}

// bySlot splits fig into the drawing of each slot it paints, primary first, each in document order.
func bySlot(fig Figure) []Figure {
	var out []Figure
	for _, s := range Slots {
		if f := inSlot(fig, s); len(f) > 0 {
			out = append(out, f)
		}
	}
	return out
}

// inSlot is the drawing of fig's parts painted in slot s, in document order.
func inSlot(fig Figure, s Slot) Figure {
	var out Figure
	for _, p := range fig {
		if p.Paint.Slot == s {
			out = append(out, p)
		}
	}
	return out
}

// slotGroup is a group of items whose strokes and fills are painted in slot s, named and classed for it.
func slotGroup(s Slot, tr lottie.GroupTransform, items ...lottie.Shape) lottie.Group {
	return lottie.NewGroup(tr, items...).Slotted(s.String())
}

func slotStroke(s Slot) lottie.Stroke { return lottie.NewStroke(s.String(), slotInk, StrokeWidth) }

func slotFill(s Slot) lottie.Fill { return lottie.NewFill(s.String(), slotInk) }

// slotsUsed are the slots the strokes and fills of shapes name, in Slots order.
func slotsUsed(shapes []lottie.Shape) []Slot {
	used := map[string]bool{}
	var visit func([]lottie.Shape)
	visit = func(shapes []lottie.Shape) {
		for _, s := range shapes {
			switch s := s.(type) {
			case lottie.Group:
				visit(s.Items)
			case lottie.Stroke:
				used[s.Color.Slot] = true
			case lottie.Fill:
				used[s.Color.Slot] = true
			}
		}
	}
	visit(shapes)
	var out []Slot
	for _, s := range Slots {
		if used[s.String()] {
			out = append(out, s)
		}
	}
	return out
}

// slotValues are a file's slots: the ink of each slot its shapes paint.
func slotValues(shapes []lottie.Shape) map[string]lottie.Slot {
	out := map[string]lottie.Slot{}
	for _, s := range slotsUsed(shapes) {
		out[s.String()] = lottie.StaticSlot(slotInk[:])
	}
	return out
}

// colorSlots is the record's list of an icon's colour slots: every slot one of its files paints, with
// the SVG elements (numbered from 1) of the outline drawing fig painted in it, and the styles whose
// files hold it. A slot may have no element of the icon's own where only a morph's target paints it.
func colorSlots(fig Figure, files map[string][]lottie.Shape, styles []string) []catalog.ColorSlot {
	used := make([][]Slot, len(styles))
	for i, style := range styles {
		used[i] = slotsUsed(files[style])
	}
	var out []catalog.ColorSlot
	for _, s := range Slots {
		cs := catalog.ColorSlot{Name: s.String(), Parts: []int{}}
		for i, p := range fig {
			if p.Paint.Slot == s {
				cs.Parts = append(cs.Parts, i+1)
			}
		}
		for i, style := range styles {
			if slices.Contains(used[i], s) {
				cs.Styles = append(cs.Styles, style)
			}
		}
		if len(cs.Styles) > 0 {
			out = append(out, cs)
		}
	}
	return out
}
