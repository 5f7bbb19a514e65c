package lottie

// Shape is an item of a shape layer or group.
type Shape interface{ shapeType() string }

// Line caps and joins.
const (
	CapRound  = 2
	JoinRound = 2
)

// TrimSimultaneously trims every path before a trim by the same share. (The other mode, one path after
// another, is read only by lottie-ios's main-thread renderer, so iconlib gives each part its own trim.)
const TrimSimultaneously = 1

// Group holds items drawn together; its last item must be a GroupTransform.
type Group struct {
	Type string `json:"ty"`
	Name string `json:"nm,omitempty"`
	// Class is the class lottie-web's SVG renderer gives the group's <g> element.
	Class string  `json:"cl,omitempty"`
	Items []Shape `json:"it"`
}

// Slotted returns g named for the colour slot of the strokes and fills it holds, and classed so in
// lottie-web's SVG: key paths (lottie-ios, lottie-android) and CSS selectors (lottie-web) reach them by it.
func (g Group) Slotted(slot string) Group {
	g.Name, g.Class = slot, slot
	return g
}

// NewGroup returns a group of items closed by the transform tr (fully opaque when tr has no opacity).
func NewGroup(tr GroupTransform, items ...Shape) Group {
	tr.Type = "tr"
	if tr.Opacity == nil {
		full := Static(100)
		tr.Opacity = &full
	}
	return Group{Type: "gr", Items: append(items, tr)}
}

// GroupTransform is the transform closing a group's items. A property left nil takes Lottie's default
// (no move, no turn, full size), which lottie-web, lottie-ios, lottie-android and Skottie all apply, so
// only what a motion animates is written; opacity is always written, as lottie-web draws nothing of a
// group without it.
type GroupTransform struct {
	Type     string    `json:"ty"`
	Anchor   *Property `json:"a,omitempty"`
	Position *Property `json:"p,omitempty"`
	Scale    *Property `json:"s,omitempty"`
	Rotation *Property `json:"r,omitempty"`
	Opacity  *Property `json:"o,omitempty"`
}

// Path is one Bézier contour.
type Path struct {
	Type   string   `json:"ty"`
	Name   string   `json:"nm,omitempty"`
	Bezier Property `json:"ks"`
}

// Bezier is a contour as Lottie stores it: vertices with in and out tangents relative to each vertex.
type Bezier struct {
	In       [][2]float64 `json:"i"`
	Out      [][2]float64 `json:"o"`
	Vertices [][2]float64 `json:"v"`
	Closed   bool         `json:"c"`
}

// NewPath returns a static path item.
func NewPath(b Bezier) Path { return Path{Type: "sh", Bezier: Static(b)} }

// NewMorphPath returns a path item that changes shape: keys hold Bezier values (one-element Start).
func NewMorphPath(keys []Keyframe) Path { return Path{Type: "sh", Bezier: Animate(keys)} }

// Stroke paints the outline of the paths before it in its group.
type Stroke struct {
	Type     string   `json:"ty"`
	Name     string   `json:"nm"`
	Color    Property `json:"c"`
	Opacity  Property `json:"o"`
	Width    Property `json:"w"`
	LineCap  int      `json:"lc"`
	LineJoin int      `json:"lj"`
}

// NewStroke returns a round-capped, round-joined stroke named "stroke", the key players recolour by,
// whose colour is rgba and, in players that read slots, the value of the slot named slot.
func NewStroke(slot string, rgba [4]float64, width float64) Stroke {
	c := Static(rgba[:])
	c.Slot = slot
	return Stroke{Type: "st", Name: "stroke", Color: c, Opacity: Static(100),
		Width: Static(width), LineCap: CapRound, LineJoin: JoinRound}
}

// Fill paints the inside of the paths before it in its group.
type Fill struct {
	Type    string   `json:"ty"`
	Name    string   `json:"nm"`
	Color   Property `json:"c"`
	Opacity Property `json:"o"`
	Rule    int      `json:"r"`
}

// NewFill returns a non-zero fill named "fill" whose colour is rgba and, in players that read slots, the
// value of the slot named slot.
func NewFill(slot string, rgba [4]float64) Fill {
	c := Static(rgba[:])
	c.Slot = slot
	return Fill{Type: "fl", Name: "fill", Color: c, Opacity: Static(100), Rule: 1}
}

// Trim shows only the part of the paths before it between Start and End (percent), shifted by Offset.
type Trim struct {
	Type   string   `json:"ty"`
	Name   string   `json:"nm,omitempty"`
	Start  Property `json:"s"`
	End    Property `json:"e"`
	Offset Property `json:"o"`
	Mode   int      `json:"m"`
}

func (Group) shapeType() string          { return "gr" }
func (GroupTransform) shapeType() string { return "tr" }
func (Path) shapeType() string           { return "sh" }
func (Stroke) shapeType() string         { return "st" }
func (Fill) shapeType() string           { return "fl" }
func (Trim) shapeType() string           { return "tm" }
