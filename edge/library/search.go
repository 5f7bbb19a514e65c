package library

import (
	"errors"
	"strconv"
	"strings"
	"unsafe"

	"github.com/iconlib/iconlib/edge/internal/answers"
	"github.com/iconlib/iconlib/internal/catalog"
	"github.com/iconlib/iconlib/internal/search"
)

// Ranker ranks the documents of one search index (icons, or guide sections) for a query: the search
// core's index, or a stand-in in tests. A hit's id is an icon id, or a section id "slug#anchor"; the group
// of an icon is its category.
type Ranker interface {
	// Search ranks by word matching, typo tolerance and meaning together.
	Search(query string, o search.Options) ([]search.Hit, error)
	// Semantic ranks by meaning (embedding similarity) alone.
	Semantic(query string, o search.Options) ([]search.Hit, error)
}

var _ Ranker = (*search.Index)(nil)

// ranked is a ranking, with a query that has no word to search for ("?!") finding nothing.
func ranked(hits []search.Hit, err error) ([]search.Hit, error) {
	if errors.Is(err, search.ErrEmptyQuery) {
		return nil, nil
	}
	return hits, err
}

// IconHit is an icon found by a search, with what a result list shows of it.
type IconHit struct {
	ID          string  `json:"id"`
	Name        string  `json:"name"`
	Description string  `json:"description"`
	Category    string  `json:"category"`
	Score       float64 `json:"score"`
	PageURL     string  `json:"page_url"`
	FileURL     string  `json:"file_url"`
	SVGURL      string  `json:"svg_url"`
	// Styles are the styles that have an animation file, so a result list can show the filled one.
	Styles []string `json:"styles"`
}

// SectionHit is a guide section found by a search.
type SectionHit struct {
	catalog.Section
	Score float64 `json:"score"`
}

// UseRankers sets the icon and guide indexes; nil leaves that search unavailable.
func (l *Library) UseRankers(icons, guides Ranker) {
	l.icon, l.guide = icons, guides
	l.placeIcons()
}

// positional is a Ranker that names its documents by position, as the search core's index does: a hit's
// Doc is its document's position.
type positional interface {
	Len() int
	ID(doc int) string
}

// placeIcons finds, once, the catalog position of each document of a positional icon index (l.iconAt), so
// a hit's icon is a look-up in a table, not a hash of its id.
func (l *Library) placeIcons() {
	l.iconAt = nil
	ix, ok := l.icon.(positional)
	if !ok {
		return
	}
	l.iconAt = make([]int32, ix.Len())
	for d := range l.iconAt {
		l.iconAt[d] = -1
		if i, ok := l.byID[ix.ID(d)]; ok {
			l.iconAt[d] = int32(i)
		}
	}
}

// iconOf returns the catalog position of the icon h names, and whether the catalog has it.
func (l *Library) iconOf(h search.Hit) (int, bool) {
	if h.Doc >= 0 && h.Doc < len(l.iconAt) {
		i := l.iconAt[h.Doc]
		return int(i), i >= 0
	}
	i, ok := l.byID[h.ID]
	return i, ok
}

// CacheRankings keeps the rankings of searches in c, shared by every surface that searches this library;
// set it before the library serves. Without it, every search ranks afresh.
func (l *Library) CacheRankings(c *answers.Cache) {
	l.rankings = c
}

// RankingKey names a search's ranking: searches with one key rank alike, whatever the surface. kind tells
// the rankings apart ("icons", "semantic", "guides").
func RankingKey(kind, q, category string, limit int) string {
	return kind + "\x00" + category + "\x00" + strconv.Itoa(limit) + "\x00" + search.QueryKey(q)
}

// rankedIcon is a hit as the rankings cache keeps it: the icon's position in the catalog and its score. A
// ranking of 20 takes 320 bytes, not the 3.5 KB of its IconHits, so the popular queries' rankings all fit.
type rankedIcon struct {
	icon  int32
	score float64
}

// rankIcons ranks icons for s (from Check), from the rankings cache or afresh; without an icon index it
// returns ErrSearchUnavailable. The ranking is shared with other callers: read it, do not change it.
func (l *Library) rankIcons(s Search) ([]rankedIcon, error) {
	if l.icon == nil {
		return nil, ErrSearchUnavailable
	}
	rank, kind := l.icon.Search, "icons"
	if s.Semantic {
		rank, kind = l.icon.Semantic, "semantic"
	}
	return answers.Get(l.rankings, RankingKey(kind, s.Text, s.Category, s.Limit), func() ([]rankedIcon, int, error) {
		hits, err := ranked(rank(s.Text, search.Options{Group: s.Category, Limit: s.Limit}))
		if err != nil {
			return nil, 0, err
		}
		out := make([]rankedIcon, 0, len(hits))
		for _, h := range hits {
			if i, ok := l.iconOf(h); ok {
				out = append(out, rankedIcon{int32(i), h.Score})
			}
		}
		return out[:len(out):len(out)], len(out) * int(unsafe.Sizeof(rankedIcon{})), nil
	})
}

// SearchIcons ranks icons for s (from Check); without an icon index it returns ErrSearchUnavailable.
func (l *Library) SearchIcons(s Search) ([]IconHit, error) {
	ranking, err := l.rankIcons(s)
	if err != nil {
		return nil, err
	}
	out := make([]IconHit, len(ranking))
	for k, r := range ranking {
		out[k] = l.summaries[r.icon]
		out[k].Score = r.score
	}
	return out, nil
}

// SearchGuides returns the guide sections that best answer s's question (from Check with Guides); without
// a guide index it returns ErrSearchUnavailable. The hits may be shared with other callers: read them, do
// not change them.
func (l *Library) SearchGuides(s Search) ([]SectionHit, error) {
	if l.guide == nil {
		return nil, ErrSearchUnavailable
	}
	return answers.Get(l.rankings, RankingKey("guides", s.Text, "", s.Limit), func() ([]SectionHit, int, error) {
		hits, err := ranked(l.guide.Search(s.Text, search.Options{Limit: s.Limit}))
		if err != nil {
			return nil, 0, err
		}
		out := make([]SectionHit, 0, len(hits))
		for _, h := range hits {
			if s, ok := l.sectionByID[h.ID]; ok {
				out = append(out, SectionHit{Section: s, Score: h.Score})
			}
		}
		return out[:len(out):len(out)], len(out) * int(unsafe.Sizeof(SectionHit{})), nil
	})
}

// Rendered returns the text render made under key before, within this snapshot, or makes and keeps it:
// a surface keeps what it renders of an answer (an MCP tool's Markdown, an A2A reply) under a key that
// starts with its name and holds every input the render reads.
func (l *Library) Rendered(key string, render func() string) string {
	text, _ := Remember(l, key, func() (string, int, error) {
		t := strings.Clone(render()) // without the spare room a builder grows
		return t, len(t), nil
	})
	return text
}

// Remember is Rendered for any answer a surface makes: make returns it and the bytes it holds; an error
// is returned and nothing kept. Callers must not change what they get: others share it.
func Remember[V any](l *Library, key string, make func() (V, int, error)) (V, error) {
	return answers.Get(l.rankings, "rendered\x00"+key, make)
}
