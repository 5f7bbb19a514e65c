package build

import (
	"strings"

	"github.com/iconlib/iconlib/build/content"
	"github.com/iconlib/iconlib/build/motion"
	"github.com/iconlib/iconlib/internal/catalog"
)

// record assembles an icon's record from its source, its hand edit and its animation file's facts.
func (b *builder) record(src content.Icon, anim motion.Animation, sha string, size int) (catalog.Icon, error) {
	edit := b.edits[src.ID]
	ic := catalog.Icon{
		ID:           src.ID,
		Name:         displayName(src.ID),
		Category:     catalog.Slug(src.Category),
		CategoryName: src.Category,
		Tags:         mergeTags(src.Tags, edit.Tags),
		Styles:       styles(src),
		States:       withStyles(anim.States, "outline"),
		Motions:      anim.Motions,
		FileURL:      b.base + "/" + catalog.AnimationFile(src.ID),
		FileFormat:   "lottie",
		SHA256:       sha,
		SizeBytes:    size,
		SVGURL:       b.base + "/" + catalog.SVGFile(src.ID),
		PageURL:      b.base + catalog.IconPage(src.ID),
	}
	ic.Files = []catalog.StyleFile{{Style: "outline", FileURL: ic.FileURL, SHA256: sha, SizeBytes: size, SVGURL: ic.SVGURL}}
	if edit.Name != "" {
		ic.Name = edit.Name
	}
	ic.Description = edit.Description
	if ic.Description == "" {
		ic.Description = describe(ic)
	}
	ic.Install = install(ic)
	var err error
	ic.Code, err = code(ic)
	return ic, err
}

// styles lists the styles that have an animation file.
func styles(content.Icon) []string {
	return []string{"outline"}
}

// withStyles marks every state as held by the files of the given styles.
func withStyles(states []catalog.State, styles ...string) []catalog.State {
	out := make([]catalog.State, len(states))
	for i, s := range states {
		s.Styles = styles
		out[i] = s
	}
	return out
}

// displayName turns an id into words: "arrow-big-down" → "Arrow Big Down".
func displayName(id string) string {
	words := strings.Split(id, "-")
	for i, w := range words {
		words[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	return strings.Join(words, " ")
}

func mergeTags(tags, extra []string) []string {
	seen := map[string]bool{}
	out := make([]string, 0, len(tags)+len(extra))
	for _, t := range append(append([]string(nil), extra...), tags...) {
		t = strings.ToLower(strings.TrimSpace(t))
		if t != "" && !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	return out
}
