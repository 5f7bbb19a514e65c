package a2a

import (
	"fmt"
	"strings"

	"github.com/iconlib/iconlib/edge/library"
	"github.com/iconlib/iconlib/internal/catalog"
)

// This file is where results become Markdown: each reply's text part, readable without its data part.

// fullSections is how many of the guide sections found are quoted in full; the rest are listed as links.
const fullSections = 3

func (r *iconsResult) markdown(base string) string {
	var b strings.Builder
	if r.Error != nil {
		fmt.Fprintf(&b, "Icon search is unavailable right now, so icons cannot be found by meaning. Retry in a moment. "+
			"Meanwhile, look an icon up by its exact id (skill `%s`), or browse the whole catalog at %s/catalog.json.\n",
			skillIconDetails, base)
		return b.String()
	}
	in := ""
	if r.Category != "" {
		in = " in category " + inlineCode(r.Category)
	}
	if len(r.Items) == 0 {
		fmt.Fprintf(&b, "No icon matches %s%s. Try other words for the meaning", quote(r.Query), in)
		if r.Category != "" {
			b.WriteString(", or search every category")
		}
		b.WriteString(".\n")
		return b.String()
	}
	fmt.Fprintf(&b, "**%s for %s**%s\n\n", count(len(r.Items), "icon"), quote(r.Query), in)
	iconList(&b, r.Items)
	fmt.Fprintf(&b, "\nFor an icon's files, sha256, install commands and code, ask `%s` with its id.\n", skillIconDetails)
	return b.String()
}

func (r *detailsResult) markdown(string) string {
	var b strings.Builder
	if !r.Found {
		fmt.Fprintf(&b, "No icon has the id %s.", inlineCode(r.ID))
		if len(r.Suggestions) == 0 {
			fmt.Fprintf(&b, " Describe what the icon should mean and ask `%s` instead.\n", skillFindIcons)
			return b.String()
		}
		b.WriteString(" The closest icons:\n\n")
		iconList(&b, r.Suggestions)
		fmt.Fprintf(&b, "\nAsk `%s` with one of these ids, or describe the meaning to `%s`.\n", skillIconDetails, skillFindIcons)
		return b.String()
	}
	ic := r.Icon
	fmt.Fprintf(&b, "## %s (%s)\n\n%s\n\n", escape(ic.Name), inlineCode(ic.ID), escape(ic.Description))
	fmt.Fprintf(&b, "- Page: %s\n", ic.PageURL)
	fmt.Fprintf(&b, "- Category: %s (%s)\n", escape(ic.CategoryName), inlineCode(ic.Category))
	if len(ic.Tags) > 0 {
		fmt.Fprintf(&b, "- Tags: %s\n", escape(strings.Join(ic.Tags, ", ")))
	}
	fmt.Fprintf(&b, "- Animation (%s, %d bytes): %s\n", ic.FileFormat, ic.SizeBytes, ic.FileURL)
	fmt.Fprintf(&b, "- sha256: %s\n", inlineCode(ic.SHA256))
	fmt.Fprintf(&b, "- Static SVG: %s\n", ic.SVGURL)
	fmt.Fprintf(&b, "- Styles: %s\n", strings.Join(ic.Styles, ", "))
	b.WriteString("- States:")
	for i, s := range ic.States {
		sep := ","
		if i == 0 {
			sep = ""
		}
		loop := ""
		if s.Loop {
			loop = ", loops"
		}
		fmt.Fprintf(&b, "%s %s (frames %d–%d%s)", sep, inlineCode(s.Name), s.StartFrame, s.EndFrame, loop)
	}
	b.WriteString("\n")
	for _, m := range ic.Motions {
		fmt.Fprintf(&b, "- Motion %s: %s\n", inlineCode(m.Name), escape(m.Description))
	}
	b.WriteString("\n### Install\n\n")
	for _, c := range installs(ic.Install) {
		fmt.Fprintf(&b, "- %s: %s\n", c.label, inlineCode(c.text))
	}
	b.WriteString("\n### Code\n")
	for _, c := range snippets(ic.Code) {
		fmt.Fprintf(&b, "\n#### %s\n\n%s", c.label, fence(c.lang, c.text))
	}
	return b.String()
}

func (r *guidesResult) markdown(base string) string {
	var b strings.Builder
	if r.Error != nil {
		b.WriteString("Guide search is unavailable right now; retry in a moment. Meanwhile, these are the guides:\n\n")
		for _, g := range r.Guides {
			fmt.Fprintf(&b, "- [%s](%s): %s (Markdown: %s)\n", escape(g.Title), g.URL, escape(g.Description), g.MarkdownURL)
		}
		return b.String()
	}
	if len(r.Items) == 0 {
		fmt.Fprintf(&b, "No guide section answers %s. Try other words, or browse the guides at %s/docs/.\n",
			quote(r.Query), base)
		return b.String()
	}
	fmt.Fprintf(&b, "**Guide sections for %s**\n", quote(r.Query))
	for i, s := range r.Items {
		if i == fullSections {
			b.WriteString("\nMore sections:\n\n")
		}
		if i >= fullSections {
			fmt.Fprintf(&b, "- [%s](%s)\n", sectionTitle(s), s.URL)
			continue
		}
		fmt.Fprintf(&b, "\n### %d. [%s](%s)\n\n%s\n", i+1, sectionTitle(s), s.URL, sectionBody(s.Text))
	}
	return b.String()
}

// iconList writes a numbered list of icons with their page and file links.
func iconList(b *strings.Builder, hits []library.IconHit) {
	for i, h := range hits {
		fmt.Fprintf(b, "%d. **[%s](%s)** %s: %s Category %s. Files: [animation](%s), [SVG](%s)\n",
			i+1, escape(h.Name), h.PageURL, inlineCode(h.ID), escape(h.Description), inlineCode(h.Category),
			h.FileURL, h.SVGURL)
	}
}

func sectionTitle(s library.SectionHit) string {
	return escape(s.Guide) + " › " + escape(strings.ReplaceAll(s.Heading, "`", ""))
}

// sectionBody is a section's Markdown without its own heading line, which the reply replaces.
func sectionBody(text string) string {
	text = strings.TrimSpace(text)
	if strings.HasPrefix(text, "#") {
		if _, rest, ok := strings.Cut(text, "\n"); ok {
			return strings.TrimSpace(rest)
		}
		return ""
	}
	return text
}

type labelled struct{ label, lang, text string }

func installs(in catalog.Install) []labelled {
	return nonEmpty([]labelled{
		{"JavaScript", "", in.JavaScript}, {"React", "", in.React}, {"iOS (Swift Package Manager)", "", in.IOSSPM},
		{"iOS (CocoaPods)", "", in.IOSCocoaPods}, {"Android (Gradle)", "", in.AndroidGradle},
		{"The file itself", "", in.File},
	})
}

func snippets(c catalog.Code) []labelled {
	return nonEmpty([]labelled{
		{"JavaScript (lottie-web)", "js", c.JavaScript}, {"React (lottie-react)", "jsx", c.React},
		{"iOS (lottie-ios)", "swift", c.IOS}, {"Android (lottie-android)", "kotlin", c.Android},
	})
}

func nonEmpty(ls []labelled) []labelled {
	out := ls[:0]
	for _, l := range ls {
		if l.text != "" {
			out = append(out, l)
		}
	}
	return out
}

func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// escape makes text literal in Markdown, so a query or a description cannot add links, emphasis or HTML.
var escape = strings.NewReplacer(`\`, `\\`, "`", "\\`", "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`,
	"<", `\<`, ">", `\>`, "#", `\#`, "|", `\|`).Replace

// quote is a query in quotation marks, on one line and literal.
func quote(q string) string {
	return "“" + escape(strings.Join(strings.Fields(q), " ")) + "”"
}

// inlineCode wraps s in a code span with a fence longer than any run of backticks inside it.
func inlineCode(s string) string {
	f := strings.Repeat("`", longestRun(s, '`')+1)
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		s = " " + s + " "
	}
	return f + s + f
}

// fence is a fenced code block holding s.
func fence(lang, s string) string {
	f := strings.Repeat("`", max(3, longestRun(s, '`')+1))
	return f + lang + "\n" + strings.TrimRight(s, "\n") + "\n" + f + "\n"
}

func longestRun(s string, c byte) int {
	longest, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	return longest
}
