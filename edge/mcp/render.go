package mcp

import (
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
)

// This file renders every tool result as Markdown, the text content a model or person reads beside the
// structured content.

// markdowner is a tool result that renders itself as Markdown.
type markdowner interface {
	markdown() string
}

// structured is a successful tool result: v as structured content, and its Markdown rendering as text.
func structured(v markdowner) *mcp.CallToolResult {
	return mcp.NewToolResultStructured(v, v.markdown())
}

func (r iconSearch) markdown() string {
	var b strings.Builder
	scope := ""
	if r.Category != "" {
		scope = fmt.Sprintf(" in category `%s`", r.Category)
	}
	if len(r.Items) == 0 {
		fmt.Fprintf(&b, "No icons match %q%s. Try other words, a synonym, or no category.\n", r.Query, scope)
		return b.String()
	}
	fmt.Fprintf(&b, "%s for %q%s, best first:\n\n", count(len(r.Items), "icon"), r.Query, scope)
	for i, h := range r.Items {
		fmt.Fprintf(&b, "%d. **%s** (`%s`, %s): %s\n   [page](%s) · [Lottie](%s) · [SVG](%s)\n",
			i+1, h.Name, h.ID, h.Category, h.Description, h.PageURL, h.FileURL, h.SVGURL)
	}
	b.WriteString("\nCall get_icon with an id for its states, install commands and code.\n")
	return b.String()
}

func (r iconRecord) markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s (`%s`)\n\n%s\n\n", r.Name, r.ID, r.Description)
	fmt.Fprintf(&b, "- Category: %s (`%s`)\n", r.CategoryName, r.Category)
	if len(r.Tags) > 0 {
		fmt.Fprintf(&b, "- Tags: %s\n", strings.Join(r.Tags, ", "))
	}
	fmt.Fprintf(&b, "- Styles: %s\n", strings.Join(r.Styles, ", "))
	fmt.Fprintf(&b, "- File: %s (%s, %d bytes, sha256 `%s`)\n", r.FileURL, r.FileFormat, r.SizeBytes, r.SHA256)
	fmt.Fprintf(&b, "- SVG: %s\n- Page: %s\n", r.SVGURL, r.PageURL)

	b.WriteString("\n## States\n\n| State | Frames | Loops | What it does |\n| --- | --- | --- | --- |\n")
	for _, s := range r.States {
		loops := "no"
		if s.Loop {
			loops = "yes"
		}
		fmt.Fprintf(&b, "| `%s` | %d–%d | %s | %s |\n", s.Name, s.StartFrame, s.EndFrame, loops, s.Description)
	}
	b.WriteString("\n## Motions\n\n")
	for _, m := range r.Motions {
		fmt.Fprintf(&b, "- `%s`: %s\n", m.Name, m.Description)
	}

	b.WriteString("\n## Install\n\n")
	for _, c := range []struct{ platform, command string }{
		{"JavaScript", r.Install.JavaScript}, {"React", r.Install.React}, {"iOS (Swift Package Manager)", r.Install.IOSSPM},
		{"iOS (CocoaPods)", r.Install.IOSCocoaPods}, {"Android (Gradle)", r.Install.AndroidGradle}, {"The file", r.Install.File},
	} {
		fmt.Fprintf(&b, "- %s: `%s`\n", c.platform, c.command)
	}

	b.WriteString("\n## Code\n")
	for _, c := range []struct{ platform, lang, code string }{
		{"JavaScript", "js", r.Code.JavaScript}, {"React", "jsx", r.Code.React},
		{"iOS", "swift", r.Code.IOS}, {"Android", "kotlin", r.Code.Android},
	} {
		fmt.Fprintf(&b, "\n### %s\n\n%s", c.platform, fence(c.lang, c.code))
	}
	return b.String()
}

func (r categoryList) markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s. Pass an id as search_icons' category.\n\n| Id | Name | Icons |\n| --- | --- | --- |\n",
		count(r.Total, "category"))
	for _, c := range r.Items {
		fmt.Fprintf(&b, "| `%s` | %s | %d |\n", c.ID, c.Name, c.Count)
	}
	return b.String()
}

func (r guideSearch) markdown() string {
	var b strings.Builder
	if len(r.Items) == 0 {
		fmt.Fprintf(&b, "No guide section answers %q. Try other words, or read_guide for a whole guide.\n", r.Question)
		return b.String()
	}
	fmt.Fprintf(&b, "%s for %q, best first.\n", count(len(r.Items), "guide section"), r.Question)
	for i, s := range r.Items {
		fmt.Fprintf(&b, "\n---\n\n**%d. %s › %s** (guide `%s`, %s)\n\n%s\n", i+1, s.Guide, s.Heading, s.Slug, s.URL,
			strings.TrimSpace(s.Text))
	}
	return b.String()
}

func (r guideDoc) markdown() string { return r.Markdown }

// count is "1 icon", "2 icons".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	if strings.HasSuffix(noun, "y") {
		return fmt.Sprintf("%d %sies", n, strings.TrimSuffix(noun, "y"))
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// fence wraps code in a fenced block longer than any run of backticks inside it.
func fence(lang, code string) string {
	longest, run := 0, 0
	for _, c := range code {
		if c == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	f := strings.Repeat("`", max(3, longest+1))
	return f + lang + "\n" + strings.TrimRight(code, "\n") + "\n" + f + "\n"
}
