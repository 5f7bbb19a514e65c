package build

import "fmt"

// Summary is the report as iconlib build prints it: what was built, and which snapshot outDir now names.
func (r Report) Summary(outDir string) string {
	return fmt.Sprintf("built %d icons, %d categories, %d guides: %d files (%d written, %d removed), %.1f MB in %s\n%s -> %s",
		r.Icons, r.Categories, r.Guides, r.Files, r.Written, r.Removed, float64(r.Bytes)/1e6, r.Duration.Round(1e6),
		outDir, r.Snapshot)
}
