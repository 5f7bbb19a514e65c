// Package markdown renders library results — [library.IconHit] lists, [catalog.Icon] records,
// [catalog.Category] lists, [library.SectionHit] lists, guides — as Markdown readable by people and models.
//
// Every protocol adapter writes its text through this package, so a result reads the same whichever protocol
// asked for it; what a protocol says differently (the tool or skill to call next, where its links point)
// comes in as plain sentences. Text from a query or a record is escaped, so it cannot add links, emphasis,
// headings or HTML.
package markdown

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/iconlib/iconlib/edge/library"
	"github.com/iconlib/iconlib/internal/catalog"
)

// Search is a search whose results are rendered, with the sentences the protocol at hand adds to them.
type Search struct {
	Query    string // the words or question searched for
	Category string // the category an icon search was narrowed to; "" for every category

	// Next is a sentence written after the results, such as which tool or skill gives one in full.
	Next string
	// Instead is a sentence written when nothing matched, after the advice to try other words.
	Instead string
	// Full is how many guide sections are quoted in full, the rest only linked; 0 quotes every one.
	Full int
}

// IconHits renders an icon search's results, best first, or says that nothing matched.
func IconHits(s Search, hits []library.IconHit) string {
	var b strings.Builder
	in := ""
	if s.Category != "" {
		in = " in category " + Code(s.Category)
	}
	if len(hits) == 0 {
		fmt.Fprintf(&b, "No icon matches %s%s. Try other words for the meaning", quote(s.Query), in)
		if s.Category != "" {
			b.WriteString(", or search every category")
		}
		b.WriteString(".")
		if s.Instead != "" {
			b.WriteString(" " + s.Instead)
		}
		b.WriteString("\n")
		return b.String()
	}
	fmt.Fprintf(&b, "**%s for %s**%s, best first:\n\n%s", count(len(hits), "icon"), quote(s.Query), in, IconList(hits))
	paragraph(&b, s.Next)
	return b.String()
}

// IconList renders icons as a numbered list, one line each: what an agent acts on (the name linked to the
// icon's page, its id and its animation file's URL). The other fields of a hit (description, category,
// score, SVG URL, styles) are left to the structured answer beside the text, which the tool and skill
// descriptions say: repeating them would double what every answer sends.
func IconList(hits []library.IconHit) string {
	var b strings.Builder
	b.Grow(len(hits) * 160)
	for i, h := range hits {
		b.WriteString(strconv.Itoa(i + 1))
		b.WriteString(". [")
		b.WriteString(inline(h.Name))
		b.WriteString("](")
		b.WriteString(h.PageURL)
		b.WriteString(") ")
		b.WriteString(Code(h.ID))
		b.WriteString(", file ")
		b.WriteString(h.FileURL)
		b.WriteByte('\n')
	}
	return b.String()
}

// Icon renders an icon's whole record under a level-2 heading: its description, links, file with size and
// sha256, its licence, its file per style, motions (the signature marked, with the parts it moves, pivot and direction),
// states (frames, loop, motion, styles, and the icon a morph ends as or its way back starts as), install
// commands and code per platform, under labels (the library's, from about.json).
func Icon(ic catalog.Icon, labels catalog.Labels) string {
	var b strings.Builder
	fmt.Fprintf(&b, "## %s (%s)\n\n", inline(ic.Name), Code(ic.ID))
	if ic.Description != "" {
		b.WriteString(inline(ic.Description) + "\n\n")
	}
	fmt.Fprintf(&b, "- Page: %s\n", ic.PageURL)
	fmt.Fprintf(&b, "- Category: %s (%s)\n", inline(ic.CategoryName), Code(ic.Category))
	if len(ic.Tags) > 0 {
		fmt.Fprintf(&b, "- Tags: %s\n", inline(strings.Join(ic.Tags, ", ")))
	}
	if len(ic.Styles) > 0 {
		fmt.Fprintf(&b, "- Styles: %s\n", inline(strings.Join(ic.Styles, ", ")))
	}
	fmt.Fprintf(&b, "- Animation (%s, %d bytes): %s\n", ic.FileFormat, ic.SizeBytes, ic.FileURL)
	fmt.Fprintf(&b, "- sha256: %s\n", Code(ic.SHA256))
	fmt.Fprintf(&b, "- Static SVG: %s\n", ic.SVGURL)
	if l := ic.License; l.Name != "" {
		fmt.Fprintf(&b, "- Licence: %s (%s, %s): %s Ship the notices with the files: %s\n", inline(l.Name), Code(l.SPDX),
			l.URL, inline(l.Attribution), l.TextURL)
	}
	if d := ic.DotLottie; d.FileURL != "" {
		fmt.Fprintf(&b, "- dotLottie (%d bytes, sha256 %s): %s — animations %s, themes %s, state machines %s\n", d.SizeBytes,
			Code(d.SHA256), d.FileURL, codes(strings.Join(d.Animations, ", ")), codes(strings.Join(d.Themes, ", ")),
			codes(strings.Join(d.StateMachines, ", ")))
	}

	if len(ic.Files) > 0 {
		b.WriteString("\n### Files\n\n| Style | Animation | Bytes | sha256 | Static SVG |\n| --- | --- | --- | --- | --- |\n")
		for _, f := range ic.Files {
			fmt.Fprintf(&b, "| %s | %s | %d | %s | %s |\n", cell(Code(f.Style)), cell(f.FileURL), f.SizeBytes,
				cell(Code(f.SHA256)), cell(f.SVGURL))
		}
	}
	if len(ic.ColorSlots) > 0 {
		b.WriteString("\n### Colour slots\n\nPlayers recolour a slot by its Lottie slot id (`sid`), its key path (`**.<slot>.**`) or, in lottie-web, its class.\n\n" +
			"| Slot | Parts | Styles |\n| --- | --- | --- |\n")
		for _, s := range ic.ColorSlots {
			parts := "none of its own (a morph's target)"
			if len(s.Parts) > 0 {
				parts = strings.Trim(fmt.Sprint(s.Parts), "[]")
			}
			fmt.Fprintf(&b, "| %s | %s | %s |\n", cell(Code(s.Name)), parts, inline(strings.Join(s.Styles, ", ")))
		}
	}
	signature := ic.Signature()
	if len(ic.Motions) > 0 {
		b.WriteString("\n### Motions\n\n")
		for _, m := range ic.Motions {
			b.WriteString("- " + Code(m.Name))
			if m.Name == signature {
				b.WriteString(" (signature)")
			}
			b.WriteString(": " + inline(m.Description))
			if fit := motionFit(m); fit != "" {
				b.WriteString(" " + fit)
			}
			if m.Filled != "" {
				b.WriteString(" Filled: " + inline(m.Filled))
			}
			b.WriteString("\n")
		}
	}
	if len(ic.States) > 0 {
		b.WriteString("\n### States\n\nEach state is a Lottie marker of that name in the files of its styles.\n\n" +
			"| State | Frames | Loops | Motion | Styles | What it does |\n| --- | --- | --- | --- | --- | --- |\n")
		for _, s := range ic.States {
			loops := "no"
			if s.Loop {
				loops = "yes"
			}
			what := inline(s.Description)
			switch {
			case s.MorphsBack():
				what = strings.TrimSpace(what + " Starts as icon " + cell(Code(s.TargetIcon)) + ".")
			case s.TargetIcon != "":
				what = strings.TrimSpace(what + " Ends as icon " + cell(Code(s.TargetIcon)) + ".")
			}
			motion := codes(s.Motion)
			if s.FilledMotion != "" {
				motion += " (filled: " + codes(s.FilledMotion) + ")"
			}
			fmt.Fprintf(&b, "| %s | %d–%d | %s | %s | %s | %s |\n", cell(Code(s.Name)), s.StartFrame, s.EndFrame, loops,
				cell(motion), inline(strings.Join(s.Styles, ", ")), what)
		}
	}
	if in := installs(ic.Install, labels); len(in) > 0 {
		b.WriteString("\n### Install\n\n")
		for _, c := range in {
			fmt.Fprintf(&b, "- %s: %s\n", c.label, Code(c.text))
		}
	}
	if code := snippets(ic.Code, labels); len(code) > 0 {
		b.WriteString("\n### Code\n")
		for _, c := range code {
			fmt.Fprintf(&b, "\n#### %s\n\n%s", c.label, fence(c.lang, c.text))
		}
	}
	return b.String()
}

// motionFit says how a motion fits the icon: the parts it moves, its pivot and its direction.
func motionFit(m catalog.Motion) string {
	var fit []string
	if len(m.Parts) > 0 {
		parts := make([]string, len(m.Parts))
		for i, p := range m.Parts {
			parts[i] = fmt.Sprint(p)
		}
		noun := "parts"
		if len(parts) == 1 {
			noun = "part"
		}
		fit = append(fit, noun+" "+strings.Join(parts, ", "))
	}
	if len(m.Pivot) == 2 {
		fit = append(fit, fmt.Sprintf("pivot (%g, %g)", m.Pivot[0], m.Pivot[1]))
	}
	if m.Direction != "" {
		fit = append(fit, "direction "+inline(m.Direction))
	}
	if len(fit) == 0 {
		return ""
	}
	out := strings.Join(fit, "; ") + "."
	return strings.ToUpper(out[:1]) + out[1:]
}

// codes is s as a code span, or "" for an empty s.
func codes(s string) string {
	if s == "" {
		return ""
	}
	return Code(s)
}

// Categories renders categories as a table of id, name and number of icons, then the sentence next.
func Categories(cats []catalog.Category, next string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**%s**\n\n| Id | Name | Icons |\n| --- | --- | --- |\n", count(len(cats), "category"))
	for _, c := range cats {
		fmt.Fprintf(&b, "| %s | %s | %d |\n", cell(Code(c.ID)), inline(c.Name), c.Count)
	}
	paragraph(&b, next)
	return b.String()
}

// SectionHits renders a guide search's sections, best first, each under a heading linked to the section
// (s.Full of them quoted in full, the rest linked), or says that nothing matched.
func SectionHits(s Search, hits []library.SectionHit) string {
	var b strings.Builder
	if len(hits) == 0 {
		fmt.Fprintf(&b, "No guide section answers %s. Try other words.", quote(s.Query))
		if s.Instead != "" {
			b.WriteString(" " + s.Instead)
		}
		b.WriteString("\n")
		return b.String()
	}
	fmt.Fprintf(&b, "**%s for %s**, best first:\n", count(len(hits), "guide section"), quote(s.Query))
	for i, h := range hits {
		title := inline(h.Guide) + " › " + inline(strings.ReplaceAll(h.Heading, "`", ""))
		if s.Full > 0 && i >= s.Full {
			if i == s.Full {
				b.WriteString("\nMore sections:\n\n")
			}
			fmt.Fprintf(&b, "- [%s](%s) (guide %s)\n", title, h.URL, Code(h.Slug))
			continue
		}
		fmt.Fprintf(&b, "\n### %d. [%s](%s) (guide %s)\n\n%s\n", i+1, title, h.URL, Code(h.Slug), sectionBody(h.Text))
	}
	paragraph(&b, s.Next)
	return b.String()
}

// Guides renders guides as a list: each one's title linked to its page, its description and the URL of its
// Markdown.
func Guides(guides []library.Guide) string {
	var b strings.Builder
	for _, g := range guides {
		fmt.Fprintf(&b, "- [%s](%s)", inline(g.Title), g.URL)
		if g.Description != "" {
			b.WriteString(": " + inline(g.Description))
		}
		fmt.Fprintf(&b, " (Markdown: %s)\n", g.MarkdownURL)
	}
	return b.String()
}

// Code is s as an inline code span on one line, fenced by more backticks than any run of them inside s.
func Code(s string) string {
	if !strings.ContainsAny(s, "`\r\n") { // as an icon id: nothing to change
		return "`" + s + "`"
	}
	s = oneLine(s)
	f := strings.Repeat("`", longestRun(s, '`')+1)
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		s = " " + s + " "
	}
	return f + s + f
}

// oneLine turns line breaks into spaces.
var oneLine = strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ").Replace

// paragraph writes sentence as a paragraph of its own, if there is one.
func paragraph(b *strings.Builder, sentence string) {
	if sentence != "" {
		b.WriteString("\n" + sentence + "\n")
	}
}

// cell makes Markdown safe inside a table cell, where a pipe ends the cell even in a code span.
func cell(md string) string { return strings.ReplaceAll(md, "|", `\|`) }

// sectionBody is a section's Markdown without its own heading line, which the rendering replaces.
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

// labelled is an install command or a code snippet, with what it is for.
type labelled struct{ label, lang, text string }

func installs(in catalog.Install, labels catalog.Labels) []labelled {
	var out []labelled
	for _, l := range labels.Install {
		out = append(out, labelled{l.Label, "", in.For(l.Key)})
	}
	return nonEmpty(out)
}

func snippets(c catalog.Code, labels catalog.Labels) []labelled {
	var out []labelled
	for _, l := range labels.Code {
		out = append(out, labelled{l.Label, l.Lang, c.For(l.Key)})
	}
	return nonEmpty(out)
}

func nonEmpty(ls []labelled) []labelled {
	out := ls[:0]
	for _, l := range ls {
		if strings.TrimSpace(l.text) != "" {
			out = append(out, l)
		}
	}
	return out
}

// count is "1 icon", "2 icons", "3 categories".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	if strings.HasSuffix(noun, "y") {
		return fmt.Sprintf("%d %sies", n, strings.TrimSuffix(noun, "y"))
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// escape makes text literal in Markdown, so a query or a description cannot add links, emphasis or HTML.
var escape = strings.NewReplacer(`\`, `\\`, "`", "\\`", "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`,
	"<", `\<`, ">", `\>`, "#", `\#`, "|", `\|`).Replace

// inline is text on one line and literal: its runs of white space, line breaks included, become one space.
func inline(s string) string {
	if isInline(s) {
		return s
	}
	return escape(strings.Join(strings.Fields(s), " "))
}

// isInline reports whether s is inline already: nothing to escape, no white space but single spaces
// between words. Most names and descriptions are.
func isInline(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == ' ' && (i == 0 || i == len(s)-1 || s[i+1] == ' '):
			return false
		case c < ' ' || c >= utf8.RuneSelf || strings.IndexByte(`\`+"`"+`*_[]<>#|`, c) >= 0:
			return false
		}
	}
	return true
}

// quote is a query in quotation marks, on one line and literal.
func quote(q string) string { return "“" + inline(q) + "”" }

// fence is a fenced code block holding s, fenced by more backticks than any run of them inside s.
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
