package e2e

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/iconlib/iconlib/internal/catalog"
)

// slotFault says what breaks the colour-slot convention (docs/colors.md) in one animation file of an
// icon ("" when nothing): every stroke and fill names slot primary or secondary, the group holding it is
// named and classed for that slot alone, the file's slots hold exactly the slots painted, and the record
// lists the style under each of them.
func slotFault(ic catalog.Icon, style string, body []byte) string {
	var file struct {
		Layers []struct{ Shapes []shapeItem }
		Slots  map[string]json.RawMessage
	}
	if err := json.Unmarshal(body, &file); err != nil {
		return err.Error()
	}
	if len(file.Layers) == 0 {
		return "no layer"
	}
	painted := map[string]bool{}
	if msg := paintedSlots(file.Layers[0].Shapes, painted); msg != "" {
		return msg
	}
	if len(file.Slots) != len(painted) || !painted["primary"] {
		return fmt.Sprintf("slots %v for painted slots %v", file.Slots, painted)
	}
	for _, s := range ic.ColorSlots {
		if painted[s.Name] != slices.Contains(s.Styles, style) {
			return fmt.Sprintf("the record lists slot %s for styles %v", s.Name, s.Styles)
		}
	}
	return ""
}

// shapeItem is what the slot check reads of a shape item: its type, name and class, a group's items,
// and the slot a stroke's or fill's colour names.
type shapeItem struct {
	Ty, Nm, Cl string
	It         []shapeItem
	C          struct{ Sid string }
}

// paintedSlots adds the slots the strokes and fills in the groups of items paint to painted, and says
// what breaks the convention ("" when nothing).
func paintedSlots(items []shapeItem, painted map[string]bool) string {
	for _, g := range items {
		if g.Ty != "gr" {
			continue
		}
		for _, it := range g.It {
			if it.Ty != "st" && it.Ty != "fl" {
				continue
			}
			if (it.C.Sid != "primary" && it.C.Sid != "secondary") || g.Nm != it.C.Sid || g.Cl != it.C.Sid {
				return fmt.Sprintf("a %s with slot %q in a group named %q, classed %q", it.Ty, it.C.Sid, g.Nm, g.Cl)
			}
			painted[it.C.Sid] = true
		}
		if msg := paintedSlots(g.It, painted); msg != "" {
			return msg
		}
	}
	return ""
}
