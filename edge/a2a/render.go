package a2a

import (
	"fmt"
	"strings"

	"github.com/iconlib/iconlib/edge/markdown"
	"github.com/iconlib/iconlib/internal/contract"
)

// This file gives each reply its text part, readable without its data part. Package markdown renders the
// results; this adds what only the agent says: the skills to ask next, links at the agent's base URL, and
// the answers for an unknown icon and an unavailable search.

// fullSections is how many of the guide sections found are quoted in full; the rest are listed as links.
const fullSections = 3

func (r *iconsResult) markdown(base string) string {
	if r.Error != nil {
		return fmt.Sprintf("Icon search is unavailable right now, so icons cannot be found by meaning. Retry in a "+
			"moment. Meanwhile, look an icon up by its exact id (skill `%s`), or browse the whole catalog at "+
			"%s%s.\n", skillIconDetails, base, contract.SiteLinks.Catalog)
	}
	return markdown.IconHits(markdown.Search{Query: r.Query, Category: r.Category,
		Next: fmt.Sprintf("For an icon's files, sha256, install commands and code, ask `%s` with its id.",
			skillIconDetails)}, r.Items)
}

func (r *detailsResult) markdown(string) string {
	if r.Found {
		return markdown.Icon(*r.Icon, r.labels)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "No icon has the id %s.", markdown.Code(r.ID))
	if len(r.Suggestions) == 0 {
		fmt.Fprintf(&b, " Describe what the icon should mean and ask `%s` instead.\n", skillFindIcons)
		return b.String()
	}
	fmt.Fprintf(&b, " The closest icons:\n\n%s\nAsk `%s` with one of these ids, or describe the meaning to `%s`.\n",
		markdown.IconList(r.Suggestions), skillIconDetails, skillFindIcons)
	return b.String()
}

func (r *guidesResult) markdown(base string) string {
	if r.Error != nil {
		return "Guide search is unavailable right now; retry in a moment. Meanwhile, these are the guides:\n\n" +
			markdown.Guides(r.Guides)
	}
	return markdown.SectionHits(markdown.Search{Query: r.Query, Full: fullSections,
		Instead: fmt.Sprintf("Or browse the guides at %s%s.", base, contract.DocsPage)}, r.Items)
}
