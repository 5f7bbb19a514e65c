package build

import (
	"log/slog"
	"regexp"
	"strings"
	"testing"

	"github.com/iconlib/iconlib/internal/catalog"
	"github.com/iconlib/iconlib/internal/wordvec"
)

// ungrammatical are the error patterns generated descriptions once had: "a" before a vowel sound or a
// plural that ends its phrase ("a arrows icon", "forbid a adjustments."; "a layers panel" is fine), "an"
// before a consonant sound, and a plural with "is".
var ungrammatical = []*regexp.Regexp{
	regexp.MustCompile(`\b[Aa] [aeio]`),
	regexp.MustCompile(`\b[Aa] (?:[a-z-]+ )?(?:arrows|letters|numbers|devices|shapes|vehicles|currencies|buildings|games|computers|charts|symbols|badges|animals|extensions|gestures|adjustments|settings|users|layers|tags|stairs|bookmarks|friends|teams)(?: icon\b|[.,;]| or | and |$)`),
	regexp.MustCompile(`\b[Aa]n [bcdgjkpqtvwyz]`),
	regexp.MustCompile(`\b[a-z]+(?:ments|ings|ers|ows) is\b`),
	regexp.MustCompile(`\b[Aa]n? [a-z-]+s icon\b`),
}

// TestDescriptionsAreGrammatical checks every description of the real library, generated or written,
// for the known error patterns.
func TestDescriptionsAreGrammatical(t *testing.T) {
	bad := 0
	for _, ld := range libraryDescriptions(t) {
		for _, re := range ungrammatical {
			if m := re.FindString(ld.text); m != "" {
				if bad++; bad <= 40 {
					t.Errorf("%s: %q has %q", ld.id, ld.text, m)
				}
			}
		}
	}
	if bad > 40 {
		t.Errorf("… %d errors in all", bad)
	}
}

// TestGeneratedDescriptionsSayNoWordTwice checks every generated description of the real library but the
// brands' (whose pattern names the brand twice by design): a modifier's pattern around a name that already
// holds its word reads badly ("Open the settings of settings.", "Move an arrow move down"), and such an
// icon needs a written description in edits.yaml.
func TestGeneratedDescriptionsSayNoWordTwice(t *testing.T) {
	for _, ld := range libraryDescriptions(t) {
		if !ld.generated || strings.HasPrefix(ld.id, "brand-") || strings.HasPrefix(ld.text, displayName(ld.id)+":") {
			continue // "Name: a … icon for tag, tag and tag.": the tags may repeat the name's words
		}
		seen := map[string]bool{}
		for _, w := range wordvec.Tokenize(ld.text) {
			if len(w) >= 4 && seen[w] {
				t.Errorf("%s: %q says %q twice", ld.id, ld.text, w)
				break
			}
			seen[w] = true
		}
	}
}

// libraryDescription is one icon's description in the real library: written in edits.yaml, or generated.
type libraryDescription struct {
	id, text  string
	generated bool
}

// libraryDescriptions reads the real library's content and returns every icon's description, as a build
// gives it.
func libraryDescriptions(t *testing.T) []libraryDescription {
	t.Helper()
	src, err := readSources("../content", slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	if len(src.icons) < 5000 {
		t.Fatalf("only %d icons in the library", len(src.icons))
	}
	out := make([]libraryDescription, len(src.icons))
	for i, ic := range src.icons {
		out[i] = libraryDescription{id: ic.ID, text: iconWords(src, ic).Description,
			generated: src.edits[ic.ID].Description == ""}
	}
	return out
}

func TestPhraseAgrees(t *testing.T) {
	for _, tc := range []struct{ pattern, noun, want string }{
		{modifiers["cancel"], "adjustments", "Cancel, block or forbid adjustments."},
		{modifiers["cancel"], "alarm", "Cancel, block or forbid an alarm."},
		{modifiers["plus"], "user", "Add or create a new user."},
		{modifiers["minus"], "settings", "Remove settings, or take some away."},
		{modifiers["check"], "eye", "Shows that an eye is done, confirmed or selected."},
		{modifiers["off"], "arrows", "Shows that the arrows are turned off, disabled or unavailable."},
		{modifiers["bolt"], "hourglass", "An hourglass with a lightning bolt: fast, powered or urgent."},
		{modifiers["dollar"], "adjustments", "Adjustments with a dollar sign, for their price, cost or payment."},
		{modifiers["pause"], "map", "Pause a map, or show that it is paused."},
		{modifiers["check"], "music", "Shows that music is done, confirmed or selected."},
		{modifiers["minus"], "cash", "Remove cash, or take some away."},
		{modifiers["bolt"], "mail", "Mail with a lightning bolt: fast, powered or urgent."},
		{modifiers["filled"], "circles", "Solid, filled circles."},
		{modifiers["search"], "file", "Search for a file or look inside it."},
	} {
		if got := phrase(tc.pattern, tc.noun); got != tc.want {
			t.Errorf("phrase(%q, %q) = %q, want %q", tc.pattern, tc.noun, got, tc.want)
		}
	}
	for name, want := range map[string]string{"Arrows": "arrow", "Currencies": "currency", "E-commerce": "e-commerce",
		"Version control": "version control", "Gender": "gender", "Weather": "weather"} {
		if got := categoryNoun(name); got != want {
			t.Errorf("categoryNoun(%q) = %q, want %q", name, got, want)
		}
	}
	if got := withArticle(categoryNoun("Arrows") + " icon"); !strings.HasPrefix(got, "an arrow") {
		t.Errorf("withArticle: %q", got)
	}
}

// TestModifierWordsModifyOnlyAnIconOfTheLibrary checks when an id's last word is read as a modifier of
// the icon its other words name, and the sentence an icon gets otherwise.
func TestModifierWordsModifyOnlyAnIconOfTheLibrary(t *testing.T) {
	library := map[string]bool{"folder": true, "letter-a": true, "arrows-down": true, "stairs": true}
	isIcon := func(id string) bool { return library[id] }
	for _, tc := range []struct {
		id, category string
		tags         []string
		want         string
	}{
		{"folder-plus", "Document", nil, "Add or create a new folder."},
		{"stairs-up", "Map", nil, "Move stairs up, or upload them."},
		{"cursor-off", "System", nil, "Shows that the cursor is turned off, disabled or unavailable."},
		{"letter-x", "Letters", []string{"letter", "alphabet", "x"}, "Letter X: a letter icon for alphabet."},
		{"jewish-star", "Shapes", []string{"star-of-david", "star"}, "Jewish Star: a shape icon for star-of-david."},
		{"rating-18-plus", "Symbols", []string{"age-rating"}, "Rating 18 Plus: a symbol icon for age-rating."},
		{"arrows-down-up", "Arrows", []string{"swap", "sort"}, "Arrows Down Up: an arrow icon for swap and sort."},
		{"arrow-narrow-down", "Arrows", nil, "Arrow Narrow Down: an arrow icon."},
	} {
		ic := catalog.Icon{ID: tc.id, Name: displayName(tc.id), Category: catalog.Slug(tc.category),
			CategoryName: tc.category, Tags: tc.tags}
		if got := describe(ic, isIcon); got != tc.want {
			t.Errorf("describe(%s) = %q, want %q", tc.id, got, tc.want)
		}
	}
}

// TestSearchTextLeavesOutModifierPatterns checks the text an icon's search document gets: its name
// where its description is its id's modifier pattern, but for "off"; a written or category description
// as it is.
func TestSearchTextLeavesOutModifierPatterns(t *testing.T) {
	isIcon := func(id string) bool { return id != "letter" } // every base but "letter" is an icon
	for _, tc := range []struct {
		id, category, written, want string
	}{
		{"photo-cog", "Media", "", "Photo Cog"},
		{"folder-plus", "Document", "", "Folder Plus"},
		{"camera-off", "Media", "", "Shows that the camera is turned off, disabled or unavailable."},
		{"settings-cog", "System", "Open advanced settings.", "Open advanced settings."},
		{"letter-x", "Letters", "", "Letter X: a letter icon."},
	} {
		ic := catalog.Icon{ID: tc.id, Name: displayName(tc.id), Category: catalog.Slug(tc.category), CategoryName: tc.category}
		ic.Description = tc.written
		if ic.Description == "" {
			ic.Description = describe(ic, isIcon)
		}
		if got := searchText(ic); got != tc.want {
			t.Errorf("searchText(%s) = %q, want %q", tc.id, got, tc.want)
		}
	}
}
