package lottie

// Shape is an item of a shape layer or group.
type Shape interface{ shapeType() string }

// Line caps and joins.
const (
	CapRound  = 2
	JoinRound = 2
)

// Trim modes: how a trim path spreads over several paths.
const (
	TrimSimultaneously = 1
	TrimIndividually   = 2
)

// Group holds items drawn together; its last item must be a GroupTransform.
type Group struct {
	Type  string  `json:"ty"`
	Name  string  `json:"nm"`
	Items []Shape `json:"it"`
}

// NewGroup returns a group of items followed by an identity transform with the given opacity (0–100).
func NewGroup(name string, opacity float64, items ...Shape) Group {
	items = append(items, GroupTransform{Type: "tr", Position: Static([]float64{0, 0}),
		Anchor: Static([]float64{0, 0}), Scale: Static([]float64{100, 100}), Rotation: Static(0),
		Opacity: Static(opacity), Skew: Static(0), SkewAxis: Static(0)})
	return Group{Type: "gr", Name: name, Items: items}
}

// GroupTransform is the transform closing a group's items.
type GroupTransform struct {
	Type     string   `json:"ty"`
	Position Property `json:"p"`
	Anchor   Property `json:"a"`
	Scale    Property `json:"s"`
	Rotation Property `json:"r"`
	Opacity  Property `json:"o"`
	Skew     Property `json:"sk"`
	SkewAxis Property `json:"sa"`
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

// Stroke paints the outline of the paths before it in its group.
type Stroke struct {
	Type       string   `json:"ty"`
	Name       string   `json:"nm"`
	Color      Property `json:"c"`
	Opacity    Property `json:"o"`
	Width      Property `json:"w"`
	LineCap    int      `json:"lc"`
	LineJoin   int      `json:"lj"`
	MiterLimit float64  `json:"ml"`
}

// NewStroke returns a round-capped, round-joined stroke named "stroke", the key players recolour by.
func NewStroke(rgba [4]float64, width float64) Stroke {
	return Stroke{Type: "st", Name: "stroke", Color: Static(rgba[:]), Opacity: Static(100),
		Width: Static(width), LineCap: CapRound, LineJoin: JoinRound, MiterLimit: 4}
}

// Fill paints the inside of the paths before it in its group.
type Fill struct {
	Type    string   `json:"ty"`
	Name    string   `json:"nm"`
	Color   Property `json:"c"`
	Opacity Property `json:"o"`
	Rule    int      `json:"r"`
}

// NewFill returns a non-zero fill named "fill".
func NewFill(rgba [4]float64) Fill {
	return Fill{Type: "fl", Name: "fill", Color: Static(rgba[:]), Opacity: Static(100), Rule: 1}
}

// Trim shows only the part of the paths before it between Start and End (percent), shifted by Offset.
type Trim struct {
	Type   string   `json:"ty"`
	Name   string   `json:"nm"`
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
