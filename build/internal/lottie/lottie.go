// Package lottie models the subset of the Lottie animation format that iconlib writes: one shape layer of
// grouped Bézier paths (static or morphing) with strokes, fills, trim paths, keyed group transforms and
// markers. The types marshal to Lottie JSON that lottie-web, lottie-ios, lottie-android and Skottie play.
package lottie

// Version is the Lottie schema version the files declare.
const Version = "5.7.0"

// Animation is a whole Lottie file.
type Animation struct {
	Version   string   `json:"v"`
	Name      string   `json:"nm"`
	FrameRate int      `json:"fr"`
	InPoint   int      `json:"ip"`
	OutPoint  int      `json:"op"`
	Width     int      `json:"w"`
	Height    int      `json:"h"`
	ThreeD    int      `json:"ddd"`
	Assets    []any    `json:"assets"`
	Layers    []Layer  `json:"layers"`
	Markers   []Marker `json:"markers"`
	// Slots are the values of the file's slots by id: every property whose sid names one takes its
	// value from here in players that read slots (lottie-web 5.12+, Skottie, ThorVG), so changing a
	// slot's value recolours every property that names it.
	Slots map[string]Slot `json:"slots,omitempty"`
}

// Slot is the value a slot gives the properties that name it.
type Slot struct {
	Value SlotValue `json:"p"`
}

// SlotValue is a slot's static value, written with its a=0 as the slot schema asks.
type SlotValue struct {
	Animated int `json:"a"`
	Value    any `json:"k"`
}

// StaticSlot is a slot holding the static value v.
func StaticSlot(v any) Slot { return Slot{Value: SlotValue{Value: v}} }

// Marker names a span of frames: iconlib stores each state of an icon as one.
type Marker struct {
	Time     int    `json:"tm"`
	Comment  string `json:"cm"`
	Duration int    `json:"dr"`
}

// Layer is a shape layer (type 4) spanning the whole animation.
type Layer struct {
	ThreeD     int       `json:"ddd"`
	Index      int       `json:"ind"`
	Type       int       `json:"ty"`
	Name       string    `json:"nm"`
	Stretch    int       `json:"sr"`
	Transform  Transform `json:"ks"`
	AutoOrient int       `json:"ao"`
	Shapes     []Shape   `json:"shapes"`
	InPoint    int       `json:"ip"`
	OutPoint   int       `json:"op"`
	StartTime  int       `json:"st"`
	BlendMode  int       `json:"bm"`
}

// NewShapeLayer returns a shape layer with an identity transform covering frames [0, frames).
func NewShapeLayer(name string, frames int, shapes []Shape) Layer {
	return Layer{Index: 1, Type: 4, Name: name, Stretch: 1, Transform: IdentityTransform(),
		Shapes: shapes, OutPoint: frames}
}

// Transform is a layer transform. (lottie-web draws nothing of a layer whose transform lacks a property,
// unlike a shape group's transform, so every one is written.)
type Transform struct {
	Opacity  Property `json:"o"`
	Rotation Property `json:"r"`
	Position Property `json:"p"`
	Anchor   Property `json:"a"`
	Scale    Property `json:"s"`
}

// IdentityTransform leaves a layer where it is.
func IdentityTransform() Transform {
	return Transform{Opacity: Static(100), Rotation: Static(0), Position: Static([]float64{0, 0, 0}),
		Anchor: Static([]float64{0, 0, 0}), Scale: Static([]float64{100, 100, 100})}
}

// Property is an animatable value: a static value or keyframes (a=1). The a=0 of a static value is
// left out: lottie-web, lottie-ios, lottie-android and Skottie all read a value without it as static.
type Property struct {
	Animated int `json:"a,omitempty"`
	Value    any `json:"k"`
	// Slot is the id of the slot (Animation.Slots) whose value players that read slots use instead of
	// Value; players that do not read them play Value.
	Slot string `json:"sid,omitempty"`
}

// Static is a property that never changes.
func Static(v any) Property { return Property{Value: v} }

// Animate is a property that follows keyframes.
func Animate(keys []Keyframe) Property { return Property{Animated: 1, Value: keys} }

// Keyframe sets a value at a frame; easing shapes the change towards the next keyframe, and Hold keeps
// the value unchanged until it.
type Keyframe struct {
	Time  int     `json:"t"`
	Start any     `json:"s"` // []float64, or []Bezier for a path's shape
	In    *Easing `json:"i,omitempty"`
	Out   *Easing `json:"o,omitempty"`
	Hold  int     `json:"h,omitempty"`
}

// Easing is one control point of a cubic timing curve. Plain numbers rather than one-element arrays: every
// player reads both, and they are shorter.
type Easing struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}
