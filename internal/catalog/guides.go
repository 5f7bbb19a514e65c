package catalog

// Guide is one guide's metadata: an item of docs/index.json.
type Guide struct {
	Slug        string `json:"slug"`
	Title       string `json:"title"`
	Description string `json:"description"`
	URL         string `json:"url"`          // HTML page
	MarkdownURL string `json:"markdown_url"` // Markdown source
}

// Section is one part of a guide under a heading: an item of docs/sections.json, and what guide search
// returns.
type Section struct {
	Slug    string `json:"slug"`    // the guide's slug
	Guide   string `json:"guide"`   // the guide's title
	Heading string `json:"heading"` // the section's heading text
	Anchor  string `json:"anchor"`  // the heading's id on the guide page
	URL     string `json:"url"`     // page URL with #anchor
	Text    string `json:"text"`    // the section's Markdown
}

// ID names a section in the guides' search index: "slug#anchor".
func (s Section) ID() string { return s.Slug + "#" + s.Anchor }
