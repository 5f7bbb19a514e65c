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
	// TargetIcon is, on a morph to another icon, the id of the icon it ends as.
	TargetIcon string `json:"target_icon,omitempty"`
}

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
}

// Install holds the commands that add a player for the icon's file on each platform.
type Install struct {
	JavaScript    string `json:"javascript"`
	React         string `json:"react"`
	IOSSPM        string `json:"ios_spm"`
	IOSCocoaPods  string `json:"ios_cocoapods"`
	AndroidGradle string `json:"android_gradle"`
	File          string `json:"file"`
}

// Code holds snippets that load and play the icon's file on each platform.
type Code struct {
	JavaScript string `json:"javascript"`
	React      string `json:"react"`
	IOS        string `json:"ios"`
	Android    string `json:"android"`
}

// Platform is one platform a record has code for, as the icon pages and the agents' Markdown name it.
type Platform struct {
	Key   string // the field of Code, as JSON names it
	Label string // the platform and its player
	Lang  string // the code's language, for a fence or a highlighter
	code  func(Code) string
}

// Code is p's snippet in c.
func (p Platform) Code(c Code) string { return p.code(c) }

// Platforms are the platforms of Code, in the order pages and answers show them.
var Platforms = []Platform{
	{"javascript", "JavaScript (lottie-web)", "javascript", func(c Code) string { return c.JavaScript }},
	{"react", "React (lottie-react)", "jsx", func(c Code) string { return c.React }},
	{"ios", "iOS (lottie-ios, Swift)", "swift", func(c Code) string { return c.IOS }},
	{"android", "Android (lottie-android, Kotlin)", "kotlin", func(c Code) string { return c.Android }},
}

// About is the body of about.json: the product's words, rendered by the build from templates/words.tmpl,
// as the edge's MCP servers and A2A agent say them.
type About struct {
	MCPIcons  Words `json:"mcp_icons"`
	MCPGuides Words `json:"mcp_guides"`
	A2A       Words `json:"a2a"`
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

// Catalog is the body of catalog.json: every icon with its record.
type Catalog struct {
	Name       string     `json:"name"`
	BaseURL    string     `json:"base_url"`
	Source     string     `json:"source"`
	License    string     `json:"license"`
	Count      int        `json:"count"`
	Categories []Category `json:"categories"`
	Icons      []Icon     `json:"icons"`
}

// CategoryList is the body of GET /api/v1/categories.
type CategoryList struct {
	Items []Category `json:"items"`
	Total int        `json:"total"`
}
