package build

import (
	"strings"

	"github.com/iconlib/iconlib/build/content"
	"github.com/iconlib/iconlib/build/motion"
	"github.com/iconlib/iconlib/internal/catalog"
	"github.com/iconlib/iconlib/internal/contract"
)

// record assembles an icon's record from its source, its hand edit and its animation file's facts.
// The first of files is the outline's.
func (b *builder) record(src content.Icon, anim motion.Animation, files []catalog.StyleFile) (catalog.Icon, error) {
	edit := b.edits[src.ID]
	ic := catalog.Icon{
		ID:           src.ID,
		Name:         displayName(src.ID),
		Category:     catalog.Slug(src.Category),
		CategoryName: src.Category,
		Tags:         mergeTags(src.Tags, edit.Tags),
		States:       anim.States,
		Motions:      anim.Motions,
		FileURL:      b.base + "/" + contract.AnimationFile(src.ID),
		FileFormat:   "lottie",
		SVGURL:       b.base + "/" + contract.SVGFile(src.ID),
		PageURL:      b.base + contract.IconPage(src.ID),
		Files:        files,
	}
	for _, f := range files {
		ic.Styles = append(ic.Styles, f.Style)
	}
	if len(files) > 0 {
		ic.SHA256, ic.SizeBytes = files[0].SHA256, files[0].SizeBytes
	}
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
