package library

import (
	"strconv"
	"unsafe"

	"github.com/iconlib/iconlib/edge/internal/answers"
	"github.com/iconlib/iconlib/internal/catalog"
	"github.com/iconlib/iconlib/internal/search"
)

// Ranker ranks the documents of one search index (icons, or guide sections) for a query.
type Ranker interface {
	// Fused ranks by word matching, typo tolerance and meaning together.
	Fused(query, group string, limit int) ([]Hit, error)
	// Semantic ranks by meaning (embedding similarity) alone.
	Semantic(query, group string, limit int) ([]Hit, error)
}

// Hit is one ranked document: an icon id, or a section id "slug#anchor".
type Hit struct {
	ID    string
	Score float64
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

// SearchOptions narrow an icon search.
type SearchOptions struct {
	Category string // a category id, or "" for all
	Limit    int
	Semantic bool // rank by meaning alone
}

// UseRankers sets the icon and guide indexes; nil leaves that search unavailable.
func (l *Library) UseRankers(icons, guides Ranker) {
	l.icon, l.guide = icons, guides
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

// SearchIcons ranks icons for q; without an icon index it returns ErrSearchUnavailable. The hits may be
// shared with other callers: read them, do not change them.
func (l *Library) SearchIcons(q string, o SearchOptions) ([]IconHit, error) {
	if l.icon == nil {
		return nil, ErrSearchUnavailable
	}
	rank, kind := l.icon.Fused, "icons"
	if o.Semantic {
		rank, kind = l.icon.Semantic, "semantic"
	}
	return answers.Get(l.rankings, RankingKey(kind, q, o.Category, o.Limit), func() ([]IconHit, int, error) {
		hits, err := rank(q, o.Category, o.Limit)
		if err != nil {
			return nil, 0, err
		}
		out := make([]IconHit, 0, len(hits))
		for _, h := range hits {
			i, ok := l.byID[h.ID]
			if !ok {
				continue
			}
			hit := l.summaries[i]
			hit.Score = h.Score
			out = append(out, hit)
		}
		return out[:len(out):len(out)], len(out) * int(unsafe.Sizeof(IconHit{})), nil // the strings are the summaries'
	})
}

// SearchGuides returns the guide sections that best answer q; without a guide index it returns
// ErrSearchUnavailable. The hits may be shared with other callers: read them, do not change them.
func (l *Library) SearchGuides(q string, limit int) ([]SectionHit, error) {
	if l.guide == nil {
		return nil, ErrSearchUnavailable
	}
	return answers.Get(l.rankings, RankingKey("guides", q, "", limit), func() ([]SectionHit, int, error) {
		hits, err := l.guide.Fused(q, "", limit)
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
