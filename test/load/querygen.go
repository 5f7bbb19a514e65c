package main

import (
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/iconlib/iconlib/internal/catalog"
)

// queryGen makes an endless, deterministic sequence of distinct, realistic search queries from the built
// catalog and the repository's labelled queries. It first yields the labelled queries (in file order),
// then queries of weighted kinds (names, ids, typos, meanings, tags, long descriptions), each from a
// random icon. A query whose key (queryKey) was already made is drawn again, so no two queries it yields
// could share an answer. As a kind runs out (there are only so many names) the others fill in: the full
// library gives over 400,000 queries this way. Once every kind stops finding new queries (small catalogs),
// it joins a query made earlier with a word of another, which gives new queries for as long as anyone
// could send them. The same seed gives the same sequence.
//
// A queryGen is not safe for concurrent use.
type queryGen struct {
	rng      *rand.Rand
	icons    []iconWords
	labelled []string
	kinds    []queryKind
	seen     map[string]bool
	made     []string // every query yielded, for combining
	combined int      // how many of them were combined from two
}

// iconWords is an icon as queries are made from it.
type iconWords struct {
	id   string
	name []string
	desc []string
	tags [][]string
}

// queryKind is a way people search, with how often it comes up (weight) and how to make one.
type queryKind struct {
	weight int
	make   func(g *queryGen, ic *iconWords) []string
}

// mixKinds are the kinds of the general mix. Typos and meanings are weighted up because they are what
// costs the search the most, and what users of a smart search send.
var mixKinds = []queryKind{
	{25, func(_ *queryGen, ic *iconWords) []string { return ic.name }},        // name: "arrow left"
	{8, func(_ *queryGen, ic *iconWords) []string { return []string{ic.id} }}, // id: "arrow-left"
	{22, makeTypo},    // "arow left"
	{25, makeMeaning}, // "an icon that shows go back to the previous screen"
	{12, makeTags},    // "airplane flight"
	{8, makeLong},     // 12–20 words of a description and tags
}

// twentyWordKinds make only queries of 18 to 20 words.
var twentyWordKinds = []queryKind{{1, makeTwentyWords}}

// newQueryGen returns a generator over icons that yields labelled first, then queries of kinds.
func newQueryGen(icons []catalog.Entry, labelled []string, kinds []queryKind, seed uint64) *queryGen {
	g := &queryGen{
		rng:      rand.New(rand.NewPCG(seed, 0x69636f6e6c6962)), // "iconlib"
		labelled: slices.Clone(labelled),
		kinds:    kinds,
		seen:     map[string]bool{},
	}
	for _, ic := range icons {
		w := iconWords{id: ic.ID, name: words(ic.Name), desc: words(ic.Description)}
		for _, t := range ic.Tags {
			if tw := words(t); len(tw) > 0 {
				w.tags = append(w.tags, tw)
			}
		}
		if len(w.name) > 0 {
			g.icons = append(g.icons, w)
		}
	}
	return g
}

// Next returns a query never returned before, or false when none can be found (a catalog too small to
// give more; the full library never runs dry).
func (g *queryGen) Next() (string, bool) {
	for len(g.labelled) > 0 {
		q := strings.TrimSpace(g.labelled[0])
		g.labelled = g.labelled[1:]
		if g.add(q) {
			return q, true
		}
	}
	return g.NextOf(g.kinds)
}

// NextOf returns a query of one of kinds never returned before (by Next or NextOf), or false when none
// can be found.
func (g *queryGen) NextOf(kinds []queryKind) (string, bool) {
	if len(g.icons) == 0 || len(kinds) == 0 {
		return "", false
	}
	for range 200 {
		ic := &g.icons[g.rng.IntN(len(g.icons))]
		if q := clip(g.kind(kinds).make(g, ic)); g.add(q) {
			return q, true
		}
	}
	for range 10_000 {
		if len(g.made) == 0 {
			break
		}
		if q := g.combine(); g.add(q) {
			g.combined++
			return q, true
		}
	}
	return "", false
}

// Take returns the next n queries (fewer if the generator runs dry).
func (g *queryGen) Take(n int) []string {
	out := make([]string, 0, n)
	for len(out) < n {
		q, ok := g.Next()
		if !ok {
			break
		}
		out = append(out, q)
	}
	return out
}

// add records q and reports whether it is new and fits the API's bounds.
func (g *queryGen) add(q string) bool {
	if !fits(q) {
		return false
	}
	k := queryKey(q)
	if k == "" || g.seen[k] {
		return false
	}
	g.seen[k] = true
	g.made = append(g.made, q)
	return true
}

// kind draws one of kinds by weight.
func (g *queryGen) kind(kinds []queryKind) queryKind {
	var total int
	for _, k := range kinds {
		total += k.weight
	}
	n := g.rng.IntN(total)
	for _, k := range kinds {
		if n < k.weight {
			return k
		}
		n -= k.weight
	}
	return kinds[len(kinds)-1]
}

// combine joins a query made earlier with one word of another: "bell ring" and "shopping cart" make
// "bell ring cart". Both words are real and near the mix's own, so the new query is as realistic as
// search boxes see ("bell cart" is what people type when they want both).
func (g *queryGen) combine() string {
	a := strings.Fields(g.made[g.rng.IntN(len(g.made))])
	b := strings.Fields(g.made[g.rng.IntN(len(g.made))])
	if len(a) >= maxWords {
		a = a[:maxWords-1]
	}
	return clip(append(slices.Clone(a), b[g.rng.IntN(len(b))]))
}

// makeTypo misspells the icon's name, or one of its tags when the name has no word long enough.
func makeTypo(g *queryGen, ic *iconWords) []string {
	if t := typo(g.rng, ic.name); !slices.Equal(t, ic.name) {
		return t
	}
	if len(ic.tags) == 0 {
		return nil
	}
	return typo(g.rng, ic.tags[g.rng.IntN(len(ic.tags))])
}

// meaningLeads are how people start a search by meaning; most searches start with the meaning itself.
var meaningLeads = [][]string{
	nil, nil, nil, nil,
	{"icon", "for"}, {"an", "icon", "that", "shows"}, {"something", "that", "means"},
	{"symbol", "for"}, {"a", "sign", "that", "says"}, {"button", "to"},
}

// makeMeaning takes 3 to 8 consecutive words of the description, sometimes after a lead such as "icon for".
func makeMeaning(g *queryGen, ic *iconWords) []string {
	lead := meaningLeads[g.rng.IntN(len(meaningLeads))]
	return append(slices.Clone(lead), window(g.rng, ic.desc, 3+g.rng.IntN(6))...)
}

// makeTags joins one to three of the icon's tags.
func makeTags(g *queryGen, ic *iconWords) []string {
	if len(ic.tags) == 0 {
		return ic.name
	}
	var out []string
	for _, i := range g.rng.Perm(len(ic.tags))[:min(len(ic.tags), 1+g.rng.IntN(3))] {
		out = append(out, ic.tags[i]...)
	}
	return out
}

// makeLong describes the icon in 12 to 20 words.
func makeLong(g *queryGen, ic *iconWords) []string {
	return g.describe(ic, 12+g.rng.IntN(9))
}

// makeTwentyWords describes the icon in 18 to 20 words.
func makeTwentyWords(g *queryGen, ic *iconWords) []string {
	return g.describe(ic, 18+g.rng.IntN(3))
}

// longLeads are how people start a long search, written as a sentence.
var longLeads = [][]string{
	nil,
	{"i", "need", "an", "icon", "for"},
	{"looking", "for", "a", "symbol", "that", "shows"},
	{"an", "icon", "for", "my", "app", "that", "means"},
	{"which", "icon", "should", "i", "use", "for"},
	{"simple", "line", "icon", "of"},
}

// describe gives n words as a person describing the icon at length would: a lead, some consecutive
// words of its description, some of its tags, and then the same of random other icons until n words.
// Each part is chosen at random, so one icon gives hundreds of different long queries.
func (g *queryGen) describe(ic *iconWords, n int) []string {
	out := slices.Clone(longLeads[g.rng.IntN(len(longLeads))])
	for range 50 { // a bound for catalogs of icons without words
		if len(out) >= n {
			break
		}
		out = append(out, window(g.rng, ic.desc, 3+g.rng.IntN(8))...)
		for _, i := range g.rng.Perm(len(ic.tags))[:g.rng.IntN(len(ic.tags)+1)] {
			out = append(out, ic.tags[i]...)
		}
		ic = &g.icons[g.rng.IntN(len(g.icons))]
	}
	return out[:min(n, len(out))]
}

// window returns up to n consecutive words of ws from a random start.
func window(rng *rand.Rand, ws []string, n int) []string {
	if len(ws) <= n {
		return ws
	}
	start := rng.IntN(len(ws) - n + 1)
	return ws[start : start+n]
}
