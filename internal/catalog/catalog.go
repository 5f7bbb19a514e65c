// Package catalog holds the icon record and the layout of public/: the contract between the build, which
// writes these files, and the edge, which serves them.
package catalog

// Icon is one icon's record: the body of GET /api/v1/icons/<id> and an item of catalog.json.
type Icon struct {
	ID           string   `json:"id"`
	Name         string   `json:"name"`
	Description  string   `json:"description"`
	Category     string   `json:"category"`
	CategoryName string   `json:"category_name"`
	Tags         []string `json:"tags"`
	Styles       []string `json:"styles"`
	States       []State  `json:"states"`
	Motions      []Motion `json:"motions"`
	FileURL      string   `json:"file_url"`
	FileFormat   string   `json:"file_format"`
	SHA256       string   `json:"sha256"`
	SizeBytes    int      `json:"size_bytes"`
	SVGURL       string   `json:"svg_url"`
	PageURL      string   `json:"page_url"`
	Install      Install  `json:"install"`
	Code         Code     `json:"code"`
	// Files are the animation files, one per style; the outline file is also FileURL.
	Files []StyleFile `json:"files"`
	// License is what the icon's files are under and what to ship with them.
	License License `json:"license"`
	// ColorSlots are the colour slots the icon's files paint in, primary first (docs/colors.md).
	ColorSlots []ColorSlot `json:"color_slots"`
	// DotLottie is the icon's dotLottie file: both styles, their markers, themes and state machines.
	DotLottie DotLottieFile `json:"dotlottie"`
}

// DotLottieFile is an icon's dotLottie file (docs/dotlottie.md): its animations, one per style and named
// for it, with their markers; themes that set the colour slots; and a state machine per style that plays
// its states on hover and click (toggling a morph where the style has one).
type DotLottieFile struct {
	FileURL       string   `json:"file_url"`
	SHA256        string   `json:"sha256"`
	SizeBytes     int      `json:"size_bytes"`
	Animations    []string `json:"animations"`     // the styles, the outline's first (it plays on load)
	Themes        []string `json:"themes"`         // ids a player's setTheme takes
	StateMachines []string `json:"state_machines"` // ids, one per style, the outline's first
}

// License says what an icon's files (its animations and static SVGs) are under and what a user ships with
// them. Every icon's is the same: the animation is iconlib's and the drawing Tabler Icons', both MIT.
type License struct {
	Name string `json:"name"` // the licence as people name it: "MIT License"
	SPDX string `json:"spdx"` // the SPDX expression of the files: "MIT"
	URL  string `json:"url"`  // the page that explains it: {base}/license/
	// TextURL is the plain-text file of the notices (the animations' and the drawings'), which the MIT
	// License asks to go with every copy: the file to ship.
	TextURL string `json:"text_url"`
	// Attribution names whose work the files are, in one line, for a credits screen or a comment.
	Attribution string `json:"attribution"`
}

// ColorSlot is one colour slot of an icon's files: its strokes and fills name it as their colour's
// Lottie slot id (sid), and the groups that hold them carry it as their name (nm) and class (cl), so
// any Lottie player can recolour the slot by slot, key path or selector.
type ColorSlot struct {
	// Name is the slot: primary (the icon) or secondary (the accent of its meaning: a badge's glyph,
	// the slash of an -off icon, the mark in a container).
	Name string `json:"name"`
	// Parts are the SVG elements of the outline drawing painted in the slot, numbered from 1 in document
	// order as motions[].parts are; empty where only a morph's target icon paints the slot.
	Parts []int `json:"parts"`
	// Styles are the styles whose animation files paint the slot (a filled drawing of one shape is
	// primary alone).
	Styles []string `json:"styles"`
}

// StyleFile is the animation file of one style of an icon, and its static picture.
type StyleFile struct {
	Style     string `json:"style"`
	FileURL   string `json:"file_url"`
	SHA256    string `json:"sha256"`
	SizeBytes int    `json:"size_bytes"`
	SVGURL    string `json:"svg_url"`
}

// State is a named part of an icon's animation timeline, stored in the file as a Lottie marker.
type State struct {
	Name        string `json:"name"`
	StartFrame  int    `json:"start_frame"`
	EndFrame    int    `json:"end_frame"`
	Loop        bool   `json:"loop"`
	Description string `json:"description"`
	// Motion is the motion the state plays (a name of the record's motions).
	Motion string `json:"motion"`
	// Styles are the styles whose animation files hold the state.
	Styles []string `json:"styles"`
	// FilledMotion is the motion the filled file plays in the state where it differs from Motion (a
	// sequence whose filled drawing has too few parts to light one after another pops instead).
	FilledMotion string `json:"filled_motion,omitempty"`
	// TargetIcon is, on a morph into another icon (MorphInto), the id of the icon it ends as; on its way
	// back (MorphBack), the id of the icon it starts from.
	TargetIcon string `json:"target_icon,omitempty"`
}

// MorphInto names the state that morphs an icon into the icon target.
func MorphInto(target string) string { return "morph-" + target }

// MorphBack names the state that plays MorphInto(target) backwards: from target back to the icon.
func MorphBack(target string) string { return MorphInto(target) + "-back" }

// MorphsBack reports whether s is the way back of a morph into another icon: it starts on TargetIcon
// and ends on the icon itself. The name alone cannot tell (an icon may be called arrow-back).
func (s State) MorphsBack() bool { return s.TargetIcon != "" && s.Name == MorphBack(s.TargetIcon) }

// Motion is a kind of movement an icon's animation uses, and how it fits the icon.
type Motion struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	// Parts are the SVG elements of the icon that move, numbered from 1 in document order (all when empty).
	Parts []int `json:"parts,omitempty"`
	// Pivot is the point the parts turn or grow about, in icon units (24×24).
	Pivot []float64 `json:"pivot,omitempty"`
	// Direction is where the parts move (up, down-right, …) or turn (cw, ccw).
	Direction string `json:"direction,omitempty"`
	// Filled says what the filled file does instead, where its drawing cannot move the same parts (a
	// filled clock's hands are cut out of its face, so the face turns with them).
	Filled string `json:"filled,omitempty"`
}

// Install holds the commands that add a player for the icon's file on each platform.
type Install struct {
	JavaScript    string `json:"javascript"`
	React         string `json:"react"`
	IOSSPM        string `json:"ios_spm"`
	IOSCocoaPods  string `json:"ios_cocoapods"`
	AndroidGradle string `json:"android_gradle"`
	File          string `json:"file"`
	// Added in v1: the players of the newer code snippets (SwiftUI takes lottie-ios, as IOSSPM adds it).
	ReactNative    string `json:"react_native"`
	Flutter        string `json:"flutter"`
	AndroidCompose string `json:"android_compose"`
}

// Code holds snippets that load and play the icon's file on each platform. IOS is UIKit's and Android
// Android views'; the fields after them were added in v1 and also paint the icon's two colour slots.
type Code struct {
	// HTML is the <iconlib-icon> element with its script tag: any web page, and Vue, Svelte or Angular
	// templates, which take custom elements as they are.
	HTML        string `json:"html"`
	JavaScript  string `json:"javascript"`
	React       string `json:"react"`
	IOS         string `json:"ios"`
	Android     string `json:"android"`
	ReactNative string `json:"react_native"`
	Flutter     string `json:"flutter"`
	SwiftUI     string `json:"swiftui"`
	Compose     string `json:"compose"`
}

// Labels name what a record holds per platform, as pages and the agents' Markdown show it: its code
// snippets and its install commands, in order. They are words: templates/platforms.json holds them, the
// build writes them into about.json, and the edge reads them from there.
type Labels struct {
	Code    []Label `json:"code"`    // keys are the JSON names of Code's fields
	Install []Label `json:"install"` // keys are the JSON names of Install's fields
}

// Label names one platform's code snippet or install command.
type Label struct {
	Key   string `json:"key"`            // the field's JSON name in the record
	Label string `json:"label"`          // the platform (and its player) as people read it
	Lang  string `json:"lang,omitempty"` // the code's language, for a fence or a highlighter
}

// For is the snippet of the platform key names ("" for an unknown key).
func (c Code) For(key string) string {
	switch key {
	case "html":
		return c.HTML
	case "javascript":
		return c.JavaScript
	case "react":
		return c.React
	case "ios":
		return c.IOS
	case "android":
		return c.Android
	case "react_native":
		return c.ReactNative
	case "flutter":
		return c.Flutter
	case "swiftui":
		return c.SwiftUI
	case "compose":
		return c.Compose
	}
	return ""
}

// For is the install command key names ("" for an unknown key).
func (in Install) For(key string) string {
	switch key {
	case "javascript":
		return in.JavaScript
	case "react":
		return in.React
	case "ios_spm":
		return in.IOSSPM
	case "ios_cocoapods":
		return in.IOSCocoaPods
	case "android_gradle":
		return in.AndroidGradle
	case "file":
		return in.File
	case "react_native":
		return in.ReactNative
	case "flutter":
		return in.Flutter
	case "android_compose":
		return in.AndroidCompose
	}
	return ""
}

// About is the body of about.json: the product's words, rendered by the build from templates/words.tmpl
// and templates/platforms.json, as the edge's MCP servers and A2A agent say them.
type About struct {
	MCPIcons  Words  `json:"mcp_icons"`
	MCPGuides Words  `json:"mcp_guides"`
	A2A       Words  `json:"a2a"`
	Platforms Labels `json:"platforms"` // templates/platforms.json
}

// Words are what one agent surface says of itself.
type Words struct {
	Description  string `json:"description"`
	Instructions string `json:"instructions,omitempty"`
}

// Category is a group of icons with its size.
type Category struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Count int    `json:"count"`
}

// Catalog is the body of catalog.json: what a client needs to choose an icon and fetch its files, for every
// icon, in a few megabytes. Each icon's whole record (its states with frames, install commands and code)
// stays in its record file, the body of GET /api/v1/icons/<id>. Paths are relative to BaseURL.
type Catalog struct {
	Schema  string `json:"$schema"` // the URL of catalog.schema.json, the JSON Schema of this body
	Name    string `json:"name"`
	BaseURL string `json:"base_url"`
	Source  string `json:"source"`
	// License is every icon's licence (each record carries the same object).
	License License `json:"license"`
	// RecordPath is the path of an icon's record with "{id}" where its id goes.
	RecordPath string     `json:"record_path"`
	Count      int        `json:"count"`
	Categories []Category `json:"categories"`
	Icons      []Entry    `json:"icons"`
}

// Entry is an icon as catalog.json lists it: the words to choose it by, its motions with the states that
// play them, and its files with their hashes.
type Entry struct {
	ID          string         `json:"id"`
	Name        string         `json:"name"`
	Description string         `json:"description"`
	Category    string         `json:"category"`
	Tags        []string       `json:"tags"`
	Styles      []string       `json:"styles"`
	Motions     []MotionStates `json:"motions"`
	Files       []FilePaths    `json:"files"` // one per style, the outline's first
	PagePath    string         `json:"page_path"`
}

// MotionStates names a motion of an icon and the states (markers of its files) that play it.
type MotionStates struct {
	Name   string   `json:"name"`
	States []string `json:"states"`
}

// FilePaths are the animation file of one style of an icon and its static picture, by their paths.
type FilePaths struct {
	Style     string `json:"style"`
	Path      string `json:"path"`
	SHA256    string `json:"sha256"`
	SizeBytes int    `json:"size_bytes"`
	SVGPath   string `json:"svg_path"`
}

// CategoryList is the body of GET /api/v1/categories.
type CategoryList struct {
	Items []Category `json:"items"`
	Total int        `json:"total"`
}

// Signature is the name of the icon's signature motion: the one its hover state plays ("" when it has none).
func (ic Icon) Signature() string {
	for _, s := range ic.States {
		if s.Name == "hover" {
			return s.Motion
		}
	}
	return ""
}
